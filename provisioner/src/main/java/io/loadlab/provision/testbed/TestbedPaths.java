package io.loadlab.provision.testbed;

import java.nio.file.Path;

/**
 * Resolves paths written in a testbed file: {@code ~} is the home directory, relative paths are
 * relative to the file's directory.
 */
public final class TestbedPaths {
  private TestbedPaths() {}

  public static Path resolve(Path testbedFile, String path) {
    if (path.equals("~") || path.startsWith("~/")) {
      return Path.of(System.getProperty("user.home"))
          .resolve(path.substring(Math.min(2, path.length())));
    }
    Path p = Path.of(path);
    if (p.isAbsolute()) {
      return p;
    }
    Path dir = testbedFile.toAbsolutePath().getParent();
    return dir == null ? p : dir.resolve(p);
  }
}
