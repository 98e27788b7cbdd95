# Sourced by the loadlab launchers (bin/loadlab, and ./loadlab in a source checkout): the JIT
# options a `ds2 run` starts its JVM with.
#
# On a machine of at most 2 CPUs, a DS2 client's 20 or more users share the cores with the
# database, and HotSpot's C2 compiler thread gets so little CPU that the client runs a run's first
# minutes in slower code: profiled C1 code (tiered) or the interpreter (C2 alone). Compiled with C1
# only (-XX:TieredStopAtLevel=1) it is done compiling within seconds. With Java 17 the client's CPU
# per order stayed at 450-560 us where C1 and C2 took 480-880 us; with Java 25 (virtual user
# threads), 16-36 s into a run on a busy machine, 171-239 us (8 runs) where C2 alone took 217-639
# us (5 runs, median 293; its compiler thread alone took 28% of the client's CPU) and C1 and C2
# 456 us (docs/benchmarks.md, DS2). Elsewhere
# the JVM's default stays. A JIT option in LOADLAB_JAVA_OPTS always wins: for example
# -XX:TieredStopAtLevel=4 keeps C2, -XX:-TieredCompilation C2 alone. result.json's environment
# records the choice (`jit`).
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
  echo "-XX:TieredStopAtLevel=1"
  return 0
}
