#!/usr/bin/env bash
# The same operation measured two ways on loopback: a 1-byte request/response on a kept connection,
# by the JMH benchmark (NetBench.rr, closed loop, one thread) and by `loadlab net rr --users 1`
# (closed loop, one user). The JMH result is imported with `loadlab report --jmh`, so both end up
# as loadlab results; the script prints the two summary rows.
#   DURATION=10 bench/jmh-vs-cli.sh
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${DURATION:-10}
out=${OUT:-results/jmh-vs-cli-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"

./mvnw -q -B -DskipTests -Dspotless.check.skip=true -pl dist,jmh-benches -am package

java -jar jmh-benches/target/benchmarks.jar 'NetBench.rr$' -p size=1 -f 1 -wi 2 -w 2s \
  -i 1 -r "${duration}s" -rf json -rff "$out/jmh.json" >"$out/jmh.txt"
./loadlab report --jmh "$out/jmh.json" --output "$out/jmh" >/dev/null
./loadlab net rr --users 1 --request 1 --response 1 --warmup 4s --duration "${duration}s" \
  --output "$out/cli" --quiet >/dev/null

python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
rows = [("JMH NetBench.rr size=1", json.load(open(out + "/jmh/result.json"))["totals"]),
        ("loadlab net rr users=1", json.load(open(out + "/cli/result.json"))["totals"])]
print(f"{'run':26} {'ops/s':>9} {'p50 us':>8} {'p90 us':>8} {'p99 us':>8} {'mean us':>8}")
for label, totals in rows:
    for op in totals.values():
        l = op["latencyUs"]
        print(f"{label:26} {op['ratePerSec']:9.0f} {l['p50']:8.1f} {l['p90']:8.1f} {l['p99']:8.1f} {l['mean']:8.1f}")
PY
