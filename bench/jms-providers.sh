#!/usr/bin/env bash
# JMS providers at 1,000 msg/s (issue 46): each of loadlab's built-in providers beside Apache
# ActiveMQ Artemis's own `artemis perf client --protocol CORE` and `--protocol AMQP`, in one run.
#
#   bench/jms-providers.sh          # every measure once, 20 s windows; ROUNDS=3 for medians
#
# One broker for the four JMS protocols Artemis serves: a standalone Artemis (`artemis create`, from
# the bin tar.gz on Maven Central) with one acceptor on a free loopback port that speaks CORE,
# AMQP 1.0 and OpenWire, so that qpid-jms (AMQP 1.0), artemis (CORE), activemq (OpenWire) and both
# artemis perf protocols all go through the same broker process. (`loadlab broker` has no OpenWire.)
# RabbitMQ's JMS client speaks AMQP 0-9-1 and needs RabbitMQ: a node of the script's own (Debian's
# rabbitmq-server, its own node name, Erlang cookie, epmd port and free ports; never the one a
# machine may run on 5672), a DIFFERENT broker, with loadlab's qpid-jms against the same node (its
# AMQP 1.0 plugin) as that row's reference. Both brokers run the whole time, idle when not measured.
#
# Each measure: 1 producer and 1 consumer on one queue in one client process, SIZE-byte
# non-persistent messages at RATE msg/s (`loadlab jms latency --provider P --rate 1000` and
# `artemis perf client --rate 1000 --max-pending PERF_MAX_PENDING`), WARMUP seconds of the tool's
# own warm-up, then a window of WINDOW seconds: the client's process CPU time (utime + stime of
# /proc/PID/stat) at its start and end, divided by the messages the client received in the window
# (from each tool's own per-interval counts, epoch-stamped: loadlab's intervals.csv, artemis perf's
# JSON). The broker's CPU over the same window is given apart. Latency percentiles are each tool's
# own over its measured phase: loadlab's `transit` (from the actual send, as artemis perf's
# transfer time). Ratios: loadlab's provider against artemis perf CORE (artemis, activemq) or AMQP
# (qpid-jms), per round, then the median of the rounds; the RabbitMQ row against qpid-jms on the
# same RabbitMQ node.
#
# Before the first round each client runs once, unmeasured, for BROKER_WARMUP seconds: the brokers'
# warm-up (JIT, first use), so that the first measure does not meet a colder broker than the rest.
#
# Environment: SIZE (default 1024), RATE (1000), WARMUP (10), WINDOW (20), ROUNDS (1; the measures
# run in turn within a round), BROKER_WARMUP (10), PERF_MAX_PENDING (100: artemis perf's default of
# 1 waits for each confirmation before the next send and falls behind 1,000 msg/s on a busy
# machine; loadlab's non-persistent sends do not wait either), RABBIT (0 leaves the RabbitMQ rows
# out), ARTEMIS_VERSION (2.40.0), ARTEMIS_HOME (an Artemis already unpacked), NO_BUILD=1 (take
# dist/target/loadlab.jar as it is), LOADLAB_JAVA_OPTS. SHORT=1: a few seconds of each measure (CI:
# the script cannot rot). Issue 46's figures: ROUNDS=3 bench/jms-providers.sh
# Needs: java 17+, python3, Debian's rabbitmq-server (unless RABBIT=0). Downloads Artemis's bin
# tar.gz from Maven Central through the Maven wrapper; nothing else from the network.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -n "${SHORT:-}" ]; then
  WARMUP=${WARMUP:-2}
  WINDOW=${WINDOW:-3}
  BROKER_WARMUP=${BROKER_WARMUP:-2}
fi
SIZE=${SIZE:-1024}
RATE=${RATE:-1000}
WARMUP=${WARMUP:-10}
WINDOW=${WINDOW:-20}
ROUNDS=${ROUNDS:-1}
BROKER_WARMUP=${BROKER_WARMUP:-10}
PERF_MAX_PENDING=${PERF_MAX_PENDING:-100}
RABBIT=${RABBIT:-1}
ARTEMIS_VERSION=${ARTEMIS_VERSION:-2.40.0}
RABBIT_SERVER=/usr/lib/rabbitmq/bin/rabbitmq-server
if [ "$RABBIT" != 0 ] && [ ! -x "$RABBIT_SERVER" ]; then
  echo "$RABBIT_SERVER is absent: install Debian's rabbitmq-server, or RABBIT=0 to leave RabbitMQ out" >&2
  exit 2
fi
work="$(mktemp -d /tmp/loadlab-jms-providers.XXXXXX)"
broker_pid=""
rabbit_pid=""
rabbit_epmd_port=""
client_pid=""

descendants() { # pid -> its descendants' pids, deepest last
  local c
  for c in $(ps -o pid= --ppid "$1" 2>/dev/null); do
    echo "$c"
    descendants "$c"
  done
}
stop_pid() { # pid [seconds]: TERM, wait, then KILL
  local pid=$1 wait=${2:-30}
  kill "$pid" 2>/dev/null || return 0
  for _ in $(seq 1 "$wait"); do kill -0 "$pid" 2>/dev/null || return 0; sleep 1; done
  kill -9 "$pid" 2>/dev/null || true
}
cleanup() {
  set +e
  [ -n "$client_pid" ] && stop_pid "$client_pid" 5
  if [ -n "$broker_pid" ]; then stop_pid "$broker_pid"; wait "$broker_pid" 2>/dev/null; fi
  if [ -n "$rabbit_pid" ]; then
    local tree
    tree=$(descendants "$rabbit_pid")
    stop_pid "$rabbit_pid" # the start script stops the node cleanly on SIGTERM
    wait "$rabbit_pid" 2>/dev/null
    for p in $tree; do kill -9 "$p" 2>/dev/null; done
    # The node's own epmd detaches; it is found by its port, which only this script's node used.
    for p in $(pgrep -x epmd); do
      if tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx "ERL_EPMD_PORT=$rabbit_epmd_port"; then
        kill "$p" 2>/dev/null
      fi
    done
  fi
  # Keep the results; drop the brokers' installations and data.
  rm -rf "$work/apache-artemis-$ARTEMIS_VERSION" "$work"/apache-artemis-*-bin.tar.gz "$work/artemis-instance" "$work/rabbit" "$work/rabbit.pw"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
now_ms() { date +%s%3N; }
cpu_ticks() { # pid -> utime + stime of the whole process, in clock ticks
  sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | awk '{ print $12 + $13 }'
}
hz=$(getconf CLK_TCK)

. "$here/bench/lib/artemis.sh"
bench_loadlab_and_artemis
java_version=$("$java" -version 2>&1 | head -1)
# Lets artemis perf stamp messages with a microsecond clock (else it uses milliseconds x 1000).
export JAVA_ARGS_APPEND="${JAVA_ARGS_APPEND:---add-exports java.base/jdk.internal.misc=ALL-UNNAMED}"

echo "== starting Artemis (artemis create: one acceptor for CORE, AMQP and OpenWire)" >&2
aport=$(free_port)
"$artemis" create --silent --force --no-web --allow-anonymous --nio --no-autotune \
  --no-amqp-acceptor --no-mqtt-acceptor --no-stomp-acceptor --no-hornetq-acceptor \
  --host 127.0.0.1 --default-port "$aport" --java-memory 1G "$work/artemis-instance" >"$work/artemis-create.log" 2>&1
"$work/artemis-instance/bin/artemis" run >"$work/artemis.log" 2>&1 &
broker_pid=$! # the instance's script execs the JVM
for _ in $(seq 1 240); do
  grep -q "AMQ221007" "$work/artemis.log" 2>/dev/null && break
  kill -0 "$broker_pid" 2>/dev/null || { cat "$work/artemis.log" >&2; exit 1; }
  sleep 0.5
done
grep -q "AMQ221007" "$work/artemis.log" || { echo "Artemis did not start:" >&2; tail -20 "$work/artemis.log" >&2; exit 1; }
echo "   Artemis $ARTEMIS_VERSION at 127.0.0.1:$aport: $(grep -o 'for protocols \[[^]]*\]' "$work/artemis.log" | head -1)" >&2

rport=""
if [ "$RABBIT" != 0 ]; then
  echo "== starting a RabbitMQ node of this script's own on free ports" >&2
  rdir="$work/rabbit"
  mkdir -p "$rdir/home" "$rdir/log"
  rport=$(free_port); rdist=$(free_port); rabbit_epmd_port=$(free_port)
  ruser=loadlab
  rpass="pw-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
  printf '%s\n' "$rpass" >"$work/rabbit.pw"
  chmod 600 "$work/rabbit.pw"
  printf 'listeners.tcp.default = 127.0.0.1:%s\nloopback_users = none\ndefault_user = %s\ndefault_pass = %s\n' \
    "$rport" "$ruser" "$rpass" >"$rdir/rabbitmq.conf"
  chmod 600 "$rdir/rabbitmq.conf"
  echo '[rabbitmq_amqp1_0].' >"$rdir/enabled_plugins"
  HOME="$rdir/home" RABBITMQ_NODENAME="loadlab-jmsbench-$rport@localhost" RABBITMQ_NODE_PORT="$rport" \
    RABBITMQ_DIST_PORT="$rdist" ERL_EPMD_PORT="$rabbit_epmd_port" RABBITMQ_MNESIA_BASE="$rdir/mnesia" \
    RABBITMQ_LOG_BASE="$rdir/log" RABBITMQ_LOGS=- RABBITMQ_ENABLED_PLUGINS_FILE="$rdir/enabled_plugins" \
    RABBITMQ_CONFIG_FILE="$rdir/rabbitmq.conf" RABBITMQ_ADVANCED_CONFIG_FILE="$rdir/advanced.config" \
    RABBITMQ_CONF_ENV_FILE="$rdir/rabbitmq-env.conf" RABBITMQ_PID_FILE="$rdir/pid" \
    "$RABBIT_SERVER" >"$work/rabbit.log" 2>&1 &
  rabbit_pid=$!
  for _ in $(seq 1 360); do
    grep -q "Server startup complete" "$work/rabbit.log" 2>/dev/null && break
    kill -0 "$rabbit_pid" 2>/dev/null || break
    sleep 0.5
  done
  grep -q "Server startup complete" "$work/rabbit.log" || { echo "RabbitMQ did not start:" >&2; tail -20 "$work/rabbit.log" >&2; exit 1; }
  rabbit_version=$(sed -n 's/.*Starting RabbitMQ \([0-9.]*\).*/\1/p' "$work/rabbit.log" | head -1)
  echo "   RabbitMQ ${rabbit_version:-?} at 127.0.0.1:$rport (node loadlab-jmsbench-$rport@localhost)" >&2
fi
# The broker JVM or Erlang VM whose CPU is given beside each window.
rabbit_vm() { for p in $(descendants "$rabbit_pid"); do [ "$(cat "/proc/$p/comm" 2>/dev/null)" = beam.smp ] && echo "$p"; done | head -1; }

# One measure: starts the client, waits for its measured phase, takes the CPU window; writes
# $d/window (t0 t1 client-ticks broker-ticks) for the figures below.
measure() { # name broker-pid command...
  local name=$1 bpid=$2 ready=0 t0="" t1="" c0="" c1="" b0="" b1=""
  shift 2
  "$@" >"$d.out" 2>&1 &
  client_pid=$!
  for _ in $(seq 1 $((4 * (120 + WARMUP)))); do
    if grep -q ',false,transit ' "$d/intervals.csv" 2>/dev/null || grep -q 'warmup false' "$d.out" 2>/dev/null; then
      ready=1; break
    fi
    kill -0 "$client_pid" 2>/dev/null || break
    sleep 0.25
  done
  if [ "$ready" = 1 ]; then
    t0=$(now_ms); c0=$(cpu_ticks "$client_pid"); b0=$(cpu_ticks "$bpid")
    sleep "$WINDOW"
    t1=$(now_ms); c1=$(cpu_ticks "$client_pid"); b1=$(cpu_ticks "$bpid")
  fi
  local code=0
  wait "$client_pid" || code=$?
  client_pid=""
  if [ "$ready" != 1 ] || [ -z "$c1" ] || [ -z "$c0" ]; then
    echo "$name: the client did not reach its measured phase, or ended before the window closed (exit $code):" >&2
    tail -20 "$d.out" >&2
    exit 1
  fi
  echo "$t0 $t1 $((c1 - c0)) $((${b1:-0} - ${b0:-0})) $code" >"$d/window" # no broker VM found: 0
}
# The tool's run: its warm-up, the window, and a few seconds either side of it.
run_seconds=$((WINDOW + 6))

loadlab_measure() { # name provider broker-url broker-pid [extra loadlab options]
  local name=$1 provider=$2 url=$3 bpid=$4
  shift 4
  measure "$name" "$bpid" "$java" ${LOADLAB_JAVA_OPTS:-} -jar "$jar" jms latency --provider "$provider" \
    --broker "$url" "$@" --size "$SIZE" --rate "$RATE" --warmup "${WARMUP}s" --duration "${run_seconds}s" \
    --label "jms-providers-$name" --quiet --output "$d"
  [ -f "$d/result.json" ] || { echo "$name: no result.json (exit $(cut -d' ' -f5 "$d/window")):" >&2; tail -20 "$d.out" >&2; exit 1; }
}
perf_measure() { # name protocol url
  measure "$1" "$broker_pid" "$artemis" perf client --protocol "$2" --url "$3" --rate "$RATE" \
    --max-pending "$PERF_MAX_PENDING" --message-size "$SIZE" --warmup "$WARMUP" \
    --duration "$((WARMUP + run_seconds))" --json "$d/perf.json" "queue://jms-providers-$1-$n"
  [ -f "$d/perf.json" ] || { echo "$1: no JSON report:" >&2; tail -20 "$d.out" >&2; exit 1; }
}

# name|kind|provider or protocol|broker|reference
measures=(
  "perf-amqp|perf|AMQP|artemis|"
  "qpid-jms|loadlab|qpid-jms|artemis|perf-amqp"
  "perf-core|perf|CORE|artemis|"
  "artemis|loadlab|artemis|artemis|perf-core"
  "activemq|loadlab|activemq|artemis|perf-core"
)
if [ "$RABBIT" != 0 ]; then
  measures+=("qpid-jms-rabbit|loadlab|qpid-jms|rabbit|" "rabbitmq|loadlab|rabbitmq|rabbit|qpid-jms-rabbit")
fi

# The brokers' own warm-up (their JIT, the queues' first use): each measure's client runs once,
# unmeasured, for BROKER_WARMUP seconds first, so that the first measure does not find a colder
# broker than the others.
if [ "$BROKER_WARMUP" -gt 0 ]; then
  for m in "${measures[@]}"; do
    IFS='|' read -r name kind what where _ <<<"$m"
    echo "== warming the broker up: $name, ${BROKER_WARMUP}s, unmeasured" >&2
    w="$work/warm-$name"
    if [ "$kind" = perf ]; then
      scheme=tcp; [ "$what" = AMQP ] && scheme=amqp
      "$artemis" perf client --protocol "$what" --url "$scheme://127.0.0.1:$aport" --rate "$RATE" \
        --max-pending "$PERF_MAX_PENDING" --message-size "$SIZE" --duration "$BROKER_WARMUP" \
        "queue://jms-providers-warm-$name" >"$w.out" 2>&1 || true
    else
      if [ "$where" = artemis ]; then
        scheme=tcp; [ "$what" = qpid-jms ] && scheme=amqp
        target=(--broker "$scheme://127.0.0.1:$aport")
      else
        target=(--broker "amqp://127.0.0.1:$rport" --user "$ruser" --password-file "$work/rabbit.pw")
      fi
      "$java" ${LOADLAB_JAVA_OPTS:-} -jar "$jar" jms latency --provider "$what" "${target[@]}" --size "$SIZE" \
        --rate "$RATE" --duration "${BROKER_WARMUP}s" --quiet --output "$w" >"$w.out" 2>&1 || true
    fi
  done
fi

n=0
loads=()
for round in $(seq 1 "$ROUNDS"); do
  loads+=("$(cut -d' ' -f1-3 /proc/loadavg)")
  for m in "${measures[@]}"; do
    IFS='|' read -r name kind what where _ <<<"$m"
    n=$((n + 1))
    d="$work/r$round-$name"
    mkdir -p "$d"
    echo "== round $round/$ROUNDS: $name (load average $(cut -d' ' -f1 /proc/loadavg))" >&2
    if [ "$kind" = perf ]; then
      scheme=tcp; [ "$what" = AMQP ] && scheme=amqp
      perf_measure "$name" "$what" "$scheme://127.0.0.1:$aport"
    elif [ "$where" = artemis ]; then
      scheme=tcp; [ "$what" = qpid-jms ] && scheme=amqp
      loadlab_measure "$name" "$what" "$scheme://127.0.0.1:$aport" "$broker_pid"
    else
      loadlab_measure "$name" "$what" "amqp://127.0.0.1:$rport" "$(rabbit_vm)" --user "$ruser" --password-file "$work/rabbit.pw"
    fi
  done
done
loads+=("$(cut -d' ' -f1-3 /proc/loadavg)")

# The figures: per measure and round, then the table of medians and paired ratios.
python3 - "$work" "$ROUNDS" "$SIZE" "$RATE" "$hz" "${measures[@]}" >"$work/table.md" <<'PY'
import csv, json, os, statistics, sys

work, rounds, size, rate, hz = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5])
measures = [m.split("|") for m in sys.argv[6:]]

def overlap(a0, a1, t0, t1):
    return max(0, min(a1, t1) - max(a0, t0))

def figures(round_, name, kind):
    d = os.path.join(work, "r%d-%s" % (round_, name))
    t0, t1, cticks, bticks, code = [int(x) for x in open(os.path.join(d, "window")).read().split()]
    received = 0.0
    if kind == "loadlab":
        # intervals.csv: every interval's transit count (messages received), epoch-stamped.
        for row in csv.DictReader(open(os.path.join(d, "intervals.csv"))):
            if row["operation"] == "transit size=" + size:
                a0, a1 = int(row["startEpochMs"]), int(row["endEpochMs"])
                if a1 > a0:
                    received += int(row["count"]) * overlap(a0, a1, t0, t1) / (a1 - a0)
        r = json.load(open(os.path.join(d, "result.json")))
        lat = r["totals"]["transit size=" + size]["latencyUs"]
        p50, p99 = lat["p50"], lat["p99"]
        sent, got = r["figures"]["sent size=" + size], r["figures"]["received size=" + size]
        status = r["status"] if code == 0 else "%s (exit %d)" % (r["status"], code)
        client = "%s %s" % (r["configuration"].get("providerClient", ""), r["configuration"].get("providerProtocol", ""))
    else:
        # artemis perf JSON: interval samples stamped at their end, 'received' in msg/s.
        doc = json.load(open(os.path.join(d, "perf.json")))
        iv = [s for s in doc if s.get("sampleType") == "interval"]
        prev = None
        for s in iv:
            a1 = s["time"]
            a0 = prev if prev is not None else a1 - 1000
            received += s["received"] * overlap(a0, a1, t0, t1) / 1000.0
            prev = a1
        summary = [s for s in doc if s.get("sampleType") == "summary"][0]
        p50, p99 = summary["totalTransferTime"]["50"], summary["totalTransferTime"]["99"]
        sent, got = summary["totalSent"], summary["totalReceived"]
        status = summary.get("result", "?") if code == 0 else "exit %d" % code
        client = "artemis perf client"
    secs = (t1 - t0) / 1000.0
    cpu_us = lambda ticks: ticks * 1e6 / hz / received if received > 0 else float("nan")
    return {"rate": received / secs, "cpu": cpu_us(cticks), "broker": cpu_us(bticks), "p50": p50, "p99": p99,
            "lost": sent - got, "status": status, "client": client}

data = {(r, m[0]): figures(r, m[0], m[1]) for r in range(1, rounds + 1) for m in measures}
med = lambda xs: statistics.median(xs) if xs else float("nan")
label = {
    "perf-amqp": "`artemis perf client --protocol AMQP`", "perf-core": "`artemis perf client --protocol CORE`",
    "qpid-jms": "loadlab `--provider qpid-jms`", "artemis": "loadlab `--provider artemis`",
    "activemq": "loadlab `--provider activemq`", "qpid-jms-rabbit": "loadlab `--provider qpid-jms`",
    "rabbitmq": "loadlab `--provider rabbitmq`",
}
def fmt(x, f="%.0f"):
    return "-" if x != x else (f % x)
print("| client | broker, protocol | received msg/s in the window | client CPU µs/msg | ratio to reference: CPU/msg, rate | transit/transfer p50 / p99 µs | broker CPU µs/msg | reference |")
print("| --- | --- | ---: | ---: | --- | ---: | ---: | --- |")
for name, kind, what, where, ref in measures:
    rows = [data[(r, name)] for r in range(1, rounds + 1)]
    proto = {"perf-amqp": "AMQP 1.0", "perf-core": "CORE", "qpid-jms": "AMQP 1.0", "artemis": "CORE",
             "activemq": "OpenWire", "qpid-jms-rabbit": "AMQP 1.0 (plugin)", "rabbitmq": "AMQP 0-9-1"}[name]
    broker = "Artemis" if where == "artemis" else "RabbitMQ (another broker)"
    if ref:
        cr = med([data[(r, name)]["cpu"] / data[(r, ref)]["cpu"] for r in range(1, rounds + 1)])
        rr = med([data[(r, name)]["rate"] / data[(r, ref)]["rate"] for r in range(1, rounds + 1)])
        ratio, reference = "**%.2f**, %.2f" % (cr, rr), label[ref] + ("" if where == "artemis" else " on RabbitMQ")
    else:
        ratio, reference = "(reference)", ""
    print("| %s | %s, %s | %s | %s | %s | %s / %s | %s | %s |" % (
        label[name], broker, proto, fmt(med([x["rate"] for x in rows])), fmt(med([x["cpu"] for x in rows]), "%.1f"),
        ratio, fmt(med([x["p50"] for x in rows])), fmt(med([x["p99"] for x in rows])),
        fmt(med([x["broker"] for x in rows]), "%.1f"), reference))
print()
print("Per round (received msg/s, client µs/msg, broker µs/msg, lost, status):")
print()
for name, *_ in measures:
    print("- %s: %s" % (label[name] + ("" if not name.endswith("rabbit") else " on RabbitMQ"), "; ".join(
        "%s msg/s, %s µs, %s µs, %d lost, %s" % (fmt(x["rate"]), fmt(x["cpu"], "%.1f"), fmt(x["broker"], "%.1f"),
                                                 x["lost"], x["status"])
        for x in (data[(r, name)] for r in range(1, rounds + 1)))))
print()
print("Clients: " + "; ".join(sorted({"%s: %s" % (n, data[(1, n)]["client"].strip()) for n, k, *_ in measures if k == "loadlab"})))
PY

echo
echo "machine: $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1), $(uname -r), $java_version"
echo "brokers: Artemis $ARTEMIS_VERSION (artemis create, one acceptor, non-persistent messages)$([ "$RABBIT" != 0 ] && echo ", RabbitMQ ${rabbit_version:-?} (a node of the script's own)")"
echo "load average (1/5/15 min) at each round's start and at the end: $(IFS=';'; echo "${loads[*]}")"
echo "settings: SIZE=$SIZE B, RATE=$RATE msg/s, WARMUP=${WARMUP}s, WINDOW=${WINDOW}s, ROUNDS=$ROUNDS, artemis perf --max-pending $PERF_MAX_PENDING"
echo
cat "$work/table.md"
echo; echo "(raw results in $work)"
