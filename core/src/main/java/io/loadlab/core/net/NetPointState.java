package io.loadlab.core.net;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/** What the users of one sweep point share: the stop signal and their common counters. */
final class NetPointState {
  private volatile boolean stopped;
  private final LongAdder served = new LongAdder();
  private final LongAdder lost = new LongAdder();
  private final AtomicReference<String> firstLoss = new AtomicReference<>();

  boolean isStopped() {
    return stopped;
  }

  void stop() {
    stopped = true;
  }

  /** Counts a successful transaction. */
  void served() {
    served.increment();
  }

  long servedCount() {
    return served.sum();
  }

  /** Counts transactions that one end counted and the other did not. */
  void lost(long n, String example) {
    lost.add(n);
    firstLoss.compareAndSet(null, example);
  }

  long lostCount() {
    return lost.sum();
  }

  String firstLoss() {
    return firstLoss.get();
  }
}
