#!/usr/bin/env bash
# The cost of a run's own bookkeeping (rate checks, the load generator's monitor: process and host
# CPU, load average, GC pauses, a stall-meter thread) on the fastest workload, `net rr` with one
# user, closed loop, against the loopback server in the same process: this checkout's loadlab.jar
# side by side with the one of BASE (default dd3372d, before the monitor), alternating which goes
# first, ROUNDS rounds (default 3) of DURATION (default 20s) each. Prints transactions per second and
# the client's CPU per transaction of both, their ratios per round, and the median ratios.
#   QUIET=1 waits for a 1-minute load average under 1 before each run.
# Needs dist/target/loadlab.jar (./mvnw -q -pl dist -am package -DskipTests); builds BASE's jar in a
# temporary worktree.
set -euo pipefail
cd "$(dirname "$0")/.."
BASE=${BASE:-dd3372d}
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-20s}
work=$(mktemp -d)
trap 'git worktree remove --force "$work/base" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git worktree add -q --detach "$work/base" "$BASE"
(cd "$work/base" && ./mvnw -q -B -pl dist -am package -DskipTests -Dspotless.check.skip=true \
  -Dassembly.skipAssembly=true >/dev/null)
new=dist/target/loadlab.jar
old=$work/base/dist/target/loadlab.jar

quiet() {
  [ "${QUIET:-0}" = 1 ] || return 0
  while awk '{exit !($1 >= 1)}' /proc/loadavg; do sleep 5; done
}

rate() { # jar -> "tx/s client-us-per-tx" of the measured window
  quiet
  java -XX:TieredStopAtLevel=1 -jar "$1" net rr --users 1 --warmup 5s --duration "$DURATION" \
    --output "$work/out-$$-$RANDOM" --json "$work/r.json" --quiet >/dev/null
  python3 -c "import json;r=json.load(open('$work/r.json'));o=next(iter(r['totals'].values()));print(round(o['ratePerSec']), round(o['cpu']['clientUsPerOp'],2))"
}

echo "machine: $(nproc) CPUs, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1); $(java -version 2>&1 | head -1)"
ratios=()
cpus=()
for i in $(seq 1 "$ROUNDS"); do
  if [ $((i % 2)) = 1 ]; then a=$(rate "$old"); b=$(rate "$new"); else b=$(rate "$new"); a=$(rate "$old"); fi
  r=$(python3 -c "print(f'{${b% *}/${a% *}:.3f}')")
  c=$(python3 -c "print(f'{${b#* }/${a#* }:.3f}')")
  ratios+=("$r")
  cpus+=("$c")
  echo "round $i: $BASE ${a% *} tx/s ${a#* } client us/tx, this checkout ${b% *} tx/s ${b#* } client us/tx; ratio $r, CPU ratio $c (load $(cut -d' ' -f1 /proc/loadavg))"
done
printf '%s\n' "${ratios[@]}" | sort -n | awk '{a[NR]=$1} END {print "median tx/s ratio " a[int((NR+1)/2)]}'
printf '%s\n' "${cpus[@]}" | sort -n | awk '{a[NR]=$1} END {print "median client CPU per transaction ratio " a[int((NR+1)/2)]}'
