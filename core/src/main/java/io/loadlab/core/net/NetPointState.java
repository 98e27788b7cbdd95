package io.loadlab.core.net;

import io.loadlab.core.record.UserFairness;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/** What the users of one sweep point share: the stop signal and their common counters. */
final class NetPointState {
  private final CountDownLatch ready;
  private final CountDownLatch go = new CountDownLatch(1);
  private volatile boolean stopped;
  private final LongAdder served = new LongAdder();
  private final LongAdder lost = new LongAdder();
  private final AtomicReference<String> firstLoss = new AtomicReference<>();
  private final UdpTally udp = new UdpTally();
  private final UserFairness fairness;

  NetPointState(int users) {
    this.ready = new CountDownLatch(users);
    this.fairness = new UserFairness(users);
  }

  /** How fairly the users shared the client: each user writes its own part. */
  UserFairness fairness() {
    return fairness;
  }

  /** A user is connected (or tried to) and waits for {@link #go()}. */
  void ready() {
    ready.countDown();
  }

  /** Waits until every user is ready, at most {@code max}. */
  void awaitReady(Duration max) throws InterruptedException {
    ready.await(max.toNanos(), TimeUnit.NANOSECONDS);
  }

  /** Lets the users start their transactions. */
  void go() {
    go.countDown();
  }

  /** Waits for {@link #go()} or {@link #stop()}. */
  void awaitGo() {
    try {
      go.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stop();
    }
  }

  boolean isStopped() {
    return stopped;
  }

  void stop() {
    stopped = true;
    go.countDown();
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

  /** The UDP users' counts. */
  UdpTally udp() {
    return udp;
  }
}
