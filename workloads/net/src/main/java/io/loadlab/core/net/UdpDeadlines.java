package io.loadlab.core.net;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Ends UDP waits that take too long. A {@link UdpConnection} waits for an answer in a blocking read
 * (one system call, as sockperf's {@code recvfrom}, where a timed wait would add a poll before
 * every read); this one daemon thread looks at the connections' deadlines a few times per timeout
 * and closes the socket of a connection whose answer is overdue, which ends its read. The
 * connection then opens a new socket on the same local port and counts the transaction as lost.
 */
final class UdpDeadlines {
  /** A connection's deadline while it does not wait. */
  static final long IDLE = 0;

  /** A connection's deadline once this thread has ended its wait. */
  static final long EXPIRED = Long.MIN_VALUE;

  private static final long MIN_TICK = TimeUnit.MILLISECONDS.toNanos(1);
  private static final long MAX_TICK = TimeUnit.MILLISECONDS.toNanos(25);
  private static final Set<UdpConnection> WATCHED = ConcurrentHashMap.newKeySet();
  private static volatile long tickNanos = MAX_TICK;
  private static Thread thread;

  private UdpDeadlines() {}

  /** Starts watching a connection whose waits last at most {@code timeoutNanos}. */
  static void watch(UdpConnection c, long timeoutNanos) {
    long tick = Math.max(MIN_TICK, Math.min(MAX_TICK, timeoutNanos / 8));
    synchronized (UdpDeadlines.class) {
      if (tick < tickNanos) {
        tickNanos = tick;
      }
      WATCHED.add(c);
      if (thread == null) {
        thread = new Thread(UdpDeadlines::run, "loadlab-udp-deadlines");
        thread.setDaemon(true);
        thread.start();
      }
    }
  }

  /** Stops watching a connection. */
  static void forget(UdpConnection c) {
    WATCHED.remove(c);
  }

  private static void run() {
    while (true) {
      LockSupport.parkNanos(tickNanos);
      long now = System.nanoTime();
      for (UdpConnection c : WATCHED) {
        c.expireIfOverdue(now);
      }
    }
  }
}
