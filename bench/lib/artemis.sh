# Sourced by the Artemis benchmarks (amqp-bench.sh, jms-providers.sh): builds loadlab (NO_BUILD=1
# takes dist/target/loadlab.jar as it is), fetches Artemis's bin tar.gz from Maven Central into
# $work (ARTEMIS_HOME: an Artemis already unpacked) and finds the Java the loadlab launcher takes
# (JAVA_HOME's, else the newest installed: dist/src/main/dist/lib/find-java.sh), on which every JVM
# of the benchmark runs (the broker, loadlab, artemis perf).
# Needs: $here (the checkout), $work (a scratch directory), $ARTEMIS_VERSION.
# Sets: jar, artemis, java, JAVA_HOME (exported).
bench_loadlab_and_artemis() {
  echo "== building loadlab and fetching Artemis $ARTEMIS_VERSION into $work" >&2
  [ -n "${NO_BUILD:-}" ] && [ -f "$here/dist/target/loadlab.jar" ] ||
    (cd "$here" && ./mvnw -q -B -DskipTests -Dspotless.check.skip=true -pl dist -am package) >&2
  jar="$here/dist/target/loadlab.jar"
  if [ -n "${ARTEMIS_HOME:-}" ]; then
    artemis="$ARTEMIS_HOME/bin/artemis"
  else
    (cd "$here" && ./mvnw -q -B -N dependency:copy \
      -Dartifact="org.apache.activemq:apache-artemis:$ARTEMIS_VERSION:tar.gz:bin" \
      -DoutputDirectory="$work") >&2
    tar xzf "$work/apache-artemis-$ARTEMIS_VERSION-bin.tar.gz" -C "$work"
    artemis="$work/apache-artemis-$ARTEMIS_VERSION/bin/artemis"
  fi
  . "$here/dist/src/main/dist/lib/find-java.sh"
  loadlab_find_java
  [ -n "$java" ] || { echo "no java found; set JAVA_HOME" >&2; exit 2; }
  export JAVA_HOME="${JAVA_HOME:-$(dirname "$(dirname "$java")")}"
  echo "   java: $("$java" -version 2>&1 | head -1) ($java)" >&2
}
