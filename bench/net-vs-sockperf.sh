#!/usr/bin/env bash
# Side-by-side benchmark on loopback: loadlab net rr (1 user, 1-byte request and response) against
# sockperf ping-pong over TCP, and loadlab net stream against iperf3 (client to server, and the
# reverse direction as z/VM's STRG). Prints each figure and the ratio loadlab / peer.
#
#   apt-get install -y sockperf iperf3
#   bench/net-vs-sockperf.sh            # DURATION=10 ROUNDS=3 by default
#
# Each pair runs ROUNDS times, alternating, and the best round of each tool is compared (the
# machine may be shared; the best round is the least disturbed one).
set -euo pipefail

DURATION=${DURATION:-10}
ROUNDS=${ROUNDS:-3}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JAR=$ROOT/dist/target/loadlab.jar
WORK=$(mktemp -d /tmp/loadlab-bench.XXXXXX)
PIDS=()

for tool in sockperf iperf3 java; do
  command -v "$tool" >/dev/null || { echo "$tool is missing: apt-get install -y sockperf iperf3" >&2; exit 2; }
done
if [[ ! -f $JAR ]]; then
  (cd "$ROOT" && ./mvnw -q -pl dist -am package -DskipTests)
fi

cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null || echo $((20000 + RANDOM % 20000)); }

# first number after "key": in a JSON file, e.g. json_number file ratePerSec
json_number() { grep -o "\"$2\" *: *[0-9.eE+-]*" "$1" | head -1 | sed 's/.*: *//'; }

LL_PORT=$(free_port)
java -jar "$JAR" net serve --host 127.0.0.1 --port "$LL_PORT" >"$WORK/ll-serve.log" 2>&1 &
PIDS+=($!)
SP_PORT=$(free_port)
sockperf server --tcp -i 127.0.0.1 -p "$SP_PORT" >"$WORK/sockperf-server.log" 2>&1 &
PIDS+=($!)
IP_PORT=$(free_port)
iperf3 -s -B 127.0.0.1 -p "$IP_PORT" >"$WORK/iperf3-server.log" 2>&1 &
PIDS+=($!)
sleep 2

loadlab_run() { # workload out.json args...
  local workload=$1 json=$2
  shift 2
  java -jar "$JAR" net "$workload" --host 127.0.0.1 --port "$LL_PORT" --warmup 2s \
    --duration "${DURATION}s" --output "$WORK/out" --json "$json" --quiet "$@" >"$WORK/last.log" 2>&1
}

sockperf_rate() { # transactions/s and half-RTT mean latency from sockperf's valid-duration line
  sockperf ping-pong --tcp -i 127.0.0.1 -p "$SP_PORT" -m 14 -t "$DURATION" >"$WORK/sp.log" 2>&1
  local line runtime received lat
  line=$(grep 'Valid Duration' "$WORK/sp.log")
  runtime=$(sed 's/.*RunTime=\([0-9.]*\).*/\1/' <<<"$line")
  received=$(sed 's/.*ReceivedMessages=\([0-9]*\).*/\1/' <<<"$line")
  lat=$(grep -o 'percentile 50.000 = *[0-9.]*' "$WORK/sp.log" | sed 's/.*= *//')
  awk -v r="$received" -v t="$runtime" -v l="$lat" 'BEGIN { printf "%.0f %s\n", r / t, l }'
}

iperf3_mbps() { # MB/s (10^6 bytes) received; $1 = extra flags such as -R
  iperf3 -c 127.0.0.1 -p "$IP_PORT" -t "$DURATION" -J "$@" >"$WORK/iperf.json"
  awk '/"sum_received"/ { found = 1 } found && /"bits_per_second"/ { gsub(/[^0-9.eE+-]/, "", $2); printf "%.0f\n", $2 / 8 / 1e6; exit }' "$WORK/iperf.json"
}

best() { sort -g | tail -1; }

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(uname -sr)"
echo "duration ${DURATION}s per run, $ROUNDS rounds, best round compared"
echo

: >"$WORK/ll-rr"; : >"$WORK/sp-rr"; : >"$WORK/ll-send"; : >"$WORK/ip-send"; : >"$WORK/ll-strg"; : >"$WORK/ip-rev"
for round in $(seq "$ROUNDS"); do
  loadlab_run rr "$WORK/rr.json" --users 1 --request 1 --response 1
  ll=$(json_number "$WORK/rr.json" ratePerSec); p50=$(json_number "$WORK/rr.json" p50)
  echo "$ll" >>"$WORK/ll-rr"
  read -r sp splat < <(sockperf_rate)
  echo "$sp" >>"$WORK/sp-rr"
  echo "round $round rr: loadlab $ll tps (p50 RTT $p50 us)  sockperf $sp tps (p50 half RTT $splat us)"

  loadlab_run stream "$WORK/send.json" --users 1 --request 128K --response 0
  ll=$(awk -v b="$(json_number "$WORK/send.json" bytesPerSec)" 'BEGIN { printf "%.0f", b / 1e6 }')
  echo "$ll" >>"$WORK/ll-send"
  ip=$(iperf3_mbps)
  echo "$ip" >>"$WORK/ip-send"
  echo "round $round stream send: loadlab $ll MB/s  iperf3 $ip MB/s"

  loadlab_run stream "$WORK/strg.json" --users 1 --request 20 --response 20M
  ll=$(awk -v b="$(json_number "$WORK/strg.json" bytesPerSec)" 'BEGIN { printf "%.0f", b / 1e6 }')
  echo "$ll" >>"$WORK/ll-strg"
  ip=$(iperf3_mbps -R)
  echo "$ip" >>"$WORK/ip-rev"
  echo "round $round stream read (STRG 20/20M): loadlab $ll MB/s  iperf3 -R $ip MB/s"
done

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
echo
printf '%-34s %12s %12s %6s\n' "benchmark (best of $ROUNDS)" loadlab peer ratio
a=$(best <"$WORK/ll-rr"); b=$(best <"$WORK/sp-rr")
printf '%-34s %12s %12s %6s\n' "rr 1/1 tps vs sockperf ping-pong" "$a" "$b" "$(ratio "$a" "$b")"
a=$(best <"$WORK/ll-send"); b=$(best <"$WORK/ip-send")
printf '%-34s %12s %12s %6s\n' "stream send MB/s vs iperf3" "$a" "$b" "$(ratio "$a" "$b")"
a=$(best <"$WORK/ll-strg"); b=$(best <"$WORK/ip-rev")
printf '%-34s %12s %12s %6s\n' "stream read MB/s vs iperf3 -R" "$a" "$b" "$(ratio "$a" "$b")"
