package io.loadlab.core.util;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds a JDK newer than the one running the tests, for tests of what only a newer Java does (the
 * direct socket calls of 22, virtual users on 21): the home named by an environment variable, or
 * the first JDK of that version or newer under {@code /usr/lib/jvm}.
 */
public final class InstalledJdks {
  private InstalledJdks() {}

  /**
   * A JDK home of version {@code feature} or newer: the one {@code variable} names (taken as is),
   * else the first one under {@code /usr/lib/jvm}; empty if there is none.
   */
  public static Optional<Path> atLeast(int feature, String variable) throws IOException {
    String env = System.getenv(variable);
    if (env != null && !env.isBlank()) {
      return Optional.of(Path.of(env));
    }
    Path jvms = Path.of("/usr/lib/jvm");
    if (!Files.isDirectory(jvms)) {
      return Optional.empty();
    }
    try (Stream<Path> homes = Files.list(jvms)) {
      return homes.filter(h -> feature(h) >= feature).findFirst();
    }
  }

  /** The feature version in a JDK home's {@code release} file, or 0 if it is not a JDK home. */
  private static int feature(Path home) {
    try {
      for (String line : Files.readAllLines(home.resolve("release"))) {
        if (line.startsWith("JAVA_VERSION=")) {
          String v = line.substring("JAVA_VERSION=".length()).replace("\"", "");
          return Integer.parseInt(v.split("[.+-]")[0]);
        }
      }
    } catch (IOException | RuntimeException e) {
      // not a JDK home
    }
    return 0;
  }
}
