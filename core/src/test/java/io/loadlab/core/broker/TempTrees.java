package io.loadlab.core.broker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Removal of the temporary directories the broker fixtures make. */
final class TempTrees {
  private TempTrees() {}

  /** Deletes {@code dir} and everything below it, if it is not null. */
  static void delete(Path dir) throws IOException {
    if (dir == null) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
