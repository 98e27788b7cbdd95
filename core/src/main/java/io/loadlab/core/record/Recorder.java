package io.loadlab.core.record;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one place where drivers put what they measure: a set of named operations, each with its own
 * latency histogram and counters. The run takes a snapshot of every operation once per interval.
 *
 * <p>Intervals are filed by time: the run sets the ends of the coming intervals ahead ({@link
 * #schedule}), on the monotonic clock, and each operation goes into the interval its completion
 * falls in. So an interval's bounds are the schedule's, whenever the run gets round to reading it:
 * a run whose timekeeping is held up by thousands of busy users (or waits for one of them that was
 * descheduled while recording) still cuts its intervals, and its measured window, on time.
 */
public final class Recorder {
  /**
   * How many intervals are kept apart at once: the one being read, the open one and those whose
   * ends are already set. Beyond the last end set, an operation goes into the last of them.
   */
  public static final int SLOTS = 16;

  private final Map<String, OperationRecorder> byName = new ConcurrentHashMap<>();
  private final List<OperationRecorder> inOrder = new CopyOnWriteArrayList<>();
  private final AtomicInteger activeUsers = new AtomicInteger();
  private volatile SampleListener sampleListener;

  /** The interval now open and the ends set ahead; none set: every operation goes into one. */
  private volatile Schedule schedule = new Schedule(0, new long[0]);

  /**
   * Which intervals operations complete in: interval {@code first} ends at {@code ends[0]}, the
   * next at {@code ends[1]} and so on; after the last end, the next interval is open-ended.
   */
  private record Schedule(long first, long[] ends) {}

  /** Returns the recorder of the named operation, creating it on first use. */
  public OperationRecorder operation(String name) {
    OperationRecorder existing = byName.get(name);
    if (existing != null) {
      return existing;
    }
    synchronized (this) {
      return byName.computeIfAbsent(
          name,
          n -> {
            OperationRecorder created = new OperationRecorder(n, this);
            inOrder.add(created);
            return created;
          });
    }
  }

  /**
   * Sets the intervals to come: interval {@code first} (the one open now) ends at {@code
   * endsNanos[0]} ({@link System#nanoTime()}), the next at {@code endsNanos[1]}, at most {@link
   * #SLOTS} - 1 ends. An end may only be added or moved where no operation completed yet (after
   * now), and {@code first} only grow once its interval was read ({@link #snapshot(long)}).
   */
  public void schedule(long first, long[] endsNanos) {
    if (endsNanos.length >= SLOTS) {
      throw new IllegalArgumentException("at most " + (SLOTS - 1) + " interval ends at once");
    }
    schedule = new Schedule(first, endsNanos.clone());
  }

  /** The slot of the interval an operation completed at {@code nanos} belongs to. */
  int slotAt(long nanos) {
    Schedule s = schedule;
    long[] ends = s.ends;
    int i = 0;
    while (i < ends.length && nanos - ends[i] >= 0) {
      i++;
    }
    return slotOf(s.first + i);
  }

  static int slotOf(long interval) {
    return (int) Math.floorMod(interval, (long) SLOTS);
  }

  /** Sets the listener that sees every sample, or {@code null} for none. */
  public void setSampleListener(SampleListener listener) {
    this.sampleListener = listener;
  }

  SampleListener sampleListener() {
    return sampleListener;
  }

  /** Counts a user (thread, connection) as active; drivers call it when a user starts. */
  public void userStarted() {
    activeUsers.incrementAndGet();
  }

  /** Counts a user as finished. */
  public void userStopped() {
    activeUsers.decrementAndGet();
  }

  /** The number of users active now. */
  public int activeUsers() {
    return activeUsers.get();
  }

  /**
   * Takes and resets what every operation recorded since the last snapshot, in creation order, for
   * a recorder whose intervals are not scheduled ahead (the open interval's). Each snapshot's
   * histogram belongs to the caller, who may {@link #giveBack} it when done with it.
   */
  public List<OperationSnapshot> snapshot() {
    return snapshot(schedule.first);
  }

  /**
   * Takes and resets what every operation recorded in interval {@code interval} of the schedule, in
   * creation order; read once its end has passed. An operation that completed in it but was
   * recorded after this read (its thread held up between the two) goes into a later interval.
   */
  public List<OperationSnapshot> snapshot(long interval) {
    int slot = slotOf(interval);
    List<OperationSnapshot> snapshots = new ArrayList<>(inOrder.size());
    for (OperationRecorder op : inOrder) {
      snapshots.add(op.snapshot(slot));
    }
    return snapshots;
  }

  /**
   * Gives interval {@code interval} its histograms before its first operation, so that no user
   * allocates one (256 KB) while recording: the run calls it for the intervals about to open.
   */
  public void prepare(long interval) {
    int slot = slotOf(interval);
    for (OperationRecorder op : inOrder) {
      op.prepare(slot);
    }
  }

  /**
   * Gives back the histograms of snapshots this recorder took and that nobody will read again, so
   * that the next snapshots reuse them rather than allocate (some 256 KB per operation per
   * interval). A snapshot given back must not be read afterwards, nor given back again after a
   * later snapshot: its histogram is cleared and filled with a later interval.
   */
  public void giveBack(List<OperationSnapshot> done) {
    for (OperationSnapshot s : done) {
      OperationRecorder op = byName.get(s.operation());
      if (op != null && s.latencyNanos() != null) {
        op.giveBack(s.latencyNanos());
      }
    }
  }

  @Override
  public String toString() {
    Schedule s = schedule;
    return "Recorder[interval " + s.first + ", ends " + Arrays.toString(s.ends) + "]";
  }
}
