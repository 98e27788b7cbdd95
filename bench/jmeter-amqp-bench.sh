#!/usr/bin/env bash
# JMeter benchmarks of the loadlab plugin, against one broker (`loadlab broker`, its own JVM):
#
#  1. publish rate: the loadlab AMQP Publish sampler vs JMeter's built-in JMS Publisher set up with
#     Qpid JMS through JNDI; 4 threads, 64-byte non-persistent messages, same broker (target: >= 2x).
#     The JMS Publisher runs with the JNDI URI as given and with the throughput options in it; the
#     loadlab sampler runs with the AMQP Connection's defaults (a connection per thread, as the JMS
#     Publisher) and with its throughput settings (presettled, TCP_NODELAY off, progressive wait:
#     the same Qpid JMS options), per thread and shared;
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

# The Qpid JMS options the loadlab AMQP Connection's throughput settings amount to, for the JNDI URI.
tuned_uri_options="jms.presettlePolicy.presettleProducers=true&transport.tcpNoDelay=false&provider.futureType=progressive"
declare -A best
publish_loadlab() { # name round shared presettled nodelay wait
  local d="$work/r$2"
  start_broker "$d/broker-$1.log"
  jmeter "$work/jmeter-loadlab" "$here/bench/jmeter/amqp-publish-loadlab.jmx" "$d/$1.log" "$d/$1.jtl" \
    -Jamqp.uri="$uri" -Jqueue="queue://bench.$1.$2" -Jthreads=4 -Jduration="$DURATION" \
    -Jshared="$3" -Jpresettled="$4" -Jnodelay="$5" -Jwait="$6"
  record "$1" "$(jtl_rate "$d/$1.jtl")"
}
publish_jms() { # name round uri-options
  local d="$work/r$2"
  start_broker "$d/broker-$1.log"
  printf 'connectionfactory.qpidCF = %s%s\nqueue.benchQueue = bench.%s.%s\n' "$uri" "${3:+?$3}" "$1" "$2" >"$d/$1.jndi"
  jmeter "$work/jmeter-jms" "$here/bench/jmeter/amqp-publish-jms.jmx" "$d/$1.log" "$d/$1.jtl" \
    -Jjndi.file="$d/$1.jndi" -Jthreads=4 -Jduration="$DURATION"
  record "$1" "$(jtl_rate "$d/$1.jtl")"
}
record() { # name rate: keeps every round and the best
  eval "rounds_$1+=(\"$2\")"
  if [ -z "${best[$1]:-}" ] || [ "$2" -gt "${best[$1]}" ]; then best[$1]=$2; fi
  echo "   $1: $2 samples/s" >&2
}
rounds_jms=(); rounds_jms_tuned=(); rounds_own=(); rounds_own_tuned=(); rounds_shared_tuned=()
jm_p50=(); cli_p50=()
for round in $(seq 1 "$ROUNDS"); do
  echo "== round $round: publish rate, 4 threads, 64 B, non-persistent, ${DURATION}s each (load average $(cut -d" " -f1-3 /proc/loadavg))" >&2
  mkdir -p "$work/r$round"
  publish_jms jms "$round" ""
  publish_loadlab own "$round" false false true auto
  publish_loadlab own_tuned "$round" false true false progressive
  publish_loadlab shared_tuned "$round" true true false progressive
  publish_jms jms_tuned "$round" "$tuned_uri_options"
  d="$work/r$round"
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
j=$(printf '%s\n' "${jm_p50[@]}" | sort -n | head -1)
c=$(printf '%s\n' "${cli_p50[@]}" | sort -n | head -1)
ratio() { python3 -c "print('%.2f' % ($1 / $2))"; }
echo
echo "machine: $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "JMeter's JMS Publisher (Qpid JMS 1.16 through JNDI): ${best[jms]} samples/s with the URI as given,"
echo "${best[jms_tuned]} samples/s with ?$tuned_uri_options"
echo
echo "| loadlab AMQP Publish, AMQP Connection | samples/s | vs JMS Publisher, URI as given | vs JMS Publisher, same Qpid options |"
echo "| --- | ---: | ---: | ---: |"
echo "| defaults (a connection per thread) | ${best[own]} | $(ratio "${best[own]}" "${best[jms]}") | $(ratio "${best[own]}" "${best[jms]}") |"
echo "| throughput settings, a connection per thread | ${best[own_tuned]} | $(ratio "${best[own_tuned]}" "${best[jms]}") | $(ratio "${best[own_tuned]}" "${best[jms_tuned]}") |"
echo "| throughput settings, one shared connection | ${best[shared_tuned]} | $(ratio "${best[shared_tuned]}" "${best[jms]}") | $(ratio "${best[shared_tuned]}" "${best[jms_tuned]}") |"
if [ "$LATENCY" != 0 ]; then
echo
echo "| rate/s | JMeter Round Trip p50 us | loadlab amqp latency p50 us | ratio |"
echo "| ---: | ---: | ---: | ---: |"
echo "| $RATE | $j | $c | $(ratio "$j" "$c") |"
fi
echo
echo "rounds: jms ${rounds_jms[*]}; jms_tuned ${rounds_jms_tuned[*]}; own ${rounds_own[*]};"
echo "  own_tuned ${rounds_own_tuned[*]}; shared_tuned ${rounds_shared_tuned[*]}; p50 ${jm_p50[*]} vs ${cli_p50[*]}"
echo "(raw results in $work)"
