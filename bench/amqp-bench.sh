#!/usr/bin/env bash
# AMQP benchmark: loadlab vs Apache ActiveMQ Artemis's own `artemis perf client --protocol AMQP`,
# side by side against one broker (`loadlab broker`) running in its own JVM.
#
#   bench/amqp-bench.sh            # throughput 64 B and 1024 B, latency at 1000 msg/s, 1M-message memory run
#
# Environment: SECONDS_PER_RUN (publishing time of each throughput run, default 20), LAT_SECONDS (latency run
# length, default 20), LAT_WARMUP (seconds both tools run first and leave out of their latency figures,
# default 5: JIT compilation and connection set-up are not the latency under study), LAT_SIZE (default 1024), REPEAT (best of N rounds for both tools, default 1),
# MEMORY_COUNT (default 1000000; 0 skips), SIZES (throughput sizes, default "64 1024"; "" skips),
# LATENCY (0 skips the latency comparison), ARTEMIS_VERSION (default 2.40.0), QUIET (1: before each
# tool's latency run, wait until the 1-minute load average is under 1, and print it).
# CPU=1: also CPU per message of each client (`perf stat -e task-clock` attached to the client over
# the steady part of its run, after CPU_WARMUP seconds, default 8; the broker measured apart) at 1000
# msg/s and at full throughput, for CPU_SIZES (default "64 1024"), CPU_SECONDS each (default 15):
# `amqp latency --rate 1000` and `amqp throughput` (1 publisher, 1 subscriber) against `artemis perf
# client --rate 1000` and `--max-pending 100`. Needs linux-perf. Issue 37's measure:
#   CPU=1 SIZES="" LATENCY=0 MEMORY_COUNT=0 REPEAT=5 bench/amqp-bench.sh
# SHORT=1: a few seconds of each part with one size (CI: the script cannot rot).
# Needs: java 17, python3 (to read the JSON results). Downloads Artemis's bin tar.gz from Maven
# Central into a temporary directory through the Maven wrapper.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -n "${SHORT:-}" ]; then
  SECONDS_PER_RUN=${SECONDS_PER_RUN:-2}
  LAT_SECONDS=${LAT_SECONDS:-2}
  LAT_WARMUP=${LAT_WARMUP:-1}
  MEMORY_COUNT=${MEMORY_COUNT:-10000}
  SIZES=${SIZES-64}
  CPU_SIZES=${CPU_SIZES:-64}
  CPU_SECONDS=${CPU_SECONDS:-2}
  CPU_WARMUP=${CPU_WARMUP:-2}
fi
SECONDS_PER_RUN=${SECONDS_PER_RUN:-20}
CPU=${CPU:-0}
CPU_SIZES=${CPU_SIZES:-64 1024}
CPU_SECONDS=${CPU_SECONDS:-15}
CPU_WARMUP=${CPU_WARMUP:-8}
LAT_SECONDS=${LAT_SECONDS:-20}
LAT_SIZE=${LAT_SIZE:-1024}
LAT_WARMUP=${LAT_WARMUP:-5}
REPEAT=${REPEAT:-1}
MEMORY_COUNT=${MEMORY_COUNT:-1000000}
SIZES=${SIZES-64 1024}
LATENCY=${LATENCY:-1}
ARTEMIS_VERSION=${ARTEMIS_VERSION:-2.40.0}
work="$(mktemp -d /tmp/loadlab-amqp-bench.XXXXXX)"
broker_pid=""
cleanup() {
  if [ -n "$broker_pid" ]; then kill "$broker_pid" 2>/dev/null || true; wait "$broker_pid" 2>/dev/null || true; fi
}
trap cleanup EXIT

. "$here/bench/lib/artemis.sh"
bench_loadlab_and_artemis
# Lets artemis perf stamp messages with a microsecond clock (else it uses milliseconds x 1000).
export JAVA_ARGS_APPEND="${JAVA_ARGS_APPEND:---add-exports java.base/jdk.internal.misc=ALL-UNNAMED}"

echo "== starting the broker (loadlab broker, its own JVM)" >&2
"$java" -jar "$jar" broker --host 127.0.0.1 --port 0 >"$work/broker.log" 2>&1 &
broker_pid=$!
for _ in $(seq 1 60); do grep -q "listening" "$work/broker.log" 2>/dev/null && break; sleep 0.5; done
uri=$(sed -n 's/.*--broker \(amqp:[^;]*\);.*/\1/p' "$work/broker.log")
[ -n "$uri" ] || { cat "$work/broker.log" >&2; exit 1; }
echo "   broker at $uri" >&2

# artemis perf JSON -> received msg/s over the run (each interval is ~1 s; the first starts 1 s
# before its time stamp), or the transfer-time p50 in microseconds.
artemis_rate() {
  python3 - "$1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
iv = [s for s in d if s.get("sampleType") == "interval"]
summary = [s for s in d if s.get("sampleType") == "summary"][0]
busy = [s for s in iv if s["transferTime"]["count"] > 0]
secs = (busy[-1]["time"] - iv[0]["time"]) / 1000 + 1
print("%.0f" % (summary["totalReceived"] / secs))
PY
}
artemis_received() {
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print([x for x in d if x.get("sampleType")=="summary"][0]["totalReceived"])' "$1"
}
artemis_p50() {
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); s=[x for x in d if x.get("sampleType")=="summary"][0]; print(s["totalTransferTime"]["50"])' "$1"
}
loadlab_figure() {
  python3 -c 'import json,sys; print("%.0f" % json.load(open(sys.argv[1]))["figures"][sys.argv[2]])' "$1" "$2"
}
artemis_p99() {
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); s=[x for x in d if x.get("sampleType")=="summary"][0]; print(s["totalTransferTime"]["99"])' "$1"
}
loadlab_p99() {
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["totals"][sys.argv[2]]["latencyUs"]["p99"])' "$1" "$2"
}
loadlab_p50() {
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["totals"][sys.argv[2]]["latencyUs"]["p50"])' "$1" "$2"
}
best() { sort -n | tail -1; }
n=0
next() { n=$((n + 1)); d="$work/run$n"; mkdir -p "$d"; }

echo "== throughput: ${SECONDS_PER_RUN}s of publishing per run, 1 publisher, 1 subscriber, non-persistent" >&2
printf '| size | loadlab received msg/s | artemis perf best (max-pending 1 / 100 / 1000) | ratio |\n| ---: | ---: | --- | ---: |\n' >"$work/throughput.md"
for size in $SIZES; do
  ours=(); mp1=(); mp100=(); mp1000=()
  for _ in $(seq 1 "$REPEAT"); do
    next
    "$java" -jar "$jar" amqp throughput --broker "$uri" --size "$size" --count 100000000 --duration "${SECONDS_PER_RUN}s" \
      --npubs 1 --nsubs 1 --quiet --output "$d" >"$d.log" 2>&1
    ours+=("$(loadlab_figure "$d/result.json" "subscribeRate size=$size")")
    for mp in 1 100 1000; do
      next
      "$artemis" perf client --protocol AMQP --url "$uri" --duration "$SECONDS_PER_RUN" \
        --message-size "$size" --max-pending "$mp" --json "$d/perf.json" "queue://bench-$n" >"$d.log" 2>&1
      r=$(artemis_rate "$d/perf.json")
      case $mp in 1) mp1+=("$r");; 100) mp100+=("$r");; 1000) mp1000+=("$r");; esac
    done
  done
  o=$(printf '%s\n' "${ours[@]}" | best)
  a1=$(printf '%s\n' "${mp1[@]}" | best); a100=$(printf '%s\n' "${mp100[@]}" | best); a1000=$(printf '%s\n' "${mp1000[@]}" | best)
  a=$(printf '%s\n' "$a1" "$a100" "$a1000" | best)
  ratio=$(python3 -c "print('%.2f' % ($o / $a))")
  printf '| %s | %s | %s (%s / %s / %s) | %s |\n' "$size" "$o" "$a" "$a1" "$a100" "$a1000" "$ratio" >>"$work/throughput.md"
done

if [ "$LATENCY" != 0 ]; then
echo "== latency: 1000 msg/s for ${LAT_SECONDS}s after ${LAT_WARMUP}s of warmup, ${LAT_SIZE}-byte messages" >&2
ours=(); theirs=(); corrected=(); loads=(); held=()
quiet() {
  if [ "${QUIET:-0}" = 1 ]; then
    while awk '{exit !($1 >= 1.0)}' /proc/loadavg; do sleep 5; done
  fi
}
# The broker's own JIT warm-up: one unmeasured run of each tool first, so that the first measured
# round does not find a colder broker than the others (it made loadlab's first round 3x slower).
next
"$java" ${LOADLAB_JAVA_OPTS:-} -jar "$jar" amqp latency --broker "$uri" --size "$LAT_SIZE" --rate 1000 \
  --duration "${LAT_SECONDS}s" --quiet --output "$d" >"$d.log" 2>&1 || true
"$artemis" perf client --protocol AMQP --url "$uri" --rate 1000 --duration "$LAT_SECONDS" \
  --message-size "$LAT_SIZE" "queue://bench-lat-warm" >>"$d.log" 2>&1 || true
for _ in $(seq 1 "$REPEAT"); do
  next
  quiet
  loads+=("$(cut -d' ' -f1 /proc/loadavg)")
  "$java" ${LOADLAB_JAVA_OPTS:-} -jar "$jar" amqp latency --broker "$uri" --size "$LAT_SIZE" --rate 1000 --warmup "${LAT_WARMUP}s" \
    --duration "${LAT_SECONDS}s" --quiet --output "$d" >"$d.log" 2>&1
  ll_dir=$d
  ours+=("$(loadlab_p50 "$d/result.json" "transit size=$LAT_SIZE")")
  corrected+=("$(loadlab_p50 "$d/result.json" "latency size=$LAT_SIZE")")
  next
  quiet
  loads[-1]="${loads[-1]}/$(cut -d' ' -f1 /proc/loadavg)"
  "$artemis" perf client --protocol AMQP --url "$uri" --rate 1000 --warmup "$LAT_WARMUP" --duration "$LAT_SECONDS" \
    --message-size "$LAT_SIZE" --json "$d/perf.json" "queue://bench-lat-$n" >"$d.log" 2>&1
  theirs+=("$(artemis_p50 "$d/perf.json")")
  # Whether each tool held 1000 msg/s: artemis perf falls behind its rate on a busy machine and its
  # transfer time then covers fewer messages than loadlab's, which holds the schedule.
  held+=("loadlab $(python3 -c 'import json,sys; print(int(json.load(open(sys.argv[1]))["figures"]["received size=" + sys.argv[2]]))' "$ll_dir/result.json" "$LAT_SIZE") / artemis $(artemis_received "$d/perf.json")")
  echo "   round ${#theirs[@]}: load average ${loads[-1]} before (loadlab/artemis); loadlab transit p50 ${ours[-1]} us (p99 $(loadlab_p99 "$ll_dir/result.json" "transit size=$LAT_SIZE")), artemis perf transfer p50 ${theirs[-1]} us (p99 $(artemis_p99 "$d/perf.json")); ratio $(python3 -c "print('%.2f' % (${ours[-1]} / ${theirs[-1]}))"); messages received: ${held[-1]}" >&2
done
median() { sort -g | awk '{ r[NR] = $1 } END { printf "%.2f", NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2 }'; }
echo "   median of the rounds: loadlab transit p50 $(printf '%s\n' "${ours[@]}" | median) us, artemis perf transfer p50 $(printf '%s\n' "${theirs[@]}" | median) us, ratio $(for i in "${!ours[@]}"; do python3 -c "print(${ours[$i]} / ${theirs[$i]})"; done | median)" >&2
o=$(printf '%s\n' "${ours[@]}" | sort -n | head -1)
c=$(printf '%s\n' "${corrected[@]}" | sort -n | head -1)
a=$(printf '%s\n' "${theirs[@]}" | sort -n | head -1)
ratio=$(python3 -c "print('%.2f' % ($o / $a))")
printf '| loadlab transit p50 us (from actual send) | artemis perf transfer p50 us | ratio | loadlab latency p50 us (from intended send) |\n| ---: | ---: | ---: | ---: |\n| %s | %s | %s | %s |\n' \
  "$o" "$a" "$ratio" "$c" >"$work/latency.md"
printf '\n(%s rounds, %ss after %ss of warmup each; load average before each round: %s; loadlab transit p50 per round: %s; artemis perf: %s; messages received per round (%s s at 1000/s): %s)\n' \
  "$REPEAT" "$LAT_SECONDS" "$LAT_WARMUP" "${loads[*]}" "${ours[*]}" "${theirs[*]}" "$LAT_SECONDS" "$(IFS=,; echo "${held[*]}")" >>"$work/latency.md"
fi

# CPU per message: perf stat on the client (and, apart, the broker) over CPU_SECONDS after
# CPU_WARMUP; messages in that window = the run's received rate x the window.
perf_ms() { # pids seconds name -> task-clock ms
  perf stat -x, -e task-clock -p "$1" -o "$work/perf-$3.csv" -- sleep "$2" >/dev/null 2>&1 || true
  awk -F, '$3 == "task-clock" { ms = $1 } END { print ms + 0 }' "$work/perf-$3.csv" 2>/dev/null || echo 0
}
cpu_window() { # client-pid-pattern messages/s-command... ; prints "client-us broker-us"
  local pattern=$1 pids
  sleep "$CPU_WARMUP"
  pids=$(pgrep -d, -f -- "$pattern" || true)
  if [ -z "$pids" ]; then echo 0 >"$work/client.ms"; echo 0 >"$work/broker.ms"; return; fi
  perf_ms "$broker_pid" "$CPU_SECONDS" broker >"$work/broker.ms" &
  local broker_perf=$!
  perf_ms "$pids" "$CPU_SECONDS" client >"$work/client.ms"
  wait "$broker_perf" # not a bare wait: the broker is a child of this shell too
}
ratio_of() { python3 -c "import sys; a, b = sys.argv[1], sys.argv[2]; print('%.2f' % (float(a) / float(b)) if '-' not in (a, b) else '-')" "$1" "$2"; }
if [ "$CPU" = 1 ]; then
  echo "== CPU per message: perf stat task-clock over ${CPU_SECONDS}s after ${CPU_WARMUP}s, 1 publisher, 1 subscriber" >&2
  printf '| measure | loadlab client us/msg, per round | artemis perf client us/msg, per round | ratio (loadlab/artemis) per round | median | broker us/msg (loadlab / artemis runs) |\n| --- | --- | --- | --- | ---: | --- |\n' >"$work/cpu.md"
  total=$((CPU_WARMUP + CPU_SECONDS + 2))
  for size in $CPU_SIZES; do
    for mode in 1000 full; do
      ll=(); ar=(); rs=(); bk=()
      for _ in $(seq 1 "$REPEAT"); do
        next
        tag="cpu-$n-$size-$mode"
        if [ "$mode" = 1000 ]; then
          "$java" ${LOADLAB_JAVA_OPTS:-} -jar "$jar" amqp latency --broker "$uri" --size "$size" --rate 1000 \
            --duration "${total}s" --quiet --label "$tag" --output "$d" >"$d.log" 2>&1 &
        else
          "$java" ${LOADLAB_JAVA_OPTS:-} -jar "$jar" amqp throughput --broker "$uri" --size "$size" --count 100000000 \
            --duration "${total}s" --npubs 1 --nsubs 1 --quiet --label "$tag" --output "$d" >"$d.log" 2>&1 &
        fi
        client=$!
        cpu_window "label $tag"
        wait "$client" || true
        lms=$(cat "$work/client.ms"); lbms=$(cat "$work/broker.ms")
        if [ "$mode" = 1000 ]; then lrate=1000; else lrate=$(loadlab_figure "$d/result.json" "subscribeRate size=$size" || echo 0); fi
        next
        extra=(--max-pending 100)
        [ "$mode" = 1000 ] && extra=(--rate 1000)
        "$artemis" perf client --protocol AMQP --url "$uri" --duration "$total" --message-size "$size" \
          "${extra[@]}" --json "$d/perf.json" "queue://bench-$tag" >"$d.log" 2>&1 &
        client=$!
        cpu_window "queue://bench-$tag"
        wait "$client" || true
        ams=$(cat "$work/client.ms"); abms=$(cat "$work/broker.ms")
        if [ "$mode" = 1000 ]; then arate=1000; else arate=$(artemis_rate "$d/perf.json" || echo 0); fi
        per_msg() { python3 -c "import sys; ms, r = float(sys.argv[1] or 0), float(sys.argv[2] or 0); print('%.1f' % (ms * 1000 / (r * $CPU_SECONDS)) if ms > 0 and r > 0 else '-')" "$1" "$2"; }
        lus=$(per_msg "$lms" "$lrate"); aus=$(per_msg "$ams" "$arate")
        ll+=("$lus"); ar+=("$aus"); rs+=("$(ratio_of "$lus" "$aus")")
        bk+=("$(per_msg "$lbms" "$lrate")/$(per_msg "$abms" "$arate")")
        echo "   $size B at $mode msg/s: loadlab ${lus} us/msg (${lrate} msg/s), artemis perf ${aus} us/msg (${arate} msg/s), broker ${bk[-1]} us/msg  [load $(cut -d' ' -f1 /proc/loadavg)]" >&2
      done
      printf '| %s B at %s msg/s | %s | %s | %s | %s | %s |\n' "$size" "$mode" "${ll[*]}" "${ar[*]}" "${rs[*]}" \
        "$(printf '%s\n' "${rs[@]}" | grep -v -- - | sort -g | awk '{ r[NR] = $1 } END { printf "%.2f", NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2 }')" "${bk[*]}" >>"$work/cpu.md"
    done
  done
fi

if [ "$MEMORY_COUNT" -gt 0 ]; then
  echo "== memory: $MEMORY_COUNT messages with -Xmx256m" >&2
  next
  set +e
  /usr/bin/time -v "$java" -Xmx256m -jar "$jar" amqp throughput --broker "$uri" --size 64 \
    --count "$MEMORY_COUNT" --quiet --output "$d" >"$d.log" 2>"$d.time"
  code=$?
  set -e
  rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$d.time")
  printf '| messages | -Xmx | exit | status | received msg/s | peak RSS MB |\n| ---: | --- | ---: | --- | ---: | ---: |\n| %s | 256m | %s | %s | %s | %s |\n' \
    "$MEMORY_COUNT" "$code" "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["status"])' "$d/result.json")" \
    "$(loadlab_figure "$d/result.json" "subscribeRate size=64")" "$((rss / 1024))" >"$work/memory.md"
fi

echo
echo "machine: $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo; echo "### Throughput"; cat "$work/throughput.md"
[ -f "$work/latency.md" ] && { echo; echo "### Latency"; cat "$work/latency.md"; }
[ -f "$work/memory.md" ] && { echo; echo "### Memory"; cat "$work/memory.md"; }
[ -f "$work/cpu.md" ] && { echo; echo "### CPU per message"; cat "$work/cpu.md"; }
echo; echo "(raw results in $work)"
