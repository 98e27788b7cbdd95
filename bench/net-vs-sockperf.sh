#!/usr/bin/env bash
# Side-by-side benchmark on loopback, loadlab against the tool a lab would otherwise pick:
#   TCP rr, 1 user, 14-byte request and response  vs  sockperf ping-pong --tcp -m 14
#   UDP rr, 1 user, 14-byte datagrams              vs  sockperf ping-pong -m 14 (UDP)
#   UDP stream, datagrams of UDP_SIZE bytes         vs  iperf3 -u -b 0 -l UDP_SIZE (received MB/s, loss)
#   TCP stream send 128K and stream read 20 B/20M   vs  iperf3 and iperf3 -R
# Prints each figure, the load average at each round, and the ratio loadlab / peer.
#
# The peers are Debian packages (not needed by the tests, so CI does not install them):
#   apt-get install -y sockperf iperf3
#   bench/net-vs-sockperf.sh            # DURATION=10 ROUNDS=3 UDP_SIZE=1472 by default
#   ONLY=tcp-rr,udp-rr bench/net-vs-sockperf.sh   # a subset: tcp-rr udp-rr udp-stream tcp-stream
#   PIN=0 ONLY=tcp-rr,udp-rr bench/net-vs-sockperf.sh   # every client and server on CPU 0 (taskset)
#   PERF=1 PIN=0 ROUNDS=5 ONLY=tcp-rr,udp-rr bench/net-vs-sockperf.sh   # issue 37's measure
#   SHORT=1 bench/net-vs-sockperf.sh    # a few seconds, one round of rr (CI: the script cannot rot)
#
# PERF=1 (needs linux-perf) also measures CPU per transaction: `perf stat -e task-clock` attached
# to both processes of each tool (client and server) over the run's steady part (after the
# warm-up), divided by the transactions of that window as the kernel counted them; and the context
# switches per transaction. Those runs are extra: each round's rates come from runs without perf,
# which slows what it watches (by a different share for each tool).
# IO=nio makes loadlab use the socket channels instead of direct system calls (Java 22+: ffm).
#
# PIN=CPUS runs every process (both tools' servers and clients) under `taskset -c CPUS`. On a VM,
# an unpinned rr's rate depends mostly on where the scheduler puts the client and the server: on
# one CPU a wake-up is a context switch, across two it is an inter-processor interrupt to a vCPU
# that may be halted (on a 2-vCPU Firecracker guest, p50 30 us against p90 450 us in one run).
# Pinned to one CPU, both tools pay the same wake-ups and the rate compares the cost per
# transaction of the two programs themselves.
#
# Each round runs loadlab and then the peer for every benchmark, so both see the same machine
# load; the best round of each tool is compared (on a shared machine the best round is the least
# disturbed one). The load average printed per round says how busy the machine was.
set -euo pipefail

if [[ -n ${SHORT:-} ]]; then
  DURATION=${DURATION:-2}
  ROUNDS=${ROUNDS:-1}
  ONLY=${ONLY:-tcp-rr,udp-rr}
  WARMUP=${WARMUP:-0}
fi
DURATION=${DURATION:-10}
ROUNDS=${ROUNDS:-3}
# With PERF=1 the measured window starts later (5 s): a new client JVM still compiles its hot path
# with C2 for its first 3-4 s (-XX:+PrintCompilation, pinned on a 2-vCPU VM), and that CPU is not
# a transaction's cost.
if [[ -n ${PERF:-} ]]; then WARMUP=${WARMUP:-5}; fi
WARMUP=${WARMUP:-2}
UDP_SIZE=${UDP_SIZE:-1472}
ONLY=${ONLY:-tcp-rr,udp-rr,udp-stream,tcp-stream}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JAR=$ROOT/dist/target/loadlab.jar
WORK=$(mktemp -d /tmp/loadlab-bench.XXXXXX)
PIDS=()

TOOLS=(sockperf java)
[[ ,$ONLY, == *,udp-stream,* || ,$ONLY, == *,tcp-stream,* ]] && TOOLS+=(iperf3)
[[ -n ${PERF:-} ]] && TOOLS+=(perf)
for tool in "${TOOLS[@]}"; do
  if ! command -v "$tool" >/dev/null; then
    echo "$tool is missing; on Debian/Ubuntu: apt-get install -y sockperf iperf3 linux-perf (and a JDK 17+ for java)" >&2
    exit 2
  fi
done
# loadlab runs on the Java its launcher takes: JAVA_HOME's, else the newest installed.
. "$ROOT/dist/src/main/dist/lib/find-java.sh"
loadlab_find_java
echo "java: $("$java" -version 2>&1 | head -1) ($java)"
if [[ ! -f $JAR ]]; then
  (cd "$ROOT" && ./mvnw -q -pl dist -am package -DskipTests)
fi

cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

wanted() { [[ ",$ONLY," == *",$1,"* ]]; }
# PIN=CPUS: every server and client below runs on those CPUs.
PINNED=()
[[ -n ${PIN:-} ]] && PINNED=(taskset -c "$PIN")

# a port free for TCP and UDP
free_port() {
  python3 -c 'import socket
while True:
    t = socket.socket(); t.bind(("127.0.0.1", 0)); p = t.getsockname()[1]
    u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        u.bind(("127.0.0.1", p)); print(p); break
    except OSError:
        pass' 2>/dev/null || echo $((20000 + RANDOM % 20000))
}

# the number after "key": in a JSON file (first match); the key may contain spaces
json_number() { grep -o "\"$2\" *: *[0-9.eE+-]*" "$1" | head -1 | sed 's/.*: *//'; }
loadavg() { cut -d' ' -f1-3 /proc/loadavg; }

JOPTS=()
[[ -n ${IO:-} ]] && JOPTS=(-Dloadlab.net.io="$IO")
LL_PORT=$(free_port)
"${PINNED[@]}" "$java" "${JOPTS[@]}" -jar "$JAR" net serve --host 127.0.0.1 --port "$LL_PORT" >"$WORK/ll-serve.log" 2>&1 &
LL_SERVER=$!
PIDS+=($!)
SP_TCP_PORT=$(free_port)
"${PINNED[@]}" sockperf server --tcp -i 127.0.0.1 -p "$SP_TCP_PORT" >"$WORK/sockperf-tcp-server.log" 2>&1 &
SP_TCP_SERVER=$!
PIDS+=($!)
SP_UDP_PORT=$(free_port)
"${PINNED[@]}" sockperf server -i 127.0.0.1 -p "$SP_UDP_PORT" >"$WORK/sockperf-udp-server.log" 2>&1 &
SP_UDP_SERVER=$!
PIDS+=($!)
if command -v iperf3 >/dev/null; then
  IP_PORT=$(free_port)
  "${PINNED[@]}" iperf3 -s -B 127.0.0.1 -p "$IP_PORT" >"$WORK/iperf3-server.log" 2>&1 &
  PIDS+=($!)
fi
sleep 3

# QUIET=1: before each tool's run, wait until the 1-minute load average is under 1 (quiet rounds).
quiet() {
  if [ "${QUIET:-0}" = 1 ]; then
    while awk '{exit !($1 >= 1.0)}' /proc/loadavg; do sleep 5; done
  fi
}

# PERF=1: `perf stat` attached to the given processes from the end of the warm-up (and the JVM's
# start, about a second) until half a second before sockperf's run ends (loadlab's measured part
# ends later still: its JVM started first); writes "msec switches seconds transactions" to $1.
# The transactions of the window are counted by the kernel around it (tx_count), the same way for
# both tools: a tool's rate over its whole run is not its rate while perf is attached (perf slows
# what it watches, by a different share for each tool: 2026-11-28 notes in docs/benchmarks.md).
perf_window() { # out-file pids (comma-separated) server-port protocol request-bytes
  local out=$1 pids=$2 window before after
  window=$(awk -v d="$DURATION" 'BEGIN { w = d - 2; if (w < 0.5) w = 0.5; print w }')
  sleep "$(awk -v w="$WARMUP" 'BEGIN { print w + 1.5 }')"
  before=$(tx_count "$3" "$4" "$5")
  perf stat -x, -e task-clock,context-switches -p "$pids" -o "$WORK/perf.csv" -- sleep "$window" >/dev/null 2>&1 || true
  after=$(tx_count "$3" "$4" "$5")
  awk -F, -v w="$window" -v n="$(awk -v a="$before" -v b="$after" 'BEGIN { print b - a }')" \
    '$3 == "task-clock" { ms = $1 } $3 == "context-switches" { cs = $1 }
    END { printf "%s %s %s %s\n", ms + 0, cs + 0, w, n }' "$WORK/perf.csv" >"$out"
}
# Transactions so far, from the kernel: TCP, the bytes the server's socket on PORT has received
# divided by one request's bytes on the wire; UDP, the datagrams this host has received (request
# and response: two a transaction), so nothing else should send UDP meanwhile.
tx_count() { # server-port tcp|udp request-bytes
  if [[ $2 == tcp ]]; then
    { ss -tinH state established "( sport = :$1 )" | grep -o 'bytes_received:[0-9]*' || true; } |
      awk -F: -v b="$3" '{ n += $2 } END { printf "%.0f\n", n / b }'
  else
    awk '$1 == "Udp:" && $2 ~ /^[0-9]/ { printf "%.0f\n", $2 / 2 }' /proc/net/snmp
  fi
}
# CPU µs and context switches per transaction: perf figures of the window / its transactions
per_tx() { # perf-file
  awk '{ if ($4 > 0) printf "%.2f %.2f\n", $1 * 1000 / $4, $2 / $4; else print "- -" }' "$1"
}

loadlab_run() { # workload out.json args...
  local workload=$1 json=$2
  shift 2
  quiet
  "${PINNED[@]}" "$java" "${JOPTS[@]}" -jar "$JAR" net "$workload" --host 127.0.0.1 --port "$LL_PORT" --warmup "${WARMUP}s" \
    --duration "${DURATION}s" --output "$WORK/out" --json "$json" --quiet "$@" >"$WORK/last.log" 2>&1 &
  local client=$!
  if [[ -n ${WITH_PERF:-} && $workload == rr ]]; then
    # loadlab's request frame: a 16-byte header, then the request's bytes
    perf_window "$WORK/ll.perf" "$client,$LL_SERVER" "$LL_PORT" "$PROTO" $((16 + 14))
  fi
  wait "$client"
}

sockperf_rate() { # $1 = port, $2 = server pid, then extra flags; prints transactions/s and p50 half round trip
  local port=$1 server=$2
  shift 2
  quiet
  # sockperf warms up by itself (its first 400 ms are not counted); like loadlab it gets WARMUP more
  "${PINNED[@]}" sockperf ping-pong -i 127.0.0.1 -p "$port" -m 14 -t "$(awk -v d="$DURATION" -v w="$WARMUP" 'BEGIN { print d + w }')" "$@" >"$WORK/sp.log" 2>&1 &
  local client=$!
  if [[ -n ${WITH_PERF:-} ]]; then
    perf_window "$WORK/sp.perf" "$client,$server" "$port" "$PROTO" 14
  fi
  wait "$client"
  local line runtime received lat
  line=$(grep 'Valid Duration' "$WORK/sp.log")
  runtime=$(sed 's/.*RunTime=\([0-9.]*\).*/\1/' <<<"$line")
  received=$(sed 's/.*ReceivedMessages=\([0-9]*\).*/\1/' <<<"$line")
  lat=$(grep -o 'percentile 50.000 = *[0-9.]*' "$WORK/sp.log" | sed 's/.*= *//')
  awk -v r="$received" -v t="$runtime" -v l="$lat" 'BEGIN { printf "%.0f %s\n", r / t, l }'
}

iperf3_mbps() { # MB/s (10^6 bytes) received; extra flags such as -R
  "${PINNED[@]}" iperf3 -c 127.0.0.1 -p "$IP_PORT" -t "$DURATION" -J "$@" >"$WORK/iperf.json"
  awk '/"sum_received"/ { found = 1 } found && /"bits_per_second"/ { gsub(/[^0-9.eE+-]/, "", $2); printf "%.0f\n", $2 / 8 / 1e6; exit }' "$WORK/iperf.json"
}

iperf3_udp() { # prints received MB/s and loss % of a UDP run as fast as possible
  "${PINNED[@]}" iperf3 -c 127.0.0.1 -p "$IP_PORT" -u -b 0 -l "$UDP_SIZE" -t "$DURATION" -J >"$WORK/iperf-udp.json"
  python3 - "$WORK/iperf-udp.json" <<'PY'
import json, sys
end = json.load(open(sys.argv[1]))["end"]
s = end.get("sum_received") or end["sum"]
lost = s.get("lost_percent", end["sum"].get("lost_percent", 0))
# bytes the receiver got: the sender's bytes less the lost share when only the sender's sum exists
received = s["bytes"] * (1 - lost / 100) if "sum_received" not in end else s["bytes"]
print("%.0f %.2f" % (received / s["seconds"] / 1e6, lost))
PY
}

best() { sort -g | tail -1; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print "-"; else printf "%.2f", a / b }'; }

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(uname -sr)"
[[ -n ${PIN:-} ]] && echo "pinned: every client and server on CPU(s) $PIN (taskset)"
echo "io: ${IO:-the default: ffm on Java 22+, else nio}"
echo "duration ${DURATION}s per run, $ROUNDS rounds, best round compared (rr: also the median of the rounds' ratios); UDP stream datagrams of $UDP_SIZE bytes"
echo

for f in rc-tcp rc-udp r-tcp r-udp ll-tcp sp-tcp ll-udp sp-udp ll-us ip-us ll-send ip-send ll-strg ip-rev; do : >"$WORK/$f"; done
for round in $(seq "$ROUNDS"); do
  echo "round $round: load average $(loadavg)"
  if wanted tcp-rr; then
    loadlab_run rr "$WORK/tcp.json" --users 1 --request 14 --response 14
    ll=$(json_number "$WORK/tcp.json" ratePerSec); p50=$(json_number "$WORK/tcp.json" p50)
    echo "$ll" >>"$WORK/ll-tcp"
    read -r sp splat < <(sockperf_rate "$SP_TCP_PORT" "$SP_TCP_SERVER" --tcp)
    echo "$sp" >>"$WORK/sp-tcp"
    echo "$(ratio "$ll" "$sp")" >>"$WORK/r-tcp"
    if [[ -n ${PERF:-} ]]; then
      # CPU from runs of their own with perf attached (PROTO=tcp); the rates above ran without
      WITH_PERF=1 PROTO=tcp loadlab_run rr "$WORK/perf.json" --users 1 --request 14 --response 14
      WITH_PERF=1 PROTO=tcp sockperf_rate "$SP_TCP_PORT" "$SP_TCP_SERVER" --tcp >/dev/null
      read -r llus llcs < <(per_tx "$WORK/ll.perf")
      read -r spus spcs < <(per_tx "$WORK/sp.perf")
      # Pinned to one CPU, every blocking transaction switches at least once: a window with
      # fewer switches did not see the run (perf attached late on a busy machine); left out.
      if [[ -n ${PIN:-} ]] && awk -v a="$llcs" -v b="$spcs" 'BEGIN { exit !(a < 0.5 || b < 0.5) }'; then
        echo "-" >>"$WORK/rc-tcp"
      else
        echo "$(ratio "$spus" "$llus")" >>"$WORK/rc-tcp"
      fi
      echo "  tcp rr CPU per transaction (perf stat task-clock, client + server): loadlab $llus us ($llcs context switches)  sockperf $spus us ($spcs)  ratio $(ratio "$spus" "$llus")"
    fi
    echo "  tcp rr 14/14: loadlab $ll tps (p50 RTT $p50 us)  sockperf --tcp $sp tps (p50 half RTT $splat us)  [load $(loadavg)]"
  fi
  if wanted udp-rr; then
    loadlab_run rr "$WORK/udp.json" --protocol udp --users 1 --request 14 --response 14
    ll=$(json_number "$WORK/udp.json" ratePerSec); p50=$(json_number "$WORK/udp.json" p50)
    lost=$(json_number "$WORK/udp.json" "rr users=1: lost")
    echo "$ll" >>"$WORK/ll-udp"
    read -r sp splat < <(sockperf_rate "$SP_UDP_PORT" "$SP_UDP_SERVER")
    echo "$sp" >>"$WORK/sp-udp"
    echo "$(ratio "$ll" "$sp")" >>"$WORK/r-udp"
    if [[ -n ${PERF:-} ]]; then
      # CPU from runs of their own with perf attached (PROTO=udp); the rates above ran without
      WITH_PERF=1 PROTO=udp loadlab_run rr "$WORK/perf.json" --protocol udp --users 1 --request 14 --response 14
      WITH_PERF=1 PROTO=udp sockperf_rate "$SP_UDP_PORT" "$SP_UDP_SERVER" >/dev/null
      read -r llus llcs < <(per_tx "$WORK/ll.perf")
      read -r spus spcs < <(per_tx "$WORK/sp.perf")
      # Pinned to one CPU, every blocking transaction switches at least once: a window with
      # fewer switches did not see the run (perf attached late on a busy machine); left out.
      if [[ -n ${PIN:-} ]] && awk -v a="$llcs" -v b="$spcs" 'BEGIN { exit !(a < 0.5 || b < 0.5) }'; then
        echo "-" >>"$WORK/rc-udp"
      else
        echo "$(ratio "$spus" "$llus")" >>"$WORK/rc-udp"
      fi
      echo "  udp rr CPU per transaction (perf stat task-clock, client + server): loadlab $llus us ($llcs context switches)  sockperf $spus us ($spcs)  ratio $(ratio "$spus" "$llus")"
    fi
    echo "  udp rr 14/14: loadlab $ll tps (p50 RTT $p50 us, lost $lost)  sockperf $sp tps (p50 half RTT $splat us)  [load $(loadavg)]"
  fi
  if wanted udp-stream; then
    loadlab_run stream "$WORK/us.json" --protocol udp --users 1 --request "$UDP_SIZE"
    ll=$(awk -v b="$(json_number "$WORK/us.json" "stream users=1: received MB/s")" 'BEGIN { printf "%.0f", b }')
    llsent=$(awk -v b="$(json_number "$WORK/us.json" "stream users=1: sent MB/s")" 'BEGIN { printf "%.0f", b }')
    llloss=$(json_number "$WORK/us.json" "stream users=1: loss %")
    echo "$ll" >>"$WORK/ll-us"
    read -r ip iploss < <(iperf3_udp)
    echo "$ip" >>"$WORK/ip-us"
    printf '  udp stream %s B: loadlab received %s MB/s (sent %s, loss %.2f%%)  iperf3 -u -b 0 received %s MB/s (loss %s%%)  [load %s]\n' \
      "$UDP_SIZE" "$ll" "$llsent" "$llloss" "$ip" "$iploss" "$(loadavg)"
  fi
  if wanted tcp-stream; then
    loadlab_run stream "$WORK/send.json" --users 1 --request 128K --response 0
    ll=$(awk -v b="$(json_number "$WORK/send.json" bytesPerSec)" 'BEGIN { printf "%.0f", b / 1e6 }')
    echo "$ll" >>"$WORK/ll-send"
    ip=$(iperf3_mbps)
    echo "$ip" >>"$WORK/ip-send"
    echo "  tcp stream send: loadlab $ll MB/s  iperf3 $ip MB/s  [load $(loadavg)]"
    loadlab_run stream "$WORK/strg.json" --users 1 --request 20 --response 20M
    ll=$(awk -v b="$(json_number "$WORK/strg.json" bytesPerSec)" 'BEGIN { printf "%.0f", b / 1e6 }')
    echo "$ll" >>"$WORK/ll-strg"
    ip=$(iperf3_mbps -R)
    echo "$ip" >>"$WORK/ip-rev"
    echo "  tcp stream read (STRG 20/20M): loadlab $ll MB/s  iperf3 -R $ip MB/s  [load $(loadavg)]"
  fi
done

row() { # label loadlab-file peer-file
  local a b
  [[ -s $WORK/$2 ]] || return 0
  a=$(best <"$WORK/$2"); b=$(best <"$WORK/$3")
  printf '%-44s %12s %12s %6s\n' "$1" "$a" "$b" "$(ratio "$a" "$b")"
}
echo
printf '%-44s %12s %12s %6s\n' "benchmark (best of $ROUNDS)" loadlab peer ratio
row "tcp rr 14/14 tps vs sockperf ping-pong --tcp" ll-tcp sp-tcp
row "udp rr 14/14 tps vs sockperf ping-pong" ll-udp sp-udp
median_row() { # label ratios-file: the median of the rounds' ratios (each round side by side; "-" left out)
  [[ -s $WORK/$2 ]] || return 0
  printf '%-44s %s (rounds: %s)\n' "$1" "$(grep -v -- - "$WORK/$2" | sort -g | awk '{ r[NR] = $1 } END {
    printf "%.2f", NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2 }')" "$(paste -sd' ' "$WORK/$2")"
}
median_row "tcp rr median ratio" r-tcp
median_row "udp rr median ratio" r-udp
median_row "tcp rr CPU/tx, sockperf/loadlab median" rc-tcp
median_row "udp rr CPU/tx, sockperf/loadlab median" rc-udp
row "udp stream $UDP_SIZE B received MB/s vs iperf3 -u" ll-us ip-us
row "tcp stream send MB/s vs iperf3" ll-send ip-send
row "tcp stream read MB/s vs iperf3 -R" ll-strg ip-rev
