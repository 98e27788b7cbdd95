#!/usr/bin/env bash
# Report benchmark (issue 13): the report.html and summary.md of a one-hour run (3,600 intervals,
# 20 operations): size and writing time; a 1,000,000-sample JMeter JTL converted in -Xmx512m; and
# the time headless Chromium takes to open the one-hour report (browser start measured apart on an
# empty page, so the difference is the report's own).
#
#   bench/report-bench.sh            # ROUNDS=5 by default
#
# Needs: java 17, chromium (Debian's). Targets: report ≤ 5 MB written ≤ 2 s, opens ≤ 2 s; JTL ≤ 10 s.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROUNDS=${ROUNDS:-5}
work="$(mktemp -d /tmp/loadlab-report-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT
cd "$here"
echo "== building jmh-benches (benchmarks.jar)" >&2
./mvnw -B -q -pl jmh-benches -am package -DskipTests >&2
echo "== machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
java -Xmx512m -Drounds="$ROUNDS" -cp jmh-benches/target/benchmarks.jar \
  io.loadlab.jmh.export.ReportBenchmark "$work"

chrome() {
  rm -rf "$work/profile"
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --disable-dev-shm-usage --user-data-dir="$work/profile" --dump-dom "$1" 2>/dev/null
}
printf '<html><body>empty</body></html>' >"$work/empty.html"
for i in $(seq 1 "$ROUNDS"); do
  s=$(date +%s%N); chrome "file://$work/empty.html" >/dev/null; e=$(date +%s%N)
  s2=$(date +%s%N); chrome "file://$work/report.html" >"$work/dom.html"; e2=$(date +%s%N)
  check=$(grep -o '<pre id="loadlab-check"[^>]*>[^<]*' "$work/dom.html" | sed 's/.*>//' | cut -c1-60)
  echo "chromium round $i: empty page $(( (e - s) / 1000000 )) ms, one-hour report $(( (e2 - s2) / 1000000 )) ms (difference = the report's own), check: $check..."
done
