# Sourced by the loadlab launchers (bin/loadlab, and ./loadlab in a source checkout): the
# ahead-of-time cache of `amqp` commands on Java 25 and newer, when LOADLAB_AOT=1 asks for it.
#
# An AMQP client's transit p50 falls over the first seconds of every run while the JIT compiles
# the client's hot path (at 1,000 msg/s HotSpot needs thousands of calls, i.e. seconds, before it
# compiles a method with C2). Java 25's AOT cache (JEP 483, JEP 514's -XX:AOTCacheOutput, JEP 515's
# method profiles) holds the classes loaded and linked and the method profiles of a training run,
# so that a later run starts with them. The cache is made on first use, once per jar and Java
# build: a 10-second `amqp latency --rate 1000 --size 64` against the embedded broker (the
# launcher says so on stderr; it takes 10-20 s more than the command itself). It cut the
# warm-up of `amqp latency` at 1,000 msg/s from a median of 14.2 s to 4.8 s (docs/benchmarks.md,
# bench/warmup.sh, 5 rounds each). It stays opt-in while the cache is made on first use: made by
# default, its training run would land inside the first run of a campaign on every host; with it, the class-data archive of other
# commands (AppCDS) is not used by `amqp` commands.
#
# $1: the Java feature version; $2: the java binary; $3: loadlab.jar; $4: the directory for the
# cache; $5: the command (first argument). Prints the JVM option (maybe none).
loadlab_aot_opts() {
  [ "${LOADLAB_AOT:-}" = 1 ] && [ "${1:-0}" -ge 25 ] 2>/dev/null && [ "${5:-}" = amqp ] || return 0
  _runtime=$("$2" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.runtime.version = //p' | tr -c 'A-Za-z0-9._+\n-' '_')
  _aot="$4/loadlab-${_runtime:-java}-amqp.aot"
  if [ ! -f "$_aot" ] || [ "$3" -nt "$_aot" ]; then
    [ -w "$4" ] || return 0
    echo "loadlab: making the ahead-of-time cache of amqp commands (a 10 s training run, once per jar and Java build; LOADLAB_AOT=1)..." >&2
    _work=$(mktemp -d 2>/dev/null || echo "/tmp/loadlab-aot.$$")
    # The training run's own verdict does not matter (on a busy machine it may not hold its rate and
    # exit 1): what counts is that the JVM wrote the cache at exit. A stale cache is never kept, or
    # every run would pay a JVM error and a new training run.
    rm -f "$_aot"
    "$2" -XX:AOTCacheOutput="$_aot.$$" -jar "$3" amqp latency --rate 1000 --size 64 --duration 10s \
      --quiet --output "$_work/run" >/dev/null 2>&1 || true
    if [ -s "$_aot.$$" ]; then
      mv -f "$_aot.$$" "$_aot"
    else
      echo "loadlab: the ahead-of-time cache could not be made; running without it" >&2
    fi
    rm -rf "$_work" "$_aot.$$" "$_aot.$$.config"
  fi
  [ -f "$_aot" ] && echo "-XX:AOTCache=$_aot"
  return 0
}
