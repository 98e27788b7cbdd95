# Sourced by the loadlab launchers (bin/loadlab, and ./loadlab in a source checkout): which java
# runs loadlab.
#
# JAVA_HOME wins when it is set. Otherwise the newest Java (17 or newer) among the PATH's java and
# the JDKs installed where packages put them (LOADLAB_JDK_DIRS, by default /usr/lib/jvm /usr/java
# /opt/java /usr/local/java /Library/Java/JavaVirtualMachines ~/.sdkman/candidates/java): on Java
# 24 and newer DS2 users run on virtual threads, which cost the client far less CPU per order than
# a kernel thread per user (docs/benchmarks.md). When that is not the PATH's java, the launcher
# says which it took, on stderr. Sets `java` (the binary); leaves it empty when there is none.

# $1: a java binary. Prints its feature version (8, 17, 25...), from its home's `release` file when
# there is one (no JVM started), else by asking it.
loadlab_java_feature() {
  _home=$(dirname "$(dirname "$1")")
  _v=""
  if [ -r "$_home/release" ]; then
    _v=$(sed -n 's/^JAVA_VERSION="\([0-9.]*\).*/\1/p' "$_home/release" | head -1)
  fi
  if [ -z "$_v" ]; then
    _v=$("$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
  fi
  case $_v in
    1.*) _v=${_v#1.} ;;
  esac
  _v=${_v%%.*}
  case $_v in
    '' | *[!0-9]*) echo 0 ;;
    *) echo "$_v" ;;
  esac
}

# $1: a path. Prints it with every symbolic link resolved (readlink -f where it exists).
loadlab_real_path() {
  readlink -f "$1" 2>/dev/null || echo "$1"
}

loadlab_find_java() {
  java=""
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then
    java="$JAVA_HOME/bin/java"
    return 0
  fi
  _path_java=""
  _best=""
  _best_feature=0
  if command -v java >/dev/null 2>&1; then
    _path_java=$(loadlab_real_path "$(command -v java)")
    _best=$_path_java
    _best_feature=$(loadlab_java_feature "$_path_java")
  fi
  _dirs=${LOADLAB_JDK_DIRS-/usr/lib/jvm /usr/java /opt/java /usr/local/java /Library/Java/JavaVirtualMachines ${HOME:-/nonexistent}/.sdkman/candidates/java}
  for _dir in $_dirs; do
    for _candidate in "$_dir"/*/bin/java "$_dir"/*/Contents/Home/bin/java; do
      [ -x "$_candidate" ] || continue
      _candidate=$(loadlab_real_path "$_candidate")
      [ "$_candidate" = "$_best" ] && continue
      _feature=$(loadlab_java_feature "$_candidate")
      if [ "$_feature" -gt "$_best_feature" ]; then
        _best=$_candidate
        _best_feature=$_feature
      fi
    done
  done
  java=$_best
  if [ -n "$java" ] && [ "$java" != "$_path_java" ] && [ "$_best_feature" -ge 17 ]; then
    echo "loadlab: running on Java $_best_feature, $(dirname "$(dirname "$java")") (the newest installed; set JAVA_HOME to choose)" >&2
  fi
  return 0
}

# $1: the Java feature version. Prints the option that keeps Java 24 and newer as quiet as Java 17:
# Netty (under Qpid JMS and Artemis) uses sun.misc.Unsafe's memory access, which those Javas warn
# about on every start (JEP 471) unless allowed. (Its native library, which they warn about too,
# is allowed by loadlab.jar's manifest, Enable-Native-Access: the option would turn off the
# class-data archive's module handling.)
loadlab_java_compat_opts() {
  if [ "${1:-0}" -ge 24 ] 2>/dev/null; then
    echo "--sun-misc-unsafe-memory-access=allow"
  fi
  return 0
}
