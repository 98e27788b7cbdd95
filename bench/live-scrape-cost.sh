#!/usr/bin/env bash
# Issue 47: what --metrics-port costs when scraped (docs/benchmarks.md, "Live views").
# The cost of scraping, amplified: process CPU over 10 s windows of a paced net rr run, without
# scrapes and with back-to-back scrapes (curl, 50 URLs a call); the cost of one scrape is the
# difference over the number of scrapes. Writes amp/ and amp.log in the working directory.
# PAGE=1: each scrape also reads the live page's feed as an open page does, only the intervals it
# lacks (/live.json?since=N, N the feed's interval before the last; each call of 50 first reads the
# whole feed once for N); PAGE=full: the whole feed every time (/live.json, as pages did before);
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
  while [ $SECONDS -lt $end ]; do
    feed="${url%/metrics}/live.json"
    if [ "${PAGE:-}" = 1 ]; then
      last=$(curl -s "$feed" | grep -o '"interval":[0-9]*' | head -1 | cut -d: -f2)
      feed="$feed?since=$(( ${last:-1} - 1 ))"
    fi
    urls=(); for k in $(seq 1 50); do urls+=("$url"); [ -n "${PAGE:-}" ] && urls+=("$feed"); done
    curl -s $(printf -- '-o /dev/null %.0s' "${urls[@]}") "${urls[@]}" > /dev/null; n=$((n+50))
  done
  b=$(ticks); echo "scraped window $w: $((b-a)) ticks, $n scrapes"
done
wait $pid
getconf CLK_TCK
