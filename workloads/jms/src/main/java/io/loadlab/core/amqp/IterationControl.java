package io.loadlab.core.amqp;

import io.loadlab.core.run.RunControl;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What the publishers and subscribers of one throughput iteration share: the start signal, the time
 * limit, whether the publishers are done, and the first failure, which stops them all.
 */
final class IterationControl {
  private final RunControl run;
  private final long deadlineNanos;
  private final CountDownLatch start = new CountDownLatch(1);
  private final AtomicReference<AmqpException> failure = new AtomicReference<>();
  private volatile boolean publishersDone;
  private volatile long startNanos;

  /**
   * @param limitNanos how long publishers may publish, or 0 for no limit
   */
  IterationControl(RunControl run, long limitNanos) {
    this.run = run;
    this.deadlineNanos = limitNanos <= 0 ? Long.MAX_VALUE : limitNanos;
  }

  /** Gives the start signal and returns its time. */
  long start() {
    startNanos = System.nanoTime();
    start.countDown();
    return startNanos;
  }

  long startNanos() {
    return startNanos;
  }

  /** Waits for the start signal; false if the run stopped first. */
  boolean awaitStart() throws InterruptedException {
    while (!start.await(100, TimeUnit.MILLISECONDS)) {
      if (aborted()) {
        return false;
      }
    }
    return !aborted();
  }

  /** True if publishers should stop sending: time is up, the run stopped, or something failed. */
  boolean stopPublishing() {
    return aborted() || System.nanoTime() - startNanos > deadlineNanos;
  }

  /** True if everyone should stop at once: the user stopped the run or the broker failed. */
  boolean aborted() {
    return run.isStopped() || failure.get() != null;
  }

  void publishersDone() {
    publishersDone = true;
  }

  boolean arePublishersDone() {
    return publishersDone;
  }

  /** Records the first failure; the iteration ends. */
  void fail(AmqpException e) {
    failure.compareAndSet(null, e);
  }

  AmqpException failure() {
    return failure.get();
  }
}
