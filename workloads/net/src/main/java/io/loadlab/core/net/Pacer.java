package io.loadlab.core.net;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A user's schedule: back to back, or one transaction every {@code periodNanos} with latency
 * measured from the intended start (coordinated omission corrected); and the pause after a failure.
 */
final class Pacer {
  private static final long RETRY_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private final NetPointState state;
  private final long periodNanos;
  private final long firstOffsetNanos;
  private long nextStart;

  Pacer(NetPointState state, long firstOffsetNanos, long periodNanos) {
    this.state = state;
    this.firstOffsetNanos = firstOffsetNanos;
    this.periodNanos = periodNanos;
  }

  /**
   * When a transaction that {@link #startTime} gave {@code start} was due, for the user's fairness
   * figures: its start on the schedule, or {@link Long#MIN_VALUE} when running back to back (it was
   * due as soon as the previous one completed).
   */
  long due(long start) {
    return periodNanos > 0 ? start : Long.MIN_VALUE;
  }

  /** Starts the schedule now (plus this user's offset). */
  void begin() {
    nextStart = System.nanoTime() + firstOffsetNanos;
  }

  /**
   * The time a transaction starts: now when running back to back; otherwise its intended start on
   * the schedule, after waiting for it, so that a late transaction counts its wait as latency.
   */
  long startTime() {
    if (periodNanos == 0) {
      return System.nanoTime();
    }
    long due = nextStart;
    nextStart += periodNanos;
    long wait;
    while ((wait = due - System.nanoTime()) > 0 && !state.isStopped()) {
      if (wait > 100_000) {
        LockSupport.parkNanos(Math.min(wait - 50_000, 10_000_000));
      } else {
        Thread.onSpinWait();
      }
    }
    return due;
  }

  /**
   * Moves the schedule to now if it fell behind: time spent setting up, waiting out a failure or a
   * lost datagram is not charged to the transactions after it.
   */
  void resync() {
    if (periodNanos > 0) {
      nextStart = Math.max(nextStart, System.nanoTime());
    }
  }

  /** Waits a little after a failure (until stopped), then resyncs. */
  void pause() {
    long end = System.nanoTime() + RETRY_PAUSE_NANOS;
    long left;
    while ((left = end - System.nanoTime()) > 0 && !state.isStopped()) {
      LockSupport.parkNanos(Math.min(left, 10_000_000));
    }
    resync();
  }
}
