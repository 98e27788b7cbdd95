package io.loadlab.provision.testbed;

import io.loadlab.core.util.Texts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Puts loadlab on the testbed's machines, so that roles and load clients have it to run: the binary
 * tarball is unpacked into {@code dir} on each machine that runs a loadlab role ({@code broker},
 * {@code net-serve}) and on each machine named in {@code on}; the JMeter plugin tarball is unpacked
 * into the JMeter home of each machine that runs {@code jmeter-server}.
 *
 * @param loadlab the {@code loadlab-<version>-bin.tar.gz} file, relative to the testbed file
 * @param dir where it is unpacked on each machine; relative paths are under the SSH user's home
 * @param on further machines (load clients) to install on
 * @param jmeterPlugin the {@code loadlab-jmeter-plugin-<version>-bin.tar.gz} file
 * @param jmeterHome the JMeter 5.6.3 home on the {@code jmeter-server} machines
 */
public record Install(
    String loadlab, String dir, List<String> on, String jmeterPlugin, String jmeterHome) {
  /** The directory used when the file names none: {@code ~/loadlab}. */
  public static final String DEFAULT_DIR = "loadlab";

  public Install {
    dir = dir == null || dir.isBlank() ? DEFAULT_DIR : dir.strip();
    on = on == null ? List.of() : List.copyOf(on);
  }

  /** The loadlab launcher on the remote machines, or null if loadlab is not installed. */
  public String program() {
    return loadlab == null ? null : dir + "/bin/loadlab";
  }

  /** The jmeter-server script on the remote machines, or null if no JMeter home is given. */
  public String jmeterServer() {
    return jmeterHome == null ? null : jmeterHome + "/bin/jmeter-server";
  }

  /** Reports each problem as (field under {@code install}, problem and fix). */
  void check(Path testbedFile, Set<String> machines, BiConsumer<String, String> problem) {
    if (blank(loadlab) && blank(jmeterPlugin)) {
      problem.accept(
          "loadlab",
          "missing; give the binary tarball (dist/target/loadlab-<version>-bin.tar.gz)"
              + " or jmeter-plugin");
    }
    if (!blank(loadlab)) {
      checkTarball(testbedFile, "loadlab", loadlab, "./mvnw -pl dist -am package", problem);
    }
    if (!blank(jmeterPlugin)) {
      checkTarball(
          testbedFile,
          "jmeter-plugin",
          jmeterPlugin,
          "./mvnw -pl jmeter-plugin -am package",
          problem);
      if (blank(jmeterHome)) {
        problem.accept("jmeter-home", "missing; give JMeter's home on the jmeter-server machines");
      }
    }
    if (dir.startsWith("~")) {
      problem.accept("dir", "relative paths are under the home directory already; write loadlab");
    } else if (dir.equals("/") || List.of(dir.split("/")).contains("..")) {
      problem.accept(
          "dir", "'" + Texts.cut(dir) + "' is not a directory of its own; use e.g. loadlab");
    }
    for (int i = 0; i < on.size(); i++) {
      if (!machines.contains(on.get(i))) {
        problem.accept(
            "on[" + i + "]",
            "'" + Texts.cut(on.get(i)) + "' is not a host or guest of this testbed");
      }
    }
  }

  private static void checkTarball(
      Path testbedFile,
      String field,
      String value,
      String build,
      BiConsumer<String, String> problem) {
    Path tarball = TestbedPaths.resolve(testbedFile, value);
    if (!Files.isReadable(tarball)) {
      problem.accept(
          field,
          "cannot read " + tarball + "; build it with " + build + " -DskipTests or fix the path");
    } else if (!value.endsWith(".tar.gz") && !value.endsWith(".tgz")) {
      problem.accept(field, "'" + Texts.cut(value) + "' is not a .tar.gz; give the bin tarball");
    }
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}
