#!/usr/bin/env bash
# Loading: 'loadlab ds2 load' (generate + COPY + keys/indexes + ANALYZE) against psql \copy of
# the same data, generated beforehand as CSV files by 'loadlab ds2 generate', followed by the
# same keys, indexes and ANALYZE. Both load into fresh databases on the same server.
# Usage: bench/ds2/load-vs-copy.sh [db-size]   (default 1GB)
set -euo pipefail
source "$(dirname "$0")/pg.sh"
SIZE="${1:-1GB}"
CSV="${CSV_DIR:-${TMPDIR:-/tmp}/ds2-csv-$SIZE}"

[ -d "$PG_DATA" ] || "$LOADLAB" ds2 load --db-size 1MB --data-dir "$PG_DATA" --database ds2 >/dev/null
pg_start
trap pg_stop EXIT
now() { date +%s.%N; }
PG_DB=postgres psql_ds2 -c "DROP DATABASE IF EXISTS ds2load" -c "CREATE DATABASE ds2load" \
  -c "DROP DATABASE IF EXISTS ds2copy" -c "CREATE DATABASE ds2copy"

run_loadlab() {
  t0=$(now)
  "$LOADLAB" ds2 load --url "jdbc:postgresql://127.0.0.1:$PG_PORT/ds2load" --user postgres \
    --db-size "$SIZE" >/dev/null
  t1=$(now)
}
run_copy() {
  t2=$(now)
  PG_DB=ds2copy psql_ds2 -v ON_ERROR_STOP=1 -f "$CSV/pg-create-tables.sql"
  for t in categories customers products orders orderlines cust_hist inventory; do
    PG_DB=ds2copy psql_ds2 -v ON_ERROR_STOP=1 -c "\\copy $t FROM '$CSV/$t.csv' WITH (FORMAT csv)"
  done
  PG_DB=ds2copy psql_ds2 -v ON_ERROR_STOP=1 -o /dev/null -f "$CSV/pg-create-indexes.sql"
  t3=$(now)
}
# The CSV files are generated first and not timed; ORDER=copy-first runs psql before loadlab.
[ -f "$CSV/orders.csv" ] || "$LOADLAB" ds2 generate --db-size "$SIZE" --out "$CSV" >/dev/null
psql_ds2 -c "CHECKPOINT" >/dev/null
if [ "${ORDER:-loadlab-first}" = copy-first ]; then
  run_copy; psql_ds2 -c "CHECKPOINT" >/dev/null; run_loadlab
else
  run_loadlab; psql_ds2 -c "CHECKPOINT" >/dev/null; run_copy
fi

LOAD=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
COPY=$(awk -v a="$t2" -v b="$t3" 'BEGIN { printf "%.1f", b - a }')
echo "size=$SIZE csv=$(du -sh "$CSV" | cut -f1)"
echo "loadlab ds2 load: ${LOAD} s (generation included)"
echo "psql \\copy + same indexes: ${COPY} s (files generated beforehand)"
awk -v a="$LOAD" -v b="$COPY" 'BEGIN { printf "ratio loadlab/psql = %.2f\n", a / b }'
PG_DB=postgres psql_ds2 -c "DROP DATABASE ds2load" -c "DROP DATABASE ds2copy"
