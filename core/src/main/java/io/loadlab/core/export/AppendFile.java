package io.loadlab.core.export;

import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A file written in whole chunks: each {@link #append} hands one buffer to the operating system at
 * once, so a process killed between chunks leaves only whole chunks behind. The path {@code -}
 * means standard output.
 */
final class AppendFile implements Closeable {
  /** The path that stands for standard output. */
  static final Path STDOUT = Path.of("-");

  private final FileChannel channel;
  private final PrintStream stdout;
  private final Path path;
  private final Object fileKey;
  private long written;

  AppendFile(Path file, PrintStream stdout) throws IOException {
    this.path = file;
    if (file.equals(STDOUT)) {
      this.channel = null;
      this.stdout = stdout;
      this.fileKey = null;
      return;
    }
    this.stdout = null;
    Path parent = file.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    channel =
        FileChannel.open(
            file,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING);
    fileKey = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
  }

  synchronized void append(String text) throws IOException {
    append(text.getBytes(StandardCharsets.UTF_8));
  }

  synchronized void append(byte[] bytes) throws IOException {
    if (channel == null) {
      stdout.write(bytes);
      stdout.flush();
      return;
    }
    checkStillThere();
    ByteBuffer buffer = ByteBuffer.wrap(bytes);
    try {
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
      written += bytes.length;
    } catch (IOException e) {
      // Disk full: take back the part of the chunk that was written, so no line is cut short.
      try {
        channel.truncate(written);
      } catch (IOException ignored) {
        // the chunk stays cut; the run fails anyway
      }
      throw e;
    }
  }

  /** A file removed (or its directory) while the run writes to it is an error, not ignored. */
  private void checkStillThere() throws IOException {
    if (fileKey == null) {
      return;
    }
    Object now;
    try {
      now = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
    } catch (IOException e) {
      throw new NoSuchFileException(path.toString(), null, "removed during the run");
    }
    if (!fileKey.equals(now)) {
      throw new NoSuchFileException(path.toString(), null, "replaced during the run");
    }
  }

  @Override
  public synchronized void close() throws IOException {
    if (channel != null) {
      channel.close();
    }
  }

  /** The file written, or null for standard output. */
  String target() {
    return channel == null ? null : path.toString();
  }
}
