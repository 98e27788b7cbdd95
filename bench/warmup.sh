#!/usr/bin/env bash
# Warm-up: how long after its process starts each workload's p50 (or, for the workloads that move
# data as fast as they can, its rate) settles within 10% of its steady value, from the run's own
# 1-second intervals (intervals.csv).
#
#   bench/warmup.sh                       # every workload below, 30 s each, 3 rounds
#   ROUNDS=5 bench/warmup.sh amqp-latency
#   LOADLAB_JAVA_OPTS=-XX:CompileThresholdScaling=0.1 bench/warmup.sh amqp-latency
#   (the client only: BROKER_JAVA_OPTS= for the broker, which one unmeasured run of BROKER_PRIME=20 s
#   warms first, as a campaign's broker is warm after its first run)
#   SHORT=1 bench/warmup.sh               # a few seconds, one round (CI: the script cannot rot)
#   taskset -c 0 env BROKER_CPU=1 bench/warmup.sh amqp-latency   # the broker on a CPU of its own
#   (BROKER_CPU=n starts the broker under `taskset -c n`; by default it shares the client's CPUs, so
#   the client's JIT threads and the broker take turns on them)
#
# Workloads and what settles:
#   amqp-latency     `amqp latency --rate 1000 --size 64`, broker in its own JVM: p50 of `transit`
#   amqp-throughput  `amqp throughput --size 64`, 1 publisher and 1 subscriber, same broker: the
#                    delivery rate (a p50 at full throughput is the backlog's, not the client's)
#   net-rr-tcp, net-rr-udp  `net rr`, 1 user, 14/14 B, against `net serve`: p50 of `rr`
#   net-crr-tcp      `net crr`, 1 user, 14/14 B: p50 of `crr`
#   net-stream-tcp   `net stream`, 1 user (the default sizes): the byte rate
#   ds2-run          `ds2 run --mode functions`, 20 users, no think time, against the bench
#                    PostgreSQL of bench/ds2/pg.sh (10MB, loaded once, reset before each run):
#                    p50 of `order`
# Each run goes through the launcher (./loadlab), so it gets what a user gets: the launcher's
# class-data or ahead-of-time cache (LOADLAB_NO_CDS=1 turns both off), LOADLAB_JAVA_OPTS.
#
# Steady value: the median p50 (or rate) of the last third of the intervals. Warm: the first
# interval from which three in a row are within 10% of it; the time is from the process's start to
# that interval's start (start-up included). A run has no --warmup here, so every interval counts.
# The median over rounds leaves out a run that ended with an error (e.g. did not hold its rate).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
if [[ -n ${SHORT:-} ]]; then
  DURATION=${DURATION:-4}
  ROUNDS=${ROUNDS:-1}
  BROKER_PRIME=${BROKER_PRIME:-0}
fi
DURATION=${DURATION:-30}
ROUNDS=${ROUNDS:-3}
WORKLOADS=("$@")
KNOWN=(amqp-latency amqp-throughput net-rr-tcp net-rr-udp net-crr-tcp net-stream-tcp ds2-run)
[[ ${#WORKLOADS[@]} -gt 0 ]] || WORKLOADS=("${KNOWN[@]}")
for w in "${WORKLOADS[@]}"; do
  [[ " ${KNOWN[*]} " == *" $w "* ]] || { echo "workload '$w' is not one of ${KNOWN[*]}" >&2; exit 2; }
done
LOADLAB=${LOADLAB:-$ROOT/loadlab} # another launcher: LOADLAB=path
WORK=$(mktemp -d /tmp/loadlab-warmup.XXXXXX)
PIDS=()
PG_UP=""
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  [[ -z $PG_UP ]] || pg_stop
  rm -rf "$WORK"
}
trap cleanup EXIT
if [[ ! -f $ROOT/dist/target/loadlab.jar ]]; then
  (cd "$ROOT" && ./mvnw -q -B -pl dist -am package -DskipTests)
fi
wait_for() { # log-file text
  for _ in $(seq 1 120); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.5; done
  cat "$1" >&2
  return 1
}

needs() { [[ " ${WORKLOADS[*]} " == *" $1"* ]]; }
if needs ds2; then
  # shellcheck source=bench/ds2/pg.sh
  source "$ROOT/bench/ds2/pg.sh"
  "$LOADLAB" ds2 load --db-size 10MB --data-dir "$PG_DATA" >/dev/null
  pg_start
  PG_UP=1
fi
if needs amqp; then
  # The broker keeps its own JVM options (LOADLAB_JAVA_OPTS is for the client under study).
  BROKER_PIN=()
  [[ -n ${BROKER_CPU:-} ]] && BROKER_PIN=(taskset -c "$BROKER_CPU")
  LOADLAB_JAVA_OPTS="${BROKER_JAVA_OPTS:-}" LOADLAB_AOT= "${BROKER_PIN[@]}" "$LOADLAB" broker --host 127.0.0.1 --port 0 \
    >"$WORK/broker.log" 2>&1 &
  PIDS+=($!)
  wait_for "$WORK/broker.log" listening
  BROKER=$(sed -n 's/.*--broker \(amqp:[^;]*\);.*/\1/p' "$WORK/broker.log")
  # A campaign's broker runs for all of its runs: it is warm after the first. So that every round
  # measures the client's warm-up, not the broker's, one unmeasured run warms the broker first
  # (BROKER_PRIME seconds, default 20; 0 skips it).
  if [[ ${BROKER_PRIME:-20} -gt 0 ]]; then
    "$LOADLAB" amqp latency --broker "$BROKER" --rate 1000 --size 64 \
      --duration "${BROKER_PRIME:-20}s" --quiet --output "$WORK/prime" >"$WORK/prime.log" 2>&1 || true
  fi
fi
if needs net; then
  "$LOADLAB" net serve --host 127.0.0.1 --port 0 >"$WORK/serve.log" 2>&1 &
  PIDS+=($!)
  wait_for "$WORK/serve.log" listening
  NET_PORT=$(sed -n 's/.*listening on .* port \([0-9]*\).*/\1/p' "$WORK/serve.log" | head -1)
fi

# prints: seconds-to-warm steady-value first-value intervals
settle() { # run-dir operation process-start-ms column (p50Us, ratePerSec or bytesPerSec)
  python3 - "$1/intervals.csv" "$2" "$3" "$4" <<'PY'
import csv, statistics, sys
rows, phase, measured = [], None, False
for r in csv.DictReader(open(sys.argv[1])):
    # Leave out the moments after a measured window (flagged warmup, while the users stop).
    if r["phase"] != phase:
        phase, measured = r["phase"], False
    measured = measured or r["warmup"] == "false"
    after = measured and r["warmup"] == "true"
    if r["operation"] == sys.argv[2] and int(r["count"]) > 0 and not after:
        rows.append(r)
start = int(sys.argv[3])
values = [float(r[sys.argv[4]]) for r in rows]
if len(values) < 3:
    print("- - - %d" % len(values)); sys.exit()
steady = statistics.median(values[-max(1, len(values) // 3):])
ok = [abs(v - steady) <= 0.1 * steady for v in values]
warm = next((i for i in range(len(ok) - 2) if ok[i] and ok[i + 1] and ok[i + 2]), None)
t = "-" if warm is None else "%.1f" % ((int(rows[warm]["startEpochMs"]) - start) / 1000)
scale = 1e-6 if sys.argv[4] == "bytesPerSec" else 1  # byte rates in MB/s
print("%s %.0f %.0f %d" % (t, steady * scale, values[0] * scale, len(values)))
PY
}

run() { # workload round
  local dir=$WORK/$1-$2 t0 op code=0 column=p50Us label=p50 unit=us
  [[ $1 != ds2-run ]] || "$LOADLAB" ds2 reset --url "$PG_URL" --user postgres --db-size 10MB >/dev/null
  t0=$(date +%s%3N)
  case $1 in
    amqp-latency)
      op="transit size=64"
      "$LOADLAB" amqp latency --broker "$BROKER" --rate 1000 --size 64 --duration "${DURATION}s" \
        --interval 1s --quiet --output "$dir" >"$dir.log" 2>&1 || code=$? ;;
    amqp-throughput)
      op="deliver size=64" column=ratePerSec label=rate unit=msg/s
      "$LOADLAB" amqp throughput --broker "$BROKER" --size 64 --duration "${DURATION}s" \
        --interval 1s --quiet --output "$dir" >"$dir.log" 2>&1 || code=$? ;;
    net-rr-tcp | net-rr-udp)
      op="rr users=1"
      "$LOADLAB" net rr --protocol "${1#net-rr-}" --host 127.0.0.1 --port "$NET_PORT" --users 1 \
        --request 14 --response 14 --duration "${DURATION}s" --interval 1s --quiet --output "$dir" \
        >"$dir.log" 2>&1 || code=$? ;;
    net-crr-tcp)
      op="crr users=1"
      "$LOADLAB" net crr --host 127.0.0.1 --port "$NET_PORT" --users 1 --request 14 --response 14 \
        --duration "${DURATION}s" --interval 1s --quiet --output "$dir" >"$dir.log" 2>&1 || code=$? ;;
    net-stream-tcp)
      op="stream users=1" column=bytesPerSec label=rate unit=MB/s
      "$LOADLAB" net stream --host 127.0.0.1 --port "$NET_PORT" --users 1 --duration "${DURATION}s" \
        --interval 1s --quiet --output "$dir" >"$dir.log" 2>&1 || code=$? ;;
    ds2-run)
      op="order"
      "$LOADLAB" ds2 run --url "$PG_URL" --user postgres --db-size 10MB --threads 20 --ramp-rate 100 \
        --think-time 0 --mode functions --run-time "${DURATION}s" --interval 1s --quiet --output "$dir" \
        >"$dir.log" 2>&1 || code=$? ;;
  esac
  # a run that ended with an error (exit 1: e.g. it could not hold its rate on a busy machine)
  # still has its intervals; one that did not start has none
  if [[ ! -f $dir/intervals.csv ]]; then
    echo "$1 did not run (exit $code):" >&2
    tail -5 "$dir.log" >&2
    exit 1
  fi
  read -r warm steady first n < <(settle "$dir" "$op" "$t0" "$column")
  [[ $code == 0 ]] || warm="$warm(exit-$code)"
  echo "$warm" >>"$WORK/$1.warm"
  printf '  %-15s round %s: warm after %s s (steady %s %s %s, first interval %s, %s intervals)  [load %s]\n' \
    "$1" "$2" "$warm" "$label" "$steady" "$unit" "$first" "$n" "$(cut -d' ' -f1-3 /proc/loadavg)"
}

echo "java: $(. "$ROOT/dist/src/main/dist/lib/find-java.sh"; loadlab_find_java; "$java" -version 2>&1 | head -1)"
echo "LOADLAB_JAVA_OPTS=${LOADLAB_JAVA_OPTS:-} LOADLAB_NO_CDS=${LOADLAB_NO_CDS:-} BROKER_CPU=${BROKER_CPU:-}; ${DURATION}s runs, $ROUNDS rounds"
for round in $(seq "$ROUNDS"); do
  for w in "${WORKLOADS[@]}"; do run "$w" "$round"; done
done
echo
for w in "${WORKLOADS[@]}"; do
  printf '%-15s seconds to within 10%% of steady: median %s (rounds: %s)\n' "$w" \
    "$(grep -v -- - "$WORK/$w.warm" | sort -g | awk '{ r[NR] = $1 } END { if (NR == 0) print "-"; else printf "%.1f", NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2 }')" \
    "$(paste -sd' ' "$WORK/$w.warm")"
done
