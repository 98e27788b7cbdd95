#!/usr/bin/env bash
# Driver overhead: loadlab's orders per minute against pgbench making the same calls on the same
# database, same server, same number of clients: MODE=functions (the default: loadlab --mode
# functions and ds2-order-functions.pgbench) or MODE=statements (ds2-order.pgbench).
# Usage: [QUIET=1] [ROUNDS=n] [MODE=functions|statements] [USER_THREADS=auto|platform|virtual] [JAVA_HOME=jdk] bench/ds2/driver-overhead.sh [clients] [seconds] [db-size]
set -euo pipefail
source "$(dirname "$0")/pg.sh"
CLIENTS="${1:-20}"
SECONDS_RUN="${2:-60}"
SIZE="${3:-10MB}"
ROUNDS="${ROUNDS:-1}"
MODE="${MODE:-functions}"
case "$MODE" in
  functions) SCRIPT="$(dirname "$0")/ds2-order-functions.pgbench" ;;
  statements) SCRIPT="$(dirname "$0")/ds2-order.pgbench" ;;
  *) echo "MODE: '$MODE' is not a mode; use functions or statements" >&2; exit 2 ;;
esac
OUT="${OUT:-$ROOT/results/bench-ds2-overhead}"
mkdir -p "$OUT"

"$LOADLAB" ds2 load --db-size "$SIZE" --data-dir "$PG_DATA" >/dev/null
pg_start
trap pg_stop EXIT
psql_ds2 -f "$(dirname "$0")/bench-words.sql"
n() { psql_ds2 -Atc "$1"; }
NCUST=$(n "SELECT value FROM loadlab_ds2 WHERE name = 'customers'")
NPROD=$(n "SELECT value FROM loadlab_ds2 WHERE name = 'products'")
VARS=(-D ncust="$NCUST" -D nprod="$NPROD" -D nfirst="$(n 'SELECT count(*) FROM bench_first')"
      -D nlast="$(n 'SELECT count(*) FROM bench_last')" -D ntitle="$(n 'SELECT count(*) FROM bench_title')")

# QUIET=1: before each tool's run, wait until the 1-minute load average is under 1 (quiet rounds).
quiet() {
  if [ "${QUIET:-0}" = 1 ]; then
    while awk '{exit !($1 >= 1.0)}' /proc/loadavg; do sleep 5; done
  fi
}
reset() { "$LOADLAB" ds2 reset --url "$PG_URL" --user postgres --db-size "$SIZE" >/dev/null; }

# One tool's run on a freshly reset database; prints its opm and the load average before it.
run_loadlab() {
  reset; quiet
  local load; load=$(cut -d' ' -f1-3 /proc/loadavg)
  "$LOADLAB" ds2 run --url "$PG_URL" --user postgres --db-size "$SIZE" --threads "$CLIENTS" \
    --ramp-rate 100 --warmup 10s --run-time "${SECONDS_RUN}s" --think-time 0 \
    --pct-newcustomers 20 --n-searches 3 --search-batch-size 5 --n-line-items 5 \
    --mode "$MODE" ${USER_THREADS:+--user-threads "$USER_THREADS"} --quiet --output "$OUT/loadlab-$1" >"$OUT/loadlab-$1.txt"
  echo "$(sed -n 's/^opm: //p' "$OUT/loadlab-$1.txt") $load"
}
run_pgbench() {
  reset; quiet
  local load tps; load=$(cut -d' ' -f1-3 /proc/loadavg)
  pgbench -n -M prepared -c "$CLIENTS" -j 2 -T 10 --max-tries=10 "${VARS[@]}" \
    -f "$SCRIPT" -h 127.0.0.1 -p "$PG_PORT" -U postgres ds2 >/dev/null
  pgbench -n -M prepared -c "$CLIENTS" -j 2 -T "$SECONDS_RUN" --max-tries=10 "${VARS[@]}" \
    -f "$SCRIPT" -h 127.0.0.1 -p "$PG_PORT" -U postgres ds2 \
    >"$OUT/pgbench-$1.txt" 2>&1
  tps=$(sed -n 's/^tps = \([0-9.]*\) .*/\1/p' "$OUT/pgbench-$1.txt")
  echo "$(awk -v t="$tps" 'BEGIN { printf "%.0f", t * 60 }') $load"
}

# The Java the loadlab launcher runs on: JAVA_HOME's, else the newest installed.
. "$ROOT/dist/src/main/dist/lib/find-java.sh"
loadlab_find_java 2>/dev/null
JAVA_BIN=$java
echo "clients=$CLIENTS seconds=$SECONDS_RUN size=$SIZE rounds=$ROUNDS mode=$MODE"
# ROUNDS=n: n pairs, the order alternating (loadlab first in odd rounds, pgbench first in even
# ones) so that a machine drifting over time favours neither tool; the median ratio sums them up.
RATIOS=()
for ((r = 1; r <= ROUNDS; r++)); do
  if ((r % 2)); then L=$(run_loadlab "$r"); P=$(run_pgbench "$r")
  else P=$(run_pgbench "$r"); L=$(run_loadlab "$r"); fi
  read -r LOADLAB_OPM LOAD_LOADLAB <<<"$L"
  read -r PGBENCH_OPM LOAD_PGBENCH <<<"$P"
  [ "$r" = 1 ] && echo "java: $("$JAVA_BIN" -version 2>&1 | head -1); user threads: $(grep -o '"user threads" : "[a-z]*"' "$OUT/loadlab-1/result.json" | head -1 | sed 's/.*: //'); JIT: $(grep -o '"jit" : "[^"]*"' "$OUT/loadlab-1/result.json" | head -1 | sed 's/.*: //')"
  RATIO=$(awk -v a="$LOADLAB_OPM" -v b="$PGBENCH_OPM" 'BEGIN { printf "%.2f", a / b }')
  RATIOS+=("$RATIO")
  echo "round $r: loadlab opm=$LOADLAB_OPM (load before: $LOAD_LOADLAB)  pgbench opm=$PGBENCH_OPM (load before: $LOAD_PGBENCH)  ratio loadlab/pgbench = $RATIO"
done
reset
printf '%s\n' "${RATIOS[@]}" | sort -n | awk '{ r[NR] = $1 } END {
  m = NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
  printf "median ratio loadlab/pgbench = %.2f over %d round(s) (min %.2f, max %.2f)\n", m, NR, r[1], r[NR] }'
