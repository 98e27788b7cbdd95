#!/usr/bin/env bash
# Campaign overhead: (1) the campaign's bookkeeping per run (outside the runs' own processes),
# (2) manifest + report of a 90-run campaign, (3) the campaign JVM's memory across 90 runs.
# Needs dist/target/loadlab.jar (./mvnw -q -pl dist -am package -DskipTests).
set -euo pipefail
cd "$(dirname "$0")/.."
jar=dist/target/loadlab.jar
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
RUNS_SWEEP=${RUNS_SWEEP:-15}   # 2 configurations x 15 points x 3 iterations = 90 runs

points=$(seq -s, 1 "$RUNS_SWEEP")
cat >"$work/c.yaml" <<YAML
name: overhead
iterations: 3
configurations: [{name: a}, {name: b}]
steps:
  - {name: rr, run: net rr, options: {duration: 200ms, interval: 100ms}, sweep: {request: [$points]}}
YAML

echo "== 90-run campaign (net rr, 200 ms each): bookkeeping per run and campaign JVM memory"
java -Xmx256m -jar "$jar" campaign run "$work/c.yaml" --output "$work/out" >"$work/run.log" 2>&1 &
pid=$!
: >"$work/mem"
while kill -0 "$pid" 2>/dev/null; do
  # Heap used after a full GC (KB) and resident set (KB), once a second.
  jcmd "$pid" GC.run >/dev/null 2>&1 || true
  used=$(jstat -gc "$pid" 2>/dev/null | awk 'NR==2 {print int($3+$4+$6+$8)}') || true
  rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null) || true
  [ -n "${used:-}" ] && echo "$(date +%s) $used $rss" >>"$work/mem"
  sleep 1
done
wait "$pid" || true
tail -1 "$work/run.log"
python3 - "$work/out/campaign.json" "$work/mem" <<'PY'
import json, sys, statistics
m = json.load(open(sys.argv[1]))
b = [r["bookkeepingMs"] for r in m["runs"] if r.get("bookkeepingMs") is not None]
print(f"runs {len(m['runs'])}; bookkeeping per run (ms): median {statistics.median(b):.1f}, "
      f"p90 {sorted(b)[int(0.9*len(b))]:.1f}, max {max(b):.1f}")
rows = [l.split() for l in open(sys.argv[2]) if len(l.split()) == 3]
if len(rows) >= 6:
    third = len(rows) // 3
    first = statistics.mean(int(r[1]) for r in rows[:third]) / 1024
    last = statistics.mean(int(r[1]) for r in rows[-third:]) / 1024
    rss1 = statistics.mean(int(r[2]) for r in rows[:third]) / 1024
    rss2 = statistics.mean(int(r[2]) for r in rows[-third:]) / 1024
    print(f"heap after GC (MB): first third {first:.1f}, last third {last:.1f}; "
          f"RSS (MB): first third {rss1:.0f}, last third {rss2:.0f}")
PY

echo "== manifest + report of the 90-run campaign: loadlab campaign report (statistics, campaign.json,"
echo "   report.md; its own time, then the whole command with the JVM start)"
for i in 1 2 3; do
  /usr/bin/time -f "%e s wall, %M KB max RSS" java -jar "$jar" campaign report "$work/out" >/dev/null
done
echo "   the same through ./loadlab, which uses its class-data archive (AppCDS; made once per build),"
echo "   then without it (LOADLAB_NO_CDS=1)"
./loadlab --version >/dev/null   # makes the archive if the jar is newer
for cds in "" 1; do
  for i in 1 2 3; do
    LOADLAB_NO_CDS=$cds /usr/bin/time -f "${cds:+no }AppCDS: %e s wall, %U s user, %M KB max RSS" \
      ./loadlab campaign report "$work/out" >/dev/null
  done
done
python3 - "$work/out/campaign.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
b = [r["bookkeepingMs"] for r in m["runs"][-10:] if r.get("bookkeepingMs") is not None]
print("bookkeeping of the last 10 runs (manifest and report of 81-90 runs each time, ms):", b)
PY
