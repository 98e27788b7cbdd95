#!/usr/bin/env bash
# JMeter 5.6.3's TCP Sampler against loadlab's net rr, side by side against the same
# `loadlab net serve` (its own JVM): 1-byte requests and responses, one connection per thread/user,
# at 100 and 1,000 threads/users (issue 50). For each run: transactions/s, client CPU per
# transaction (the client process's user+system CPU over its transactions, JVM start included),
# the client's peak RSS (VmHWM) and RSS per user, and whether it held its duration (JMeter: the
# summariser's elapsed time; loadlab: result.json's measured window and its warnings).
#
#   bench/jmeter-vs-net.sh            # 30 s runs, 100 and 1,000 users, 2 rounds
#   SHORT=1 bench/jmeter-vs-net.sh    # 5 s runs, one round: a quick check that everything runs
#
# Environment: DURATION (seconds per run), USERS (default "100 1000"), ROUNDS, BUILD=0 (use the
# jar and JMeter already built), JMETER_HOME (a JMeter 5.6.3 installation to use instead),
# LOADLAB_JAR (the loadlab jar to run, default dist/target/loadlab.jar).
# Needs: java 17+, python3. JMeter 5.6.3 comes from Maven Central through the build (the
# jmeter-maven-plugin assembles it; its path is in jmeter-plugin/target/config.json), as the tests
# and bench/jmeter-amqp-bench.sh get it.
# The plan is bench/jmeter/net-rr-tcp-sampler.jmx. Prints a Markdown table and the load average.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ "${SHORT:-0}" = 1 ]; then
  DURATION=${DURATION:-5}
  ROUNDS=${ROUNDS:-1}
else
  DURATION=${DURATION:-30}
  ROUNDS=${ROUNDS:-2}
fi
USERS=${USERS:-"100 1000"}
work="$(mktemp -d /tmp/loadlab-jmeter-net.XXXXXX)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
}
trap cleanup EXIT

jar="${LOADLAB_JAR:-$here/dist/target/loadlab.jar}"
config="$here/jmeter-plugin/target/config.json"
if [ "${BUILD:-1}" = 1 ]; then
  echo "== building loadlab and JMeter 5.6.3" >&2
  (cd "$here" && ./mvnw -q -B -pl dist,jmeter-plugin -am package -Dtest=none \
    -Dsurefire.failIfNoSpecifiedTests=false -Dspotless.check.skip=true) >&2
fi
if [ -n "${JMETER_HOME:-}" ]; then
  home=$JMETER_HOME
else
  home=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["configurations"][0]["jmeterDirectoryPath"])' "$config")
fi
launcher=$(cd "$home/bin" && ls ApacheJMeter-*.jar)
plan="$here/bench/jmeter/net-rr-tcp-sampler.jmx"

# The server: its own JVM on a port of its choosing.
java -jar "$jar" net serve --host 127.0.0.1 --port 0 >"$work/serve.log" 2>&1 &
server_pid=$!
port=""
for _ in $(seq 1 240); do
  port=$(sed -n 's/.*listening on .* port \([0-9][0-9]*\) .*/\1/p' "$work/serve.log" | head -1)
  [ -n "$port" ] && break
  sleep 0.5
done
[ -n "$port" ] || { cat "$work/serve.log" >&2; exit 1; }
echo "== net serve on 127.0.0.1:$port; work in $work" >&2

# Runs "$@" in the background, samples its CPU (utime+stime) and VmHWM until it ends; prints
# "<cpu seconds> <peak RSS KB>" to $1.
measured() {
  local out=$1; shift
  "$@" &
  local pid=$! cpu=0 hwm=0 tick
  tick=$(getconf CLK_TCK)
  while kill -0 "$pid" 2>/dev/null; do
    if [ -r "/proc/$pid/stat" ]; then
      local t h
      t=$(awk '{print $14+$15}' "/proc/$pid/stat" 2>/dev/null || echo "")
      h=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo "")
      [ -n "$t" ] && cpu=$t
      [ -n "$h" ] && hwm=$h
    fi
    sleep 0.2
  done
  wait "$pid" || true
  echo "$(python3 -c "print($cpu/$tick)") $hwm" >"$out"
}

rows=()
for round in $(seq 1 "$ROUNDS"); do
  for users in $USERS; do
    # JMeter: non-GUI, no results file; the summariser's last "summary =" line has the count,
    # the elapsed time and the rate.
    log="$work/jmeter-$users-$round.log"
    measured "$work/jmeter-$users-$round.cpu" \
      bash -c "cd '$home/bin' && exec java -Xss256k -jar '$launcher' -n -t '$plan' -j '$log' \
        -Jhost=127.0.0.1 -Jport=$port -Jthreads=$users -Jduration=$DURATION \
        -Jsummariser.interval=5 >'$log.console' 2>&1"
    read -r jcpu jrss <"$work/jmeter-$users-$round.cpu"
    rows+=("$(python3 - "$log.console" "$users" "$jcpu" "$jrss" "$DURATION" <<'PY'
import re, sys
console, users, cpu, rss, asked = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
last = None
for line in open(console):
    m = re.search(r"summary =\s+(\d+) in (\d+):(\d+):(\d+) =\s+([\d.]+)/s.*Err:\s+(\d+)", line)
    if m:
        last = m
if not last:
    print(f"| JMeter TCP Sampler | {users} | no summary (see {console}) | | | | |")
    sys.exit()
n = int(last.group(1)); secs = int(last.group(2)) * 3600 + int(last.group(3)) * 60 + int(last.group(4))
rate = float(last.group(5)); errors = int(last.group(6))
held = "yes" if abs(secs - asked) <= max(0.02 * asked, 1) else "no"
print(f"| JMeter TCP Sampler | {users} | {rate:,.0f} | {cpu / max(n, 1) * 1e6:.0f} µs | {rss / 1024:,.0f} MB ({rss / users:,.0f} KB/user) | {held}, {secs} s | {errors} errors |")
PY
)")
    echo "${rows[-1]}" >&2
    # loadlab net rr at the same count, its own JVM.
    out="$work/net-$users-$round"
    measured "$work/net-$users-$round.cpu" \
      java -jar "$jar" net rr --host 127.0.0.1 --port "$port" --users "$users" \
        --duration "${DURATION}s" --interval 1s --output "$out" --quiet >"$out.log" 2>&1
    read -r ncpu nrss <"$work/net-$users-$round.cpu"
    rows+=("$(python3 - "$out/result.json" "$users" "$ncpu" "$nrss" "$DURATION" <<'PY'
import json, sys
path, users, cpu, rss, asked = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
try:
    r = json.load(open(path))
except OSError:
    print(f"| loadlab net rr | {users} | no result ({path}) | | | | |")
    sys.exit()
op = next(iter(r["totals"].values()))
warned = [w["kind"] for w in (r.get("warnings") or []) if w["kind"] in ("window-not-held", "user-starved")]
secs = op["durationSec"]
held = "yes" if abs(secs - asked) <= max(0.02 * asked, 0.1) and "window-not-held" not in warned else "no"
note = ", ".join(warned) if warned else r["status"]
print(f"| loadlab net rr | {users} | {op['ratePerSec']:,.0f} | {cpu / max(op['count'], 1) * 1e6:.0f} µs | {rss / 1024:,.0f} MB ({rss / users:,.0f} KB/user) | {held}, {secs:.3f} s | {note} |")
PY
)")
    echo "${rows[-1]}" >&2
  done
done

echo
echo "$(uname -srm), $(nproc) CPUs, $(java -version 2>&1 | head -1); load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| client | users | tx/s | client CPU/tx | peak RSS | held its duration | notes |"
echo "|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
