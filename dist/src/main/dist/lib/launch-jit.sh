# Sourced by the loadlab launchers (bin/loadlab, and ./loadlab in a source checkout): the JIT
# options a `ds2 run` starts its JVM with.
#
# On a machine of at most 2 CPUs with Java 17-23 (where DS2 users run on platform threads), a
# DS2 client's 20 or more user threads share the cores with the database, and HotSpot's C2
# compiler thread gets so little CPU that the client runs a run's first minutes in slower,
# profiled code. Compiled with C1 only (-XX:TieredStopAtLevel=1) the client's CPU per order stays
# at 450-560 us where C1 and C2 took 480-880 us (docs/benchmarks.md, DS2). With Java 24 and newer
# (virtual user threads) the same machine compiles with C2 alone (-XX:-TieredCompilation): the
# tiered JIT was still compiling 16-36 s into a run (21% of the client's CPU), C2 alone 9%, and
# the client's CPU per order fell from 422-463 to 325-406 us. Elsewhere the JVM's default stays. A JIT option in LOADLAB_JAVA_OPTS always wins: for example
# -XX:TieredStopAtLevel=4 keeps C2. result.json's environment records the choice (`jit`).
#
# $1: the Java feature version. Prints the options (maybe none).
loadlab_ds2_run_jit() {
  case " ${LOADLAB_JAVA_OPTS:-} " in
    *Tiered* | *CompilationMode* | *" -Xint "* | *" -Xcomp "* | *ServerClassMachine*) return 0 ;;
  esac
  cpus=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 0)
  if [ "$cpus" -lt 1 ] || [ "$cpus" -gt 2 ]; then
    return 0
  fi
  if [ "${1:-0}" -lt 24 ] 2>/dev/null; then
    echo "-XX:TieredStopAtLevel=1"
  else
    echo "-XX:-TieredCompilation"
  fi
  return 0
}
