package io.loadlab.core.record;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one place where drivers put what they measure: a set of named operations, each with its own
 * latency histogram and counters. The run takes a snapshot of every operation once per interval.
 */
public final class Recorder {
  private final Map<String, OperationRecorder> byName = new ConcurrentHashMap<>();
  private final List<OperationRecorder> inOrder = new CopyOnWriteArrayList<>();
  private final AtomicInteger activeUsers = new AtomicInteger();
  private volatile SampleListener sampleListener;

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
   * Takes and resets what every operation recorded since the last snapshot, in creation order. Each
   * snapshot's histogram belongs to the caller, who may {@link #giveBack} it when done with it.
   */
  public List<OperationSnapshot> snapshot() {
    List<OperationSnapshot> snapshots = new ArrayList<>(inOrder.size());
    for (OperationRecorder op : inOrder) {
      snapshots.add(op.snapshot());
    }
    return snapshots;
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
}
