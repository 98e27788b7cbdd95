package io.loadlab.core.amqp;

import io.loadlab.core.record.Recorder;
import io.loadlab.core.run.RunControl;
import java.util.ArrayList;
import java.util.List;

/**
 * The threads of a driver's publishers, subscribers, senders and receivers: started as active
 * users, and joined with a limit, so that a client blocked in the library (a broker that stopped
 * answering, a failover that never reconnects) cannot hold the run forever.
 */
final class Workers {
  /** How long threads get to finish once the run is stopped. */
  private static final long STOP_GRACE_NANOS = 5_000_000_000L;

  private final Recorder recorder;
  private final List<Thread> threads = new ArrayList<>();

  Workers(Recorder recorder) {
    this.recorder = recorder;
  }

  /** Starts {@code task} on a daemon thread named {@code name}. */
  void start(Runnable task, String name) {
    Thread t = new Thread(task, name);
    t.setDaemon(true);
    recorder.userStarted();
    t.start();
    threads.add(t);
  }

  /**
   * Waits until every thread has ended, until {@code deadlineNanos} ({@link System#nanoTime()}), or
   * until a few seconds after the run was stopped, whichever comes first.
   *
   * @return true if every thread ended
   */
  boolean join(long deadlineNanos, RunControl control) {
    long stoppedAt = 0;
    for (Thread t : threads) {
      while (t.isAlive()) {
        long now = System.nanoTime();
        if (control.isStopped() && stoppedAt == 0) {
          stoppedAt = now;
        }
        if (now - deadlineNanos > 0 || (stoppedAt != 0 && now - stoppedAt > STOP_GRACE_NANOS)) {
          finish();
          return false;
        }
        try {
          t.join(100);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          finish();
          return false;
        }
      }
    }
    finish();
    return true;
  }

  /** Waits with no deadline but the run's stop. */
  boolean join(RunControl control) {
    return join(Long.MAX_VALUE / 2 + System.nanoTime(), control);
  }

  private void finish() {
    for (int i = 0; i < threads.size(); i++) {
      recorder.userStopped();
    }
    threads.clear();
  }
}
