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
# bench/warmup.sh, 5 rounds each) on one host; on another (H6, 2026-11-28) neither settled within
# 20 s and the steady transit p50 with the cache was 319-372 us against 196-251 us without (the
# training run's profiles include the embedded broker's code), so it stays opt-in. `campaign run` of a campaign file that names amqp makes it
# before the campaign's first run, so that no run pays for the training; the launcher exports the
# cache as LOADLAB_AOT_CACHE and a campaign's `amqp` runs (child JVMs) start with it. With it, the
# class-data archive of other commands (AppCDS) is not used by `amqp` commands. result.json's
# environment names the cache a run started with (`aotCache`).

# $1: the Java feature version; $2: the java binary; $3: loadlab.jar; $4: the directory for the
# cache; $5: 1 to make the cache when it is missing or older than the jar. Prints the cache's path
# when a fresh one exists (maybe nothing).
loadlab_aot_cache() {
  [ "${LOADLAB_AOT:-0}" = 1 ] && [ "${1:-0}" -ge 25 ] 2>/dev/null || return 0
  _runtime=$("$2" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.runtime.version = //p' | tr -c 'A-Za-z0-9._+\n-' '_')
  _aot="$4/loadlab-${_runtime:-java}-amqp.aot"
  if [ ! -f "$_aot" ] || [ "$3" -nt "$_aot" ]; then
    [ "${5:-0}" = 1 ] && [ -w "$4" ] || return 0
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
  [ -f "$_aot" ] && echo "$_aot"
  return 0
}

# $1-$4: as loadlab_aot_cache; then the command's arguments. Makes the cache for an `amqp` command,
# or for `campaign run FILE` when FILE names amqp, and prints the cache's path (maybe nothing).
loadlab_aot_prepare() {
  _make=0
  case "${5:-}" in
    amqp) _make=1 ;;
    campaign) [ "${6:-}" = run ] && grep -qs amqp "${7:-}" && _make=1 ;;
  esac
  loadlab_aot_cache "$1" "$2" "$3" "$4" "$_make"
}

# $1-$4: as loadlab_aot_cache; $5: the command (first argument). Prints the JVM option of an `amqp`
# command (maybe none), making the cache on first use.
loadlab_aot_opts() {
  [ "${5:-}" = amqp ] || return 0
  _path=$(loadlab_aot_cache "$1" "$2" "$3" "$4" 1)
  [ -n "$_path" ] && echo "-XX:AOTCache=$_path"
  return 0
}
