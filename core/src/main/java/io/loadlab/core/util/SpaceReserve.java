package io.loadlab.core.util;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Room kept on a file system for one last write: a hidden file of real (not sparse) bytes beside
 * the file it is for, grown as that file grows and deleted right before its last write, so that the
 * write finds room even when the disk filled up meanwhile. Growing it never fails a run: on a full
 * disk it keeps what it has.
 */
public final class SpaceReserve {
  private static final Logger LOG = LoggerFactory.getLogger(SpaceReserve.class);
  private static final int CHUNK = 64 * 1024;

  private final Path file;
  private long size;

  private SpaceReserve(Path file) {
    this.file = file;
  }

  /** The reserve for {@code target}: {@code .NAME.reserve} in its directory, empty so far. */
  public static SpaceReserve beside(Path target) {
    Path abs = target.toAbsolutePath();
    return new SpaceReserve(abs.resolveSibling("." + abs.getFileName() + ".reserve"));
  }

  /** The reserve's file. */
  public Path file() {
    return file;
  }

  /** The bytes it holds. */
  public synchronized long size() {
    return size;
  }

  /**
   * Makes it hold at least {@code bytes} (growing it to half as much again, so it grows seldom); on
   * a full disk it keeps what it could write.
   */
  public synchronized void keep(long bytes) {
    if (bytes <= size) {
      return;
    }
    long want = bytes + bytes / 2;
    try (FileChannel ch =
        FileChannel.open(
            file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
      ByteBuffer zeros = ByteBuffer.allocate(CHUNK);
      try {
        while (ch.size() < want) {
          zeros.clear().limit((int) Math.min(CHUNK, want - ch.size()));
          ch.write(zeros);
        }
      } finally {
        size = ch.size();
      }
    } catch (IOException e) {
      LOG.debug("could not reserve {} bytes in {}", want, file, e);
    }
  }

  /** Deletes the reserve, giving its room back for the write that follows. */
  public synchronized void release() {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      LOG.debug("could not delete {}", file, e);
    }
    size = 0;
  }
}
