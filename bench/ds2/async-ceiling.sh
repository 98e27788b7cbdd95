#!/usr/bin/env bash
# What an asynchronous client would give DS2 on Java 17: pgbench, `loadlab ds2 run` (one kernel
# thread per user) and bench/ds2/async-client (the pgbench script's orders from users multiplexed
# over Vert.x event-loop threads, one by default), one after another on the same database, each
# 40 s with perf stat over 20 s of steady state: opm, client and server CPU per order, context
# switches and socket writes per order. Needs perf (linux-perf); writes are counted where syscall
# tracepoints are readable (root).
# Usage: [QUIET=1] [ROUNDS=n] [TOOLS="pgbench loadlab async"] [RESTOCK_TRIGGER=1] [JAVA_HOME=jdk]
#        [ASYNC_EVENT_LOOPS=1] [ASYNC_JAVA_OPTS=...] bench/ds2/async-ceiling.sh [clients]
set -euo pipefail
cd "$(dirname "$0")/../.."
source bench/ds2/pg.sh
CLIENTS="${1:-20}"
ROUNDS="${ROUNDS:-1}"
TOOLS="${TOOLS:-pgbench loadlab async}"
SIZE=10MB
OUT="${OUT:-$ROOT/results/bench-ds2-async-ceiling}"
ASYNC=bench/ds2/async-client
mkdir -p "$OUT"
./mvnw -q -f "$ASYNC/pom.xml" package dependency:build-classpath -Dmdep.outputFile=target/cp.txt
ASYNC_CP="$ASYNC/target/ds2-async-client-1.jar:$(cat "$ASYNC/target/cp.txt")"
[ -d "$PG_DATA" ] || "$LOADLAB" ds2 load --db-size "$SIZE" --data-dir "$PG_DATA" >/dev/null
pg_start
# RESTOCK_TRIGGER=1: the server restocks (bench/ds2/restock-trigger.sql) for every client; dropped at exit.
no_trigger() { psql_ds2 -qc "DROP TRIGGER IF EXISTS bench_restock ON inventory" >/dev/null 2>&1 || true; }
trap 'no_trigger; pg_stop' EXIT
no_trigger
psql_ds2 -f bench/ds2/bench-words.sql 2>/dev/null
n() { psql_ds2 -Atc "$1"; }
reset() { "$LOADLAB" ds2 reset --url "$PG_URL" --user postgres --db-size "$SIZE" >/dev/null; }
quiet() {
  if [ "${QUIET:-0}" = 1 ]; then
    while awk '{exit !($1 >= 1.0)}' /proc/loadavg; do sleep 5; done
  fi
}
EVENTS=task-clock,context-switches
if perf stat -e syscalls:sys_enter_write true >/dev/null 2>&1; then
  EVENTS="$EVENTS,syscalls:sys_enter_write,syscalls:sys_enter_sendto"
fi
# measure TOOL PID: perf stat over 20 s of PID (the client) and of the server's processes after
# 16 s, then waits for PID to end.
measure() {
  sleep 16
  local postmaster; postmaster=$(head -1 "$PG_DATA/postmaster.pid")
  perf stat -x, -e task-clock -p "$postmaster,$(pgrep -d, -P "$postmaster")" -- sleep 20 \
    2>"$OUT/perf-server-$1.csv" >/dev/null &
  perf stat -x, -e "$EVENTS" -p "$2" -- sleep 20 2>"$OUT/perf-$1.csv" >/dev/null
  wait "$2"
}
# report TOOL OPM LOAD: opm, and CPU (client and server), switches and writes per order from the
# perf window.
report() {
  local server; server=$(awk -F, '$3 == "task-clock" { print $1 }' "$OUT/perf-server-$1.csv")
  awk -F, -v tool="$1" -v opm="$2" -v before="$3" -v server="$server" '
    $3 == "task-clock" { ms = $1 } $3 == "context-switches" { cs = $1 }
    $3 ~ /sys_enter_(write|sendto)/ { w += $1; counted = 1 }
    END { n = opm / 3
      printf "%-8s opm=%.0f client cpu/order=%.0f us server cpu/order=%.0f us cs/order=%.1f", \
        tool, opm, ms * 1000 / n, server * 1000 / n, cs / n
      if (counted) printf " writes/order=%.1f", w / n
      printf " (load before: %s)\n", before }' "$OUT/perf-$1.csv"
}
run() {
  no_trigger; reset
  if [ "${RESTOCK_TRIGGER:-0}" = 1 ]; then psql_ds2 -f bench/ds2/restock-trigger.sql >/dev/null; fi
  quiet
  local load; load=$(cut -d' ' -f1 /proc/loadavg)
  case $1 in
  pgbench)
    local vars=(-D ncust="$(n "SELECT value FROM loadlab_ds2 WHERE name = 'customers'")"
      -D nprod="$(n "SELECT value FROM loadlab_ds2 WHERE name = 'products'")"
      -D nfirst="$(n 'SELECT count(*) FROM bench_first')" -D nlast="$(n 'SELECT count(*) FROM bench_last')"
      -D ntitle="$(n 'SELECT count(*) FROM bench_title')")
    pgbench -n -M prepared -c "$CLIENTS" -j 2 -T 40 --max-tries=10 "${vars[@]}" \
      -f bench/ds2/ds2-order.pgbench -h 127.0.0.1 -p "$PG_PORT" -U postgres ds2 >"$OUT/pgbench.txt" 2>&1 &
    measure pgbench $!
    report pgbench "$(sed -n 's/^tps = \([0-9.]*\) .*/\1/p' "$OUT/pgbench.txt" | awk '{print $1 * 60}')" "$load";;
  loadlab)
    "$LOADLAB" ds2 run --url "$PG_URL" --user postgres --db-size "$SIZE" --threads "$CLIENTS" --mode statements \
      --ramp-rate 100 --warmup 12s --run-time 28s --think-time 0 --pct-newcustomers 20 --n-searches 3 \
      --search-batch-size 5 --n-line-items 5 --quiet --output "$OUT/loadlab" >"$OUT/loadlab.txt" &
    measure loadlab $!
    report loadlab "$(sed -n 's/^opm: //p' "$OUT/loadlab.txt")" "$load";;
  async)
    "$JAVA" ${ASYNC_JAVA_OPTS:-} -cp "$ASYNC_CP" bench.ds2.AsyncOrders "$PG_PORT" "$CLIENTS" 40 12 \
      "${ASYNC_EVENT_LOOPS:-1}" group \
      >"$OUT/async.txt" &
    measure async $!
    report async "$(sed -n 's/^opm: //p' "$OUT/async.txt")" "$load";;
  esac
}
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"   # loadlab's launcher takes JAVA_HOME too
echo "clients=$CLIENTS rounds=$ROUNDS java: $("$JAVA" -version 2>&1 | head -1)"
for ((r = 1; r <= ROUNDS; r++)); do
  echo "round $r"
  # The order alternates so that a machine drifting over time favours no tool.
  if ((r % 2)); then order="$TOOLS"; else order=$(echo "$TOOLS" | tr ' ' '\n' | tac | tr '\n' ' '); fi
  for tool in $order; do run "$tool"; done
done
no_trigger; reset
