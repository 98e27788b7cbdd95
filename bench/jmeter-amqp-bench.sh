#!/usr/bin/env bash
# JMeter benchmarks of the loadlab plugin, against one broker (`loadlab broker`, its own JVM):
#
#  1. publish rate: the loadlab AMQP Publish sampler vs JMeter's built-in JMS Publisher set up with
#     Qpid JMS through JNDI; 4 threads, 64-byte non-persistent messages, same broker (target: >= 2x);
#     the loadlab sampler runs twice: one connection per thread (as the JMS Publisher), one shared;
#  2. latency: the loadlab AMQP Round Trip sampler at a constant throughput (examples'
#     amqp-latency.jmx, p50 from the loadlab Results listener) vs `loadlab amqp latency` at the same
#     rate and size (target: p50 within 1.2x).
#
#   bench/jmeter-amqp-bench.sh
#
# Environment: DURATION (seconds per run, default 20), RATE (round trips per second, default 200),
# ROUNDS (rounds, alternating the tools; the best of each is compared; default 2),
# LATENCY (0 skips the latency runs; default 1).
# Needs: java 17, python3. JMeter 5.6.3 comes from the build (jmeter-maven-plugin assembles it);
# the JMS Publisher's JMeter is a copy of it with Qpid JMS 1.16 (javax.jms, JMS 2.0 API) in lib/
# instead of the JMS 1.1 API jar JMeter ships (Qpid JMS 1.x needs JMS 2.0).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DURATION=${DURATION:-20}
RATE=${RATE:-200}
ROUNDS=${ROUNDS:-2}
LATENCY=${LATENCY:-1}
work="$(mktemp -d /tmp/loadlab-jmeter-bench.XXXXXX)"
broker_pid=""
cleanup() {
  if [ -n "$broker_pid" ]; then kill "$broker_pid" 2>/dev/null || true; wait "$broker_pid" 2>/dev/null || true; fi
}
trap cleanup EXIT

echo "== building loadlab, the plugin and JMeter 5.6.3 into $work" >&2
(cd "$here" && ./mvnw -q -B -pl dist,jmeter-plugin -am package -Dtest=none \
  -Dsurefire.failIfNoSpecifiedTests=false -Dspotless.check.skip=true) >&2
jar="$here/dist/target/loadlab.jar"
home=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["configurations"][0]["jmeterDirectoryPath"])' \
  "$here/jmeter-plugin/target/config.json")
launcher=$(cd "$home/bin" && ls ApacheJMeter-*.jar)

# JMeter with the loadlab plugin installed the documented way.
cp -r "$home" "$work/jmeter-loadlab"
cp "$here"/jmeter-plugin/target/loadlab-jmeter-plugin-*.jar "$work/jmeter-loadlab/lib/ext/"
cp "$here"/jmeter-plugin/target/lib/*.jar "$work/jmeter-loadlab/lib/"
# JMeter with Qpid JMS 1.x for the built-in JMS Publisher.
cp -r "$home" "$work/jmeter-jms"
rm -f "$work"/jmeter-jms/lib/geronimo-jms_1.1_spec-*.jar
(cd "$here" && ./mvnw -q -B -f bench/jmeter/qpid-jms-1.pom \
  org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies \
  -DoutputDirectory="$work/jmeter-jms/lib" -DexcludeGroupIds=org.slf4j) >&2

# A fresh broker (loadlab broker, its own JVM) for every run, so no run pays for the messages an
# earlier one left on the broker (the publish runs have no consumer).
uri=""
start_broker() {
  stop_broker
  java -jar "$jar" broker --host 127.0.0.1 --port 0 >"$1" 2>&1 &
  broker_pid=$!
  for _ in $(seq 1 120); do grep -q "listening" "$1" 2>/dev/null && break; sleep 0.5; done
  uri=$(sed -n 's/.*--broker \(amqp:[^;]*\);.*/\1/p' "$1")
  [ -n "$uri" ] || { cat "$1" >&2; exit 1; }
}
stop_broker() {
  if [ -n "$broker_pid" ]; then kill "$broker_pid" 2>/dev/null || true; wait "$broker_pid" 2>/dev/null || true; fi
  broker_pid=""
}

jmeter() { # home plan log jtl props...
  local h=$1 plan=$2 log=$3 jtl=$4; shift 4
  (cd "$h/bin" && java -Xmx1g -jar "$launcher" -n -t "$plan" -j "$log" -l "$jtl" "$@") >"$log.console" 2>&1
}
# Steady-state samples per second in a JTL: successful samples that start after every thread has
# finished its first sample (which includes connecting: the loadlab sampler connects in its first
# sample, the JMS Publisher before it), over the time from then to the end of the last sample.
jtl_rate() {
  python3 - "$1" <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["success"] == "true"]
first = {}
for r in sorted(rows, key=lambda r: int(r["timeStamp"])):
    first.setdefault(r["threadName"], int(r["timeStamp"]) + int(r["elapsed"]))
t0 = max(first.values())
steady = [r for r in rows if int(r["timeStamp"]) >= t0]
end = max(int(r["timeStamp"]) + int(r["elapsed"]) for r in steady)
print("%.0f" % (len(steady) / ((end - t0) / 1000)))
PY
}
p50() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["totals"][sys.argv[2]]["latencyUs"]["p50"])' "$1" "$2"; }

ours=(); shared=(); theirs=(); jm_p50=(); cli_p50=()
for round in $(seq 1 "$ROUNDS"); do
  echo "== round $round: publish rate, 4 threads, 64 B, non-persistent, ${DURATION}s each (load average $(cut -d" " -f1-3 /proc/loadavg))" >&2
  d="$work/r$round"; mkdir -p "$d"
  start_broker "$d/broker-publish-loadlab.log"
  jmeter "$work/jmeter-loadlab" "$here/bench/jmeter/amqp-publish-loadlab.jmx" "$d/loadlab.log" "$d/loadlab.jtl" \
    -Jamqp.uri="$uri" -Jqueue="queue://bench.loadlab.$round" -Jthreads=4 -Jduration="$DURATION"
  ours+=("$(jtl_rate "$d/loadlab.jtl")")
  # The AMQP Connection's other setting: one connection shared by the 4 threads (4 sessions).
  start_broker "$d/broker-publish-shared.log"
  jmeter "$work/jmeter-loadlab" "$here/bench/jmeter/amqp-publish-loadlab.jmx" "$d/shared.log" "$d/shared.jtl" \
    -Jamqp.uri="$uri" -Jqueue="queue://bench.shared.$round" -Jthreads=4 -Jduration="$DURATION" -Jshared=true
  shared+=("$(jtl_rate "$d/shared.jtl")")
  start_broker "$d/broker-publish-jms.log"
  printf 'connectionfactory.qpidCF = %s\nqueue.benchQueue = bench.jms.%s\n' "$uri" "$round" >"$d/jndi.properties"
  jmeter "$work/jmeter-jms" "$here/bench/jmeter/amqp-publish-jms.jmx" "$d/jms.log" "$d/jms.jtl" \
    -Jjndi.file="$d/jndi.properties" -Jthreads=4 -Jduration="$DURATION"
  theirs+=("$(jtl_rate "$d/jms.jtl")")
  echo "   loadlab ${ours[-1]}/s (shared connection ${shared[-1]}/s), JMS Publisher ${theirs[-1]}/s" >&2
  [ "$LATENCY" = 0 ] && continue

  echo "== round $round: latency at $RATE round trips/s, 64 B, ${DURATION}s each" >&2
  start_broker "$d/broker-latency-jmeter.log"
  jmeter "$work/jmeter-loadlab" "$here/jmeter-plugin/src/test/jmeter/amqp-latency.jmx" "$d/rt.log" "$d/rt.jtl" \
    -Jamqp.uri="$uri" -Jthreads=1 -Jrate="$RATE" -Jsize=64 -Jduration="$DURATION" -Jloadlab.results="$d/rt"
  jm_p50+=("$(p50 "$d/rt/amqp-latency/result.json" "round trip")")
  start_broker "$d/broker-latency-cli.log"
  java -jar "$jar" amqp latency --broker "$uri" --size 64 --rate "$RATE" --duration "${DURATION}s" \
    --quiet --output "$d/cli" >"$d/cli.log" 2>&1
  cli_p50+=("$(p50 "$d/cli/result.json" "latency size=64")")
  echo "   p50: JMeter Round Trip ${jm_p50[-1]} us, loadlab amqp latency ${cli_p50[-1]} us" >&2
done

stop_broker
o=$(printf '%s\n' "${ours[@]}" | sort -n | tail -1)
t=$(printf '%s\n' "${theirs[@]}" | sort -n | tail -1)
s=$(printf '%s\n' "${shared[@]}" | sort -n | tail -1)
j=$(printf '%s\n' "${jm_p50[@]}" | sort -n | head -1)
c=$(printf '%s\n' "${cli_p50[@]}" | sort -n | head -1)
echo
echo "machine: $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| loadlab AMQP Publish connection | loadlab samples/s | JMS Publisher (Qpid JMS JNDI) samples/s | ratio |"
echo "| --- | ---: | ---: | ---: |"
echo "| one per thread (as the JMS Publisher) | $o | $t | $(python3 -c "print('%.2f' % ($o / $t))") |"
echo "| one shared by the threads | $s | $t | $(python3 -c "print('%.2f' % ($s / $t))") |"
if [ "$LATENCY" != 0 ]; then
echo
echo "| rate/s | JMeter Round Trip p50 us | loadlab amqp latency p50 us | ratio |"
echo "| ---: | ---: | ---: | ---: |"
echo "| $RATE | $j | $c | $(python3 -c "print('%.2f' % ($j / $c))") |"
fi
echo
echo "rounds: publish ${ours[*]} (shared ${shared[*]}) vs ${theirs[*]}; p50 ${jm_p50[*]} vs ${cli_p50[*]}"
echo "(raw results in $work)"
