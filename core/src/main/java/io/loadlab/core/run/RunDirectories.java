package io.loadlab.core.run;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Creates a new run's own directory atomically: the name asked for if nobody has it, else the name
 * with {@code -2}, {@code -3}, ... Two runs started in the same second never share a directory.
 */
public final class RunDirectories {
  private static final int MAX_TRIES = 10_000;

  private RunDirectories() {}

  /**
   * Creates and returns a directory that did not exist before, named {@code wanted} or after it.
   */
  public static Path createNew(Path wanted) throws IOException {
    Path parent = wanted.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    for (int i = 1; i <= MAX_TRIES; i++) {
      Path candidate =
          i == 1 ? wanted : wanted.resolveSibling(wanted.getFileName().toString() + "-" + i);
      try {
        return Files.createDirectory(candidate); // atomic: exactly one caller gets each name
      } catch (FileAlreadyExistsException e) {
        // taken: try the next suffix
      }
    }
    throw new IOException("no free run directory name after " + wanted + "-" + MAX_TRIES);
  }
}
