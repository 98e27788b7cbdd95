#!/usr/bin/env bash
# Client CPU per order: loadlab ds2 run against pgbench running the same statements
# (ds2-order.pgbench), each measured with perf stat (task-clock, context switches) over 20 s of
# steady state (after warmup and JIT), on the bench PostgreSQL of pg.sh. Needs perf (linux-perf).
# Usage: bench/ds2/client-cpu.sh [loadlab|pgbench|both] [clients]   (JAVA_HOME picks the JDK; LOADLAB_JAVA_OPTS passes JVM flags, e.g. an -agentpath profiler)
set -euo pipefail
WHO="${1:-both}"; CLIENTS="${2:-20}"
cd "$(dirname "$0")/../.."
source bench/ds2/pg.sh
SIZE=10MB
OUT="${OUT:-$ROOT/results/bench-ds2-client-cpu}"
mkdir -p "$OUT"
[ -d "$PG_DATA" ] || "$LOADLAB" ds2 load --db-size "$SIZE" --data-dir "$PG_DATA" >/dev/null
pg_start; trap pg_stop EXIT
psql_ds2 -f bench/ds2/bench-words.sql 2>/dev/null
n() { psql_ds2 -Atc "$1"; }
reset() { "$LOADLAB" ds2 reset --url "$PG_URL" --user postgres --db-size "$SIZE" >/dev/null; }
# measure TOOL PID DELAY OPM_PER_20S_CMD: perf stat over 20 s of PID after DELAY s, then CPU and
# context switches per order (orders in the window from the tool's own rate).
measure() {
  local tool=$1 pid=$2 delay=$3 orders
  sleep "$delay"
  perf stat -e task-clock,context-switches -p "$pid" -- sleep 20 2>"$OUT/perf-$tool.txt" >/dev/null
  wait "$pid"
  orders=$(eval "$4")
  awk -v tool="$tool" -v n="$orders" \
    -v ms="$(awk '/task-clock/ {gsub(",","",$1); print $1}' "$OUT/perf-$tool.txt")" \
    -v cs="$(awk '/context-switches/ {gsub(",","",$1); print $1}' "$OUT/perf-$tool.txt")" \
    'BEGIN { printf "%s opm=%.0f cpu/order=%.0f us cs/order=%.1f\n", tool, n * 3, ms * 1000 / n, cs / n }'
}
if [ "$WHO" != pgbench ]; then
  reset
  "$LOADLAB" ds2 run --url "$PG_URL${URL_SUFFIX:-}" --user postgres --db-size "$SIZE" --threads "$CLIENTS" \
    --ramp-rate 100 --warmup 12s --run-time 30s --think-time 0 --pct-newcustomers 20 --n-searches 3 \
    --search-batch-size 5 --n-line-items 5 ${USER_THREADS:+--user-threads $USER_THREADS} --quiet --output "$OUT/loadlab" >"$OUT/loadlab.txt" &
  measure loadlab $! 16 "awk '/^opm: / {print \$2 / 3}' '$OUT/loadlab.txt'"
fi
if [ "$WHO" != loadlab ]; then
  reset
  VARS=(-D ncust="$(n "SELECT value FROM loadlab_ds2 WHERE name = 'customers'")" -D nprod="$(n "SELECT value FROM loadlab_ds2 WHERE name = 'products'")"
        -D nfirst="$(n 'SELECT count(*) FROM bench_first')" -D nlast="$(n 'SELECT count(*) FROM bench_last')" -D ntitle="$(n 'SELECT count(*) FROM bench_title')")
  pgbench -n -M prepared -c "$CLIENTS" -j 2 -T 40 --max-tries=10 "${VARS[@]}" \
    -f bench/ds2/ds2-order.pgbench -h 127.0.0.1 -p "$PG_PORT" -U postgres ds2 >"$OUT/pgbench.txt" 2>&1 &
  measure pgbench $! 10 "sed -n 's/^tps = \([0-9.]*\) .*/\1/p' '$OUT/pgbench.txt' | awk '{print \$1 * 20}'"
fi
