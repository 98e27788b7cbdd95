package io.loadlab.core.export;

import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

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

  AppendFile(Path file, PrintStream stdout) throws IOException {
    if (file.equals(STDOUT)) {
      this.channel = null;
      this.stdout = stdout;
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
    ByteBuffer buffer = ByteBuffer.wrap(bytes);
    while (buffer.hasRemaining()) {
      channel.write(buffer);
    }
  }

  @Override
  public synchronized void close() throws IOException {
    if (channel != null) {
      channel.close();
    }
  }
}
