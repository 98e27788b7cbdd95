package io.loadlab.core.record;

import java.util.Arrays;

/**
 * How fairly the users of one sweep point shared the load generator over its measured window: how
 * many transactions each completed, the longest any waited to be run when it was ready to start its
 * next transaction (a thread ready but not running: the client's own queueing, not the server's
 * answer), and the longest any went without completing one. Each user writes only its own {@link
 * User}; the figures are read once the users stopped.
 */
public final class UserFairness {
  private final User[] users;
  private volatile long windowStartNanos = Long.MAX_VALUE;
  private volatile long windowEndNanos = Long.MAX_VALUE;
  private volatile boolean windowSet;

  /** Tracks {@code users} users. */
  public UserFairness(int users) {
    this.users = new User[users];
    for (int i = 0; i < users; i++) {
      this.users[i] = new User();
    }
  }

  /** The tracker of user {@code i} (from 0), for that user's thread only. */
  public User user(int i) {
    return users[i];
  }

  /**
   * Sets the measured window on the monotonic clock ({@link System#nanoTime()}): only transactions
   * completing in it count.
   */
  public void window(long startNanos, long endNanos) {
    windowStartNanos = startNanos;
    windowEndNanos = endNanos;
    windowSet = true;
  }

  /** Ends the window at {@code nanos} if it was to end later: the run was stopped early. */
  public void endBy(long nanos) {
    if (windowSet && windowEndNanos - nanos > 0) {
      windowEndNanos = Math.max(nanos, windowStartNanos);
    }
  }

  /** The figures over the window, or {@code null} if no window was set. */
  public Summary summary() {
    if (!windowSet) {
      return null;
    }
    long start = windowStartNanos;
    long end = windowEndNanos;
    long[] counts = new long[users.length];
    long waitMax = 0;
    long idleMax = 0;
    for (int i = 0; i < users.length; i++) {
      User u = users[i];
      counts[i] = u.count;
      waitMax = Math.max(waitMax, u.waitMax);
      // The stretch from a user's last completion (or the window's start) to the window's end.
      long last = u.count == 0 ? start : Math.max(start, u.lastEnd);
      idleMax = Math.max(idleMax, Math.max(u.idleMax, end - last));
    }
    Arrays.sort(counts);
    double mean = Arrays.stream(counts).average().orElse(0);
    double variance = 0;
    for (long c : counts) {
      variance += (c - mean) * (c - mean);
    }
    double sd = counts.length == 0 ? 0 : Math.sqrt(variance / counts.length);
    int n = counts.length;
    double median =
        n == 0 ? 0 : n % 2 == 1 ? counts[n / 2] : (counts[n / 2 - 1] + counts[n / 2]) / 2.0;
    return new Summary(
        n,
        n == 0 ? 0 : counts[0],
        median,
        n == 0 ? 0 : counts[n - 1],
        mean > 0 ? sd / mean : 0,
        waitMax / 1e6,
        idleMax / 1e6);
  }

  /**
   * The figures of a point's users over its measured window.
   *
   * @param users how many users
   * @param txMin the fewest transactions a user completed
   * @param txMedian the median user's transactions
   * @param txMax the most transactions a user completed
   * @param txCv the coefficient of variation of transactions per user (standard deviation / mean)
   * @param waitMaxMs the longest a user waited to be run once ready to start a transaction
   * @param idleMaxMs the longest a user went without completing a transaction
   */
  public record Summary(
      int users,
      long txMin,
      double txMedian,
      long txMax,
      double txCv,
      double waitMaxMs,
      double idleMaxMs) {}

  /** One user's figures, written by that user's thread only. */
  public final class User {
    private long count;
    private long lastEnd = Long.MIN_VALUE;
    private long waitMax;
    private long idleMax;

    private User() {}

    /** The user starts its transactions at {@code nanos}: its first wait is counted from there. */
    public void begin(long nanos) {
      lastEnd = nanos;
    }

    /**
     * A transaction completed.
     *
     * @param dueNanos when it was due (a paced user's schedule), or {@link Long#MIN_VALUE} when the
     *     user runs back to back: it was ready once its previous transaction completed
     * @param issuedNanos when the user actually started it
     * @param endNanos when it completed
     */
    public void completed(long dueNanos, long issuedNanos, long endNanos) {
      long previous = lastEnd;
      lastEnd = endNanos;
      long start = windowStartNanos;
      if (endNanos - start < 0 || endNanos - windowEndNanos >= 0 || !windowSet) {
        return;
      }
      count++;
      if (previous != Long.MIN_VALUE) {
        long ready = Math.max(previous, dueNanos);
        if (ready - start >= 0) {
          waitMax = Math.max(waitMax, issuedNanos - ready);
        }
        idleMax = Math.max(idleMax, endNanos - Math.max(previous, start));
      }
    }
  }
}
