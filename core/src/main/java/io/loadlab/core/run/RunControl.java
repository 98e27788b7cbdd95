package io.loadlab.core.run;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Tells a running driver to stop early, and why: the user pressed Ctrl-C (abort) or the driver
 * found a fault that ends the run (fail). Drivers poll {@link #isStopped()} or wait with {@link
 * #sleep(Duration)}, which returns as soon as the run is stopped.
 */
public final class RunControl {
  /** The exit code of a run stopped by the user (Ctrl-C), as a shell reports SIGINT. */
  public static final int EXIT_ABORTED = 130;

  private final CountDownLatch stopped = new CountDownLatch(1);
  private volatile String reason;
  private volatile boolean aborted;

  /** Stops the run because the user asked for it; the result's status is {@code aborted}. */
  public void abort(String why) {
    aborted = true;
    stop(why);
  }

  /** Stops the run because of a fault; the result's status is {@code failed}. */
  public void fail(String why) {
    stop(why);
  }

  private synchronized void stop(String why) {
    if (reason == null) {
      reason = why;
    }
    stopped.countDown();
  }

  /** True once the run was asked to stop. */
  public boolean isStopped() {
    return stopped.getCount() == 0;
  }

  /** True if the user stopped the run. */
  public boolean isAborted() {
    return aborted;
  }

  /** Why the run was stopped, or {@code null}. */
  public String reason() {
    return reason;
  }

  /**
   * Waits for {@code d} or until the run is stopped, whichever comes first.
   *
   * @return true if the full time passed without a stop
   */
  public boolean sleep(Duration d) {
    try {
      return !stopped.await(d.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
