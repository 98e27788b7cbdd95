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
  private volatile long goNanos;
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

  /**
   * Waits until every user is ready, at most {@code max}.
   *
   * @return how many users are not ready yet (0 when all are)
   */
  long awaitReady(Duration max) throws InterruptedException {
    ready.await(max.toNanos(), TimeUnit.NANOSECONDS);
    return ready.getCount();
  }

  /** Lets the users start their transactions. */
  void go() {
    goNanos = System.nanoTime();
    go.countDown();
  }

  /**
   * When the users were let go ({@link System#nanoTime()}), or now if they were not: each user's
   * first wait to be run counts from there, not from when its thread first got to run.
   */
  long goNanos() {
    long at = goNanos;
    return at != 0 ? at : System.nanoTime();
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
