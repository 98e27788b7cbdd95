package io.loadlab.core.run;

import io.loadlab.core.record.Recorder;
import java.util.ArrayDeque;

/**
 * Where the run's intervals end, set ahead on the monotonic clock and handed to the {@link
 * Recorder}, which files each operation into the interval it completed in. Ticks fall every
 * reporting period from the start of the current phase; a measured window's end set ahead ({@link
 * #endWindowAt}) is one more end. An end is only ever set where no operation can have completed yet
 * (after now): if the run's timekeeping fell so far behind that the ends set ahead ran out, the
 * next end is set after now and its interval is longer, as measured. Not thread-safe: used under
 * its recording's lock.
 */
final class IntervalSchedule {
  private static final long NONE = Long.MIN_VALUE;

  private final Recorder recorder;
  private final long everyNanos;

  /** The interval open now (the one the next end closes), and where it started. */
  private long open;

  private long openStartNanos;

  /** Ticks fall at {@code gridStartNanos} plus whole periods. */
  private long gridStartNanos;

  /** The ends set ahead: of the open interval, then of the next ones. */
  private final ArrayDeque<Long> ends = new ArrayDeque<>();

  /** The measured window's end, or {@link #NONE}; set, it is one of the ends once in reach. */
  private long windowEndNanos = NONE;

  IntervalSchedule(Recorder recorder, long startNanos, long everyNanos) {
    this.recorder = recorder;
    this.everyNanos = everyNanos;
    this.openStartNanos = startNanos;
    this.gridStartNanos = startNanos;
    extend(startNanos);
  }

  /** The interval open now. */
  long open() {
    return open;
  }

  /** Where the open interval started. */
  long openStartNanos() {
    return openStartNanos;
  }

  /** The open interval's end if it has passed by {@code now}, else {@link Long#MIN_VALUE}. */
  long dueEnd(long now) {
    Long end = ends.peekFirst();
    return end != null && now - end >= 0 ? end : NONE;
  }

  /** The next end set, when the timekeeping should next wake; {@code NONE} if none. */
  long nextEnd() {
    Long end = ends.peekFirst();
    return end == null ? NONE : end;
  }

  /** True if {@code end} (an end just passed) is the measured window's. */
  boolean isWindowEnd(long end) {
    return windowEndNanos != NONE && end == windowEndNanos;
  }

  /**
   * Ends the open interval at {@code now}, before its set end (a phase change, the run's end):
   * afterwards {@link #dueEnd} gives {@code now}. Nothing happens if the open interval started at
   * {@code now}.
   */
  void endOpenAt(long now) {
    if (now - openStartNanos <= 0 || (!ends.isEmpty() && ends.peekFirst() - now <= 0)) {
      return;
    }
    ends.addFirst(now);
    while (ends.size() > Recorder.SLOTS - 1) {
      ends.removeLast();
    }
    publish();
  }

  /** The open interval was read: the next one opens where it ended. */
  void advance(long now) {
    Long end = ends.pollFirst();
    if (end == null) {
      return;
    }
    if (isWindowEnd(end)) {
      windowEndNanos = NONE;
    }
    open++;
    openStartNanos = end;
    extend(now);
  }

  /** Starts the ticks again from {@code now} (a phase began then): the ends set ahead are reset. */
  void regrid(long now) {
    gridStartNanos = now;
    windowEndNanos = NONE;
    ends.clear();
    extend(now);
  }

  /**
   * Sets the measured window's end: the interval it falls in ends there. One set before now, or
   * beyond the ends set ahead when those ran out, is set just after now (the window is longer).
   */
  void endWindowAt(long atNanos, long now) {
    long at = atNanos - now <= 0 ? now + 1 : atNanos;
    windowEndNanos = at;
    // Ends after it were set for the ticks beyond: none can have an operation yet.
    while (!ends.isEmpty() && ends.peekLast() - at >= 0 && ends.peekLast() - now > 0) {
      ends.removeLast();
    }
    extend(now);
  }

  /** Sets ends ahead until as many as the recorder keeps apart are set; all after now. */
  private void extend(long now) {
    while (ends.size() < Recorder.SLOTS - 1) {
      long last = ends.isEmpty() ? openStartNanos : ends.peekLast();
      long periods = Math.floorDiv(last - gridStartNanos, everyNanos) + 1;
      long next = gridStartNanos + periods * everyNanos;
      boolean window = windowEndNanos != NONE && windowEndNanos - last > 0;
      if (window && windowEndNanos - next <= 0) {
        next = windowEndNanos;
      }
      if (next - now <= 0) {
        // Operations after `last` went into the open-ended interval: its end comes after now.
        if (window && next == windowEndNanos) {
          windowEndNanos = now + 1;
        }
        next = now + 1;
      }
      ends.addLast(next);
    }
    publish();
  }

  private void publish() {
    long[] set = new long[ends.size()];
    int i = 0;
    for (long e : ends) {
      set[i++] = e;
    }
    recorder.schedule(open, set);
  }
}
