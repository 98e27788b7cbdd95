#!/usr/bin/env bash
# Client CPU per order: loadlab ds2 run against pgbench making the same calls, each measured with
# perf stat (task-clock, context switches) over 20 s of steady state (after warmup and JIT), on the
# bench PostgreSQL of pg.sh. Needs perf (linux-perf).
# MODE=functions (the default; ds2-order-functions.pgbench, loadlab --mode functions: one call of
# loadlab's server-side function per step) or MODE=statements (ds2-order.pgbench, --mode
# statements). ROUNDS=n runs n rounds (order alternating) and prints the median ratio; PIN=0 runs
# the server and both clients on CPU 0 only (taskset), so both pay the same wake-ups.
# WARM=s and WINDOW=s: perf starts WARM s after the client (default 16; longer on a busy machine,
# where the JIT takes longer) and counts WINDOW s (default 20).
# WHO=async (first argument) measures bench/ds2/async-client instead: the same calls (functions mode)
# from the users multiplexed over one Vert.x event loop, the ceiling of an asynchronous client.
# SHORT=1: 3 s windows, a smoke test of the script (CI), not a measure.
# Usage: [MODE=..] [ROUNDS=n] [PIN=cpu] bench/ds2/client-cpu.sh [loadlab|pgbench|both|async] [clients]
# (JAVA_HOME picks the JDK; LOADLAB_JAVA_OPTS passes JVM flags, e.g. an -agentpath profiler)
set -euo pipefail
WHO="${1:-both}"; CLIENTS="${2:-20}"
MODE="${MODE:-functions}"; ROUNDS="${ROUNDS:-1}"
cd "$(dirname "$0")/../.."
source bench/ds2/pg.sh
case "$MODE" in
  functions) SCRIPT=bench/ds2/ds2-order-functions.pgbench ;;
  statements) SCRIPT=bench/ds2/ds2-order.pgbench ;;
  *) echo "MODE: '$MODE' is not a mode; use functions or statements" >&2; exit 2 ;;
esac
if [ "$WHO" = async ] && [ "$MODE" != functions ]; then
  echo "MODE: the async client makes the functions mode's calls only; use MODE=functions" >&2; exit 2
fi
if [ "${SHORT:-0}" = 1 ]; then WARM=6; WINDOW=3; else WARM="${WARM:-16}"; WINDOW="${WINDOW:-20}"; fi
SIZE=10MB
OUT="${OUT:-$ROOT/results/bench-ds2-client-cpu}"
mkdir -p "$OUT"
# Loads once; on a loaded database it only creates loadlab's functions if they are missing.
"$LOADLAB" ds2 load --db-size "$SIZE" --data-dir "$PG_DATA" >/dev/null
pg_start; trap pg_stop EXIT
psql_ds2 -f bench/ds2/bench-words.sql 2>/dev/null
n() { psql_ds2 -Atc "$1"; }
reset() { "$LOADLAB" ds2 reset --url "$PG_URL" --user postgres --db-size "$SIZE" >/dev/null; }
# measure TOOL PID ORDERS_CMD: perf stat over WINDOW s of PID after WARM s, then CPU and context
# switches per order (orders in the window from the tool's own rate); prints "tool opm cpu cs".
measure() {
  local tool=$1 pid=$2 orders
  sleep "$WARM"
  perf stat -e task-clock,context-switches -p "$pid" -- sleep "$WINDOW" 2>"$OUT/perf-$tool.txt" >/dev/null
  wait "$pid"
  orders=$(eval "$3")
  awk -v tool="$tool" -v n="$orders" -v w="$WINDOW" \
    -v ms="$(awk '/task-clock/ {gsub(",","",$1); print $1}' "$OUT/perf-$tool.txt")" \
    -v cs="$(awk '/context-switches/ {gsub(",","",$1); print $1}' "$OUT/perf-$tool.txt")" \
    'BEGIN { printf "%s %.0f %.0f %.1f\n", tool, n * 60 / w, ms * 1000 / n, cs / n }'
}
run_loadlab() {
  reset
  "${PINNED[@]}" "$LOADLAB" ds2 run --url "$PG_URL${URL_SUFFIX:-}" --user postgres --db-size "$SIZE" --threads "$CLIENTS" \
    --ramp-rate 100 --warmup $((WARM - 4))s --run-time $((WINDOW + 10))s --think-time 0 --pct-newcustomers 20 --n-searches 3 \
    --search-batch-size 5 --n-line-items 5 --mode "$MODE" ${USER_THREADS:+--user-threads $USER_THREADS} --quiet --output "$OUT/loadlab" >"$OUT/loadlab.txt" &
  measure loadlab $! "awk -v w=$WINDOW '/^opm: / {print \$2 * w / 60}' '$OUT/loadlab.txt'"
}
run_pgbench() {
  reset
  local vars=(-D ncust="$(n "SELECT value FROM loadlab_ds2 WHERE name = 'customers'")" -D nprod="$(n "SELECT value FROM loadlab_ds2 WHERE name = 'products'")"
        -D nfirst="$(n 'SELECT count(*) FROM bench_first')" -D nlast="$(n 'SELECT count(*) FROM bench_last')" -D ntitle="$(n 'SELECT count(*) FROM bench_title')")
  "${PINNED[@]}" pgbench -n -M prepared -c "$CLIENTS" -j 2 -T $((WARM + WINDOW + 4)) --max-tries=10 "${vars[@]}" \
    -f "$SCRIPT" -h 127.0.0.1 -p "$PG_PORT" -U postgres ds2 >"$OUT/pgbench.txt" 2>&1 &
  measure pgbench $! "sed -n 's/^tps = \([0-9.]*\) .*/\1/p' '$OUT/pgbench.txt' | awk -v w=$WINDOW '{print \$1 * w}'"
}
# The ceiling of an asynchronous client (WHO=async): bench/ds2/async-client, the same calls from the
# users multiplexed over one Vert.x event loop (functions mode only; Java from JAVA_HOME or PATH).
run_async() {
  reset
  local a=bench/ds2/async-client
  ./mvnw -q -f "$a/pom.xml" package dependency:build-classpath -Dmdep.outputFile=target/cp.txt >&2
  "${PINNED[@]}" "${JAVA_HOME:+$JAVA_HOME/bin/}java" ${ASYNC_JAVA_OPTS:-} -cp "$a/target/ds2-async-client-1.jar:$(cat "$a/target/cp.txt")" \
    bench.ds2.AsyncOrders "$PG_PORT" "$CLIENTS" $((WARM + WINDOW + 4)) "$WARM" 1 functions >"$OUT/async.txt" &
  measure async $! "awk -v w=$WINDOW '/^opm: / {print \$2 * w / 60}' '$OUT/async.txt'"
}
show() { awk '{ printf "%s opm=%s cpu/order=%s us cs/order=%s\n", $1, $2, $3, $4 }' <<<"$1"; }
echo "mode=$MODE clients=$CLIENTS rounds=$ROUNDS${PIN:+ pinned to CPU $PIN}"
RATIOS=()
for ((r = 1; r <= ROUNDS; r++)); do
  L=""; P=""
  if ((r % 2)); then
    [ "$WHO" = async ] && { A=$(run_async); show "$A"; continue; }
    [ "$WHO" != pgbench ] && { L=$(run_loadlab); show "$L"; }
    [ "$WHO" != loadlab ] && { P=$(run_pgbench); show "$P"; }
  else
    [ "$WHO" = async ] && { A=$(run_async); show "$A"; continue; }
    [ "$WHO" != loadlab ] && { P=$(run_pgbench); show "$P"; }
    [ "$WHO" != pgbench ] && { L=$(run_loadlab); show "$L"; }
  fi
  if [ -n "$L" ] && [ -n "$P" ]; then
    RATIO=$(awk -v a="$(cut -d' ' -f3 <<<"$L")" -v b="$(cut -d' ' -f3 <<<"$P")" 'BEGIN { printf "%.2f", a / b }')
    RATIOS+=("$RATIO")
    echo "round $r: client CPU per order loadlab/pgbench = $RATIO"
  fi
done
if ((${#RATIOS[@]} > 1)); then
  printf '%s\n' "${RATIOS[@]}" | sort -n | awk '{ r[NR] = $1 } END {
    m = NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
    printf "median client CPU per order loadlab/pgbench = %.2f over %d rounds (min %.2f, max %.2f)\n", m, NR, r[1], r[NR] }'
fi
