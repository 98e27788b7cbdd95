package io.loadlab.campaign.run;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Texts;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One {@code campaign run} per campaign directory. Two campaigns on one directory bring each
 * other's configurations up and down and fail each other's runs, so a run takes an exclusive lock
 * on {@value #FILE} in the directory and holds it until it ends. The operating system releases the
 * lock when the process dies, however it dies (SIGKILL included), so a stale lock never blocks a
 * resume. The file holds the holder's pid and machine, for the refusal message.
 *
 * <p>A refused taker leaves the file alone: it writes nothing, and in the holder's own JVM it does
 * not even open the file, because closing any descriptor of a file drops every POSIX lock the
 * process holds on it, which would let a third campaign take the directory from the holder.
 */
public final class CampaignLock implements AutoCloseable {
  /** The lock file's name in the campaign directory. */
  static final String FILE = "campaign.lock";

  /** The lock files this JVM holds (real paths), with the text each holder wrote. */
  private static final Map<Path, String> HELD = new ConcurrentHashMap<>();

  private final FileChannel channel;
  private final FileLock lock;
  private final Path held;

  private CampaignLock(FileChannel channel, FileLock lock, Path held) {
    this.channel = channel;
    this.lock = lock;
    this.held = held;
  }

  /**
   * Takes the lock of campaign directory {@code dir} (created if absent).
   *
   * @throws UsageException if another campaign run holds it: names its pid and machine
   */
  public static CampaignLock take(Path dir) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(FILE);
    Path key = dir.toRealPath().resolve(FILE);
    String me = describeThisProcess();
    String mine = HELD.putIfAbsent(key, me);
    if (mine != null) {
      throw inUse(dir, mine); // this JVM holds it: the file is not opened (see above)
    }
    FileChannel channel;
    FileLock lock;
    try {
      channel =
          FileChannel.open(
              file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
      try {
        lock = channel.tryLock();
      } catch (IOException | OverlappingFileLockException e) {
        channel.close();
        throw e;
      }
    } catch (IOException | RuntimeException e) {
      HELD.remove(key);
      throw e;
    }
    if (lock == null) {
      HELD.remove(key);
      String holder = holder(channel);
      channel.close();
      throw inUse(dir, holder);
    }
    channel.truncate(0);
    channel.write(ByteBuffer.wrap(me.getBytes(StandardCharsets.UTF_8)), 0);
    channel.force(false);
    return new CampaignLock(channel, lock, key);
  }

  private static UsageException inUse(Path dir, String holder) {
    return new UsageException(
        Texts.cut(dir)
            + ": another 'loadlab campaign run' is using this directory ("
            + holder
            + "); let it finish or stop it, then run again to resume, or give another --output");
  }

  /** "pid 1234 on lab1 since 2025-01-01T10:00:00Z" for this process. */
  static String describeThisProcess() {
    return "pid "
        + ProcessHandle.current().pid()
        + " on "
        + hostName()
        + " since "
        + Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
  }

  /**
   * What the holder wrote into the lock file. It writes right after taking the lock, so an empty
   * file is read again for a moment.
   */
  private static String holder(FileChannel channel) throws IOException {
    for (int attempt = 0; attempt < 20; attempt++) {
      ByteBuffer buffer = ByteBuffer.allocate(512);
      int n = channel.read(buffer, 0);
      if (n > 0) {
        String text = new String(buffer.array(), 0, n, StandardCharsets.UTF_8).strip();
        return Texts.cut(text.lines().findFirst().orElse(""));
      }
      try {
        Thread.sleep(25);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    return "pid unknown";
  }

  /** This machine's name, without waiting on DNS where the kernel knows it. */
  private static String hostName() {
    try {
      Path kernel = Path.of("/proc/sys/kernel/hostname");
      if (Files.isReadable(kernel)) {
        return Files.readString(kernel).strip();
      }
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException | RuntimeException e) {
      String env = System.getenv("HOSTNAME");
      return env != null ? env : "an unknown machine";
    }
  }

  /** Releases the lock (the file stays: a resume finds it and takes the lock again). */
  @Override
  public void close() throws IOException {
    try {
      lock.release();
    } finally {
      HELD.remove(held);
      channel.close();
    }
  }
}
