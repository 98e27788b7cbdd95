package io.loadlab.provision.testbed;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Puts loadlab's binary distribution on the testbed's machines, so that roles and load clients have
 * a {@code loadlab} to run: the tarball is unpacked into {@code dir} on each machine that runs a
 * loadlab role ({@code broker}, {@code net-serve}) and on each machine named in {@code on}.
 *
 * @param loadlab the {@code loadlab-<version>-bin.tar.gz} file, relative to the testbed file
 * @param dir where it is unpacked on each machine; relative paths are under the SSH user's home
 * @param on further machines (load clients) to install on
 */
public record Install(String loadlab, String dir, List<String> on) {
  /** The directory used when the file names none: {@code ~/loadlab}. */
  public static final String DEFAULT_DIR = "loadlab";

  public Install {
    dir = dir == null || dir.isBlank() ? DEFAULT_DIR : dir.strip();
    on = on == null ? List.of() : List.copyOf(on);
  }

  /** The launcher on the remote machine. */
  public String program() {
    return dir + "/bin/loadlab";
  }

  /** Reports each problem as (field under {@code install}, problem and fix). */
  void check(Path testbedFile, Set<String> machines, BiConsumer<String, String> problem) {
    if (loadlab == null || loadlab.isBlank()) {
      problem.accept(
          "loadlab", "missing; give the binary tarball (dist/target/loadlab-<version>-bin.tar.gz)");
    } else {
      Path tarball = TestbedPaths.resolve(testbedFile, loadlab);
      if (!Files.isReadable(tarball)) {
        problem.accept(
            "loadlab",
            "cannot read "
                + tarball
                + "; build it with ./mvnw -pl dist -am package -DskipTests or fix the path");
      } else if (!loadlab.endsWith(".tar.gz") && !loadlab.endsWith(".tgz")) {
        problem.accept("loadlab", "'" + loadlab + "' is not a .tar.gz; give the bin tarball");
      }
    }
    if (dir.startsWith("~")) {
      problem.accept("dir", "relative paths are under the home directory already; write loadlab");
    } else if (dir.equals("/") || List.of(dir.split("/")).contains("..")) {
      problem.accept("dir", "'" + dir + "' is not a directory of its own; use e.g. loadlab");
    }
    for (int i = 0; i < on.size(); i++) {
      if (!machines.contains(on.get(i))) {
        problem.accept(
            "on[" + i + "]", "'" + on.get(i) + "' is not a host or guest of this testbed");
      }
    }
  }
}
