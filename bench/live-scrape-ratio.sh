#!/usr/bin/env bash
# Issue 47: the cost of --metrics-port scraped every second (docs/benchmarks.md, "Live views").
# Closed-loop net rr, ROUNDS rounds of two runs each, in turn: without the endpoint, then with it
# while curl reads /metrics and the live page's /live.json once a second (what Prometheus and an
# open page do). Prints each run's rate and process CPU per transaction (result.json's
# totals.*.cpu.clientUsPerOp) and the machine's load average; writes ratio/ in the working
# directory. Usage: bench/live-scrape-ratio.sh [SECONDS per run, default 20] [ROUNDS, default 2]
set -euo pipefail
J="$(cd "$(dirname "$0")/.." && pwd)/dist/target/loadlab.jar"
SECS=${1:-20}
ROUNDS=${2:-2}
mkdir -p ratio
figures() { # rate and CPU per transaction of a run directory
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1]+"/result.json")); t=next(iter(r["totals"].values())); print("%.0f tx/s, %.2f us CPU/tx" % (t["ratePerSec"], t["cpu"]["clientUsPerOp"]))' "$1"
}
for round in $(seq 1 "$ROUNDS"); do
  out=ratio/quiet-$round
  rm -rf "$out"
  java -jar "$J" net rr --duration "${SECS}s" --output "$out" --quiet > "$out.log" 2>&1
  echo "round $round without endpoint: $(figures "$out"); load $(cut -d' ' -f1-3 /proc/loadavg)"
  out=ratio/scraped-$round
  rm -rf "$out"
  java -jar "$J" net rr --duration "${SECS}s" --output "$out" --quiet --metrics-port 0 > "$out.log" 2>&1 &
  pid=$!
  url=""
  for i in $(seq 1 100); do
    url=$(grep -o 'http://[^ ]*/metrics' "$out.log" | head -1 || true)
    [ -n "$url" ] && break
    sleep 0.1
  done
  scrapes=0
  while kill -0 "$pid" 2>/dev/null; do
    curl -s -o /dev/null -o /dev/null "$url" "${url%metrics}live.json" && scrapes=$((scrapes + 1)) || true
    sleep 1
  done
  wait "$pid"
  echo "round $round scraped ($scrapes x /metrics + /live.json): $(figures "$out"); load $(cut -d' ' -f1-3 /proc/loadavg)"
done
