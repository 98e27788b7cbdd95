#!/usr/bin/env bash
# Memory: 20 DS2 users in a 256 MB heap. Prints the run's figures, the JVM's peak resident set
# size and the heap in use after the last GC.
# Usage: bench/ds2/memory.sh [threads] [seconds]
set -euo pipefail
source "$(dirname "$0")/pg.sh"
THREADS="${1:-20}"
SECONDS_RUN="${2:-60}"
OUT="${OUT:-$ROOT/results/bench-ds2-memory}"
mkdir -p "$OUT"
"$LOADLAB" ds2 load --db-size 10MB --data-dir "$PG_DATA" >/dev/null
pg_start
trap pg_stop EXIT
"$LOADLAB" ds2 reset --url "$PG_URL" --user postgres --db-size 10MB >/dev/null
LOADLAB_JAVA_OPTS="-Xmx256m -Xlog:gc:file=$OUT/gc.log" /usr/bin/time -v "$LOADLAB" ds2 run \
  --url "$PG_URL" --user postgres --db-size 10MB --threads "$THREADS" --ramp-rate 100 \
  --run-time "${SECONDS_RUN}s" --quiet --output "$OUT/run" >"$OUT/run.txt" 2>"$OUT/time.txt"
grep -E '^(opm|status):' "$OUT/run.txt"
grep 'Maximum resident set size' "$OUT/time.txt"
echo "heap after the last GCs: $(grep -o '[0-9]*M->[0-9]*M([0-9]*M)' "$OUT/gc.log" | tail -3 | tr '\n' ' ')"
"$LOADLAB" ds2 reset --url "$PG_URL" --user postgres --db-size 10MB >/dev/null
