#!/usr/bin/env bash
# Issue 47: what --metrics-port costs when scraped (docs/benchmarks.md, "Live views").
# The cost of scraping, amplified: process CPU over 10 s windows of a paced net rr run, without
# scrapes and with back-to-back scrapes (curl, 50 URLs a call); the cost of one scrape is the
# difference over the number of scrapes. Writes amp/ and amp.log in the working directory.
# PAGE=1: each scrape also reads the live page's feed (/live.json), as an open page does;
# WINDOWS=N: N pairs of windows (default 3; the first scraped one includes the JIT's warm-up).
J="$(cd "$(dirname "$0")/.." && pwd)/dist/target/loadlab.jar"
WINDOWS=${WINDOWS:-3}
java -jar $J net rr --rate 5000 --duration $((30 + 20 * WINDOWS))s --output amp --quiet --metrics-port 0 > amp.log 2>&1 &
pid=$!
for i in $(seq 1 50); do url=$(grep -o 'http://[^ ]*/metrics' amp.log | head -1); [ -n "$url" ] && break; sleep 0.2; done
ticks() { awk '{print $14+$15}' /proc/$pid/stat; }
sleep 10
for w in $(seq 1 "$WINDOWS"); do
  a=$(ticks); sleep 10; b=$(ticks); echo "quiet window $w: $((b-a)) ticks"
  a=$(ticks); end=$((SECONDS+10)); n=0
  urls=(); for k in $(seq 1 50); do urls+=("$url"); [ -n "${PAGE:-}" ] && urls+=("${url%/metrics}/live.json"); done
  while [ $SECONDS -lt $end ]; do curl -s -o /dev/null -o /dev/null "${urls[@]}" > /dev/null; n=$((n+50)); done
  b=$(ticks); echo "scraped window $w: $((b-a)) ticks, $n scrapes"
done
wait $pid
getconf CLK_TCK
