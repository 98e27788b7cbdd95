package io.loadlab.core.util;

import io.loadlab.core.failure.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * Checks, before anything starts, that a path a command was given can be used: an output file or
 * directory can be created and written, an input file can be read. Each problem is one line naming
 * the option and the fix.
 */
public final class PathChecks {
  private PathChecks() {}

  /** A directory that exists and is writable, or that can be created. */
  public static void writableDirectory(String option, String text) {
    Path dir = parse(option, text);
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new UsageException(
          option + ": '" + text + "' is a file, not a directory; name a directory");
    }
    checkCreatable(option, text, dir);
  }

  /** A file that can be created (or overwritten) and written. */
  public static void writableFile(String option, String text) {
    Path file = parse(option, text);
    if (Files.isDirectory(file)) {
      throw new UsageException(
          option + ": '" + text + "' is a directory; name a file, e.g. " + file.resolve("out"));
    }
    if (Files.exists(file) && !Files.isWritable(file)) {
      throw new UsageException(
          option + ": '" + text + "' cannot be written; name a file you may write");
    }
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      checkCreatable(option, text, parent);
    }
  }

  /** A regular file that can be read. */
  public static void readableFile(String option, String text) {
    Path file = parse(option, text);
    if (!Files.exists(file)) {
      throw new UsageException(option + ": '" + text + "' does not exist; name an existing file");
    }
    if (!Files.isRegularFile(file)) {
      throw new UsageException(option + ": '" + text + "' is not a regular file; name a file");
    }
    if (!Files.isReadable(file)) {
      throw new UsageException(option + ": '" + text + "' cannot be read; check its permissions");
    }
  }

  /** The first existing directory on the way up must be a writable directory. */
  private static void checkCreatable(String option, String text, Path dir) {
    Path existing = dir.toAbsolutePath().normalize();
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return;
    }
    if (!Files.isDirectory(existing)) {
      throw new UsageException(
          option
              + ": '"
              + text
              + "' is under '"
              + existing
              + "', which is a file; name a path in a directory");
    }
    if (!Files.isWritable(existing)) {
      throw new UsageException(
          option
              + ": '"
              + text
              + "' cannot be written: '"
              + existing
              + "' is read-only or not yours; name a writable directory");
    }
    probe(option, text, existing);
  }

  /**
   * Creates and removes a file in {@code dir}: permission bits do not tell everything (root on a
   * file system such as /proc, a full disk, an ACL).
   */
  private static void probe(String option, String text, Path dir) {
    try {
      Files.delete(Files.createTempFile(dir, ".loadlab-probe-", ".tmp"));
    } catch (IOException | SecurityException e) {
      throw new UsageException(
          option
              + ": '"
              + text
              + "' cannot be written: '"
              + dir
              + "' takes no new files; name a writable directory");
    }
  }

  private static Path parse(String option, String text) {
    if (text == null || text.isBlank()) {
      throw new UsageException(option + ": a path is needed");
    }
    try {
      return Path.of(text);
    } catch (InvalidPathException e) {
      throw new UsageException(option + ": '" + text + "' is not a valid path");
    }
  }
}
