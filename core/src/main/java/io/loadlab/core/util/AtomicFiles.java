package io.loadlab.core.util;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes whole files so that readers never see half of one: into a temporary file beside it, then
 * renamed over it. A failed write (disk full) leaves the old file as it was and no temporary file.
 */
public final class AtomicFiles {
  private AtomicFiles() {}

  /** What writes the content. */
  public interface Content {
    void writeTo(OutputStream out) throws IOException;
  }

  /** Writes {@code text} as UTF-8. */
  public static void write(Path file, String text) throws IOException {
    write(file, out -> out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
  }

  /**
   * Writes {@code text} as {@link #write(Path, String)} does unless the file holds it already: a
   * file written again at the end of a run (a chart beside a summary) needs no room when it did not
   * change.
   */
  public static void writeIfChanged(Path file, String text) throws IOException {
    byte[] bytes = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    if (Files.isRegularFile(file)
        && Files.size(file) == bytes.length
        && java.util.Arrays.equals(Files.readAllBytes(file), bytes)) {
      return;
    }
    write(file, out -> out.write(bytes));
  }

  /**
   * Writes {@code content} to {@code file}. The directory must exist: a directory removed while a
   * run writes into it is an error, not silently made again.
   */
  public static void write(Path file, Content content) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    if (!Files.isDirectory(dir)) {
      throw new NoSuchFileException(dir.toString(), null, "the directory is gone");
    }
    Path tmp = dir.resolve("." + file.getFileName() + ".tmp");
    try {
      try (OutputStream out = Files.newOutputStream(tmp)) {
        content.writeTo(out);
      }
      try {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(tmp);
      throw e;
    }
  }
}
