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
  /** The longest path Linux takes (PATH_MAX, less the terminating NUL). */
  static final int MAX_PATH_BYTES = 4095;

  /** The longest file name Linux file systems take (NAME_MAX). */
  static final int MAX_NAME_BYTES = 255;

  private PathChecks() {}

  /** A directory that exists and is writable, or that can be created. */
  public static void writableDirectory(String option, String text) {
    writableDirectory(option, text, true);
  }

  /**
   * A directory that exists and is writable, or that can be created, as its permissions say,
   * without writing anything anywhere: for a command that must leave the directory untouched when
   * it then refuses to run (a second {@code campaign run} on a directory another one uses), and
   * proves the directory writable itself once it may write there ({@link #probe}).
   */
  public static void writableDirectoryUntouched(String option, String text) {
    writableDirectory(option, text, false);
  }

  private static void writableDirectory(String option, String text, boolean probe) {
    Path dir = parse(option, text);
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new UsageException(
          option + ": '" + Texts.cut(text) + "' is a file, not a directory; name a directory");
    }
    checkCreatable(option, text, dir, probe);
  }

  /** A file that can be created (or overwritten) and written. */
  public static void writableFile(String option, String text) {
    Path file = parse(option, text);
    if (Files.isDirectory(file)) {
      throw new UsageException(
          option
              + ": '"
              + Texts.cut(text)
              + "' is a directory; name a file, e.g. "
              + Texts.cut(file.resolve("out").toString()));
    }
    if (Files.exists(file) && !Files.isWritable(file)) {
      throw new UsageException(
          option + ": '" + Texts.cut(text) + "' cannot be written; name a file you may write");
    }
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      checkCreatable(option, text, parent, true);
    }
  }

  /** A regular file that can be read. */
  public static void readableFile(String option, String text) {
    Path file = parse(option, text);
    if (!Files.exists(file)) {
      throw new UsageException(
          option + ": '" + Texts.cut(text) + "' does not exist; name an existing file");
    }
    if (!Files.isRegularFile(file)) {
      throw new UsageException(
          option + ": '" + Texts.cut(text) + "' is not a regular file; name a file");
    }
    if (!Files.isReadable(file)) {
      throw new UsageException(
          option + ": '" + Texts.cut(text) + "' cannot be read; check its permissions");
    }
  }

  /**
   * If the path exists, it is a regular file: a named pipe would block whoever reads it and a
   * device such as {@code /dev/zero} never ends. A missing file is left to the command, which names
   * what to give.
   */
  public static void notSpecialFile(String option, String text) {
    Path file = parse(option, text);
    if (Files.exists(file) && !Files.isRegularFile(file)) {
      throw new UsageException(
          option
              + ": '"
              + Texts.cut(text)
              + "' is "
              + (Files.isDirectory(file) ? "a directory" : "a pipe, socket or device")
              + ", not a regular file; name a file");
    }
  }

  /** The first existing directory on the way up must be a writable directory. */
  private static void checkCreatable(String option, String text, Path dir, boolean probe) {
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
              + Texts.cut(text)
              + "' is under '"
              + Texts.cut(existing.toString())
              + "', which is a file; name a path in a directory");
    }
    if (!Files.isWritable(existing)) {
      throw new UsageException(
          option
              + ": '"
              + Texts.cut(text)
              + "' cannot be written: '"
              + Texts.cut(existing.toString())
              + "' is read-only or not yours; name a writable directory");
    }
    if (probe) {
      probe(option, text, existing);
    }
  }

  /**
   * Creates and removes a file in {@code dir}: permission bits do not tell everything (root on a
   * file system such as /proc, a full disk, an ACL).
   */
  public static void probe(String option, String text, Path dir) {
    try {
      Files.delete(Files.createTempFile(dir, ".loadlab-probe-", ".tmp"));
    } catch (IOException | SecurityException e) {
      throw new UsageException(
          option
              + ": '"
              + Texts.cut(text)
              + "' cannot be written: '"
              + Texts.cut(dir.toString())
              + "' takes no new files; name a writable directory");
    }
  }

  /**
   * What makes {@code text} too long for a Linux path, or null: more than {@value #MAX_PATH_BYTES}
   * bytes, or a name of more than {@value #MAX_NAME_BYTES}. Such a path is refused before it is
   * used (and before a message echoes all of it).
   */
  public static String lengthProblem(String text) {
    if (bytes(text) > MAX_PATH_BYTES) {
      return "is too long for a path; use at most " + MAX_PATH_BYTES + " bytes";
    }
    for (String name : text.split("/")) {
      if (bytes(name) > MAX_NAME_BYTES) {
        return "has a name longer than " + MAX_NAME_BYTES + " bytes; use shorter names";
      }
    }
    return null;
  }

  private static int bytes(String text) {
    return text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
  }

  private static Path parse(String option, String text) {
    if (text == null || text.isBlank()) {
      throw new UsageException(option + ": a path is needed");
    }
    Path path;
    try {
      path = Path.of(text);
    } catch (InvalidPathException e) {
      throw new UsageException(option + ": '" + Texts.cut(text) + "' is not a valid path");
    }
    String tooLong = lengthProblem(text);
    if (tooLong != null) {
      throw new UsageException(option + ": '" + Texts.cut(text) + "' " + tooLong);
    }
    return path;
  }
}
