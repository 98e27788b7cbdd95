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
 * Room kept on a file system for one last write: a file of real (not sparse) bytes beside the file
 * it is for, grown as that file grows and given back right before its last write, so that the write
 * finds room even when the disk filled up meanwhile. Growing it never fails a run: on a full disk
 * it keeps what it has.
 *
 * <p>The file is removed from its directory as soon as it is made and held open: its room stays
 * taken while this process holds it, and a process killed with SIGKILL leaves nothing behind (the
 * system frees an unlinked file's room when its last holder goes). Where an open file cannot be
 * removed (Windows), it stays in the directory until {@link #release}.
 */
public final class SpaceReserve {
  private static final Logger LOG = LoggerFactory.getLogger(SpaceReserve.class);
  private static final int CHUNK = 64 * 1024;

  private final Path file;
  private FileChannel channel;
  private long size;

  private SpaceReserve(Path file) {
    this.file = file;
  }

  /** The reserve for {@code target}: {@code .NAME.reserve} in its directory, empty so far. */
  public static SpaceReserve beside(Path target) {
    Path abs = target.toAbsolutePath();
    return new SpaceReserve(abs.resolveSibling("." + abs.getFileName() + ".reserve"));
  }

  /** The name the reserve's file had in its directory (it is removed from there once open). */
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
    try {
      if (channel == null) {
        // A file left by a run of an older loadlab goes first.
        Files.deleteIfExists(file);
        channel =
            FileChannel.open(
                file,
                StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
        try {
          Files.delete(file); // held open, its room stays taken; nothing is left if we are killed
        } catch (IOException e) {
          LOG.debug("could not unlink {} while open; it goes at release", file, e);
        }
      }
      ByteBuffer zeros = ByteBuffer.allocate(CHUNK);
      try {
        while (channel.size() < want) {
          zeros.clear().limit((int) Math.min(CHUNK, want - channel.size()));
          channel.write(zeros);
        }
      } finally {
        size = channel.size();
      }
    } catch (IOException e) {
      LOG.debug("could not reserve {} bytes in {}", want, file, e);
    }
  }

  /** Gives its room back for the write that follows. */
  public synchronized void release() {
    try {
      if (channel != null) {
        channel.close();
      }
      Files.deleteIfExists(file);
    } catch (IOException e) {
      LOG.debug("could not delete {}", file, e);
    }
    channel = null;
    size = 0;
  }
}
