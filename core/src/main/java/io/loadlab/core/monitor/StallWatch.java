package io.loadlab.core.monitor;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * A daemon thread that only sleeps a short fixed period and records how late it woke (jHiccup's
 * method): whatever stops a runnable thread of this process from running stretches its sleep, be it
 * a garbage-collection or other safepoint pause, the scheduler giving its CPU to another program,
 * or the host being starved (steal). Lateness beyond the shortest sleep seen (the platform's own
 * overshoot) is recorded in microseconds, with the samples a stall hid filled in as a thread
 * sampling every period would have seen them.
 */
final class StallWatch implements Runnable, AutoCloseable {
  /**
   * How long the thread sleeps: 10 ms, 100 wake-ups a second. What it costs is the kernel's
   * wake-up, not this class's work: a bare {@code Thread.sleep(10)} loop costs as much (5-9 ms of
   * CPU per second on a loaded 2-vCPU VM, the watch itself 3-4), the recording a fraction of a
   * microsecond. A longer sleep would cost proportionally less but weaken the figures: a stall is
   * undercounted by up to one period (the sleep under way when it starts absorbs part of it), which
   * at 50 ms would be half the {@link Saturation#LONGEST_PAUSE_MS} a stall is warned about from,
   * and {@code stallP99Ms} would be the 99th percentile of fewer samples, closer to the longest.
   */
  static final long PERIOD_MS = 10;

  /** The longest stall recorded: an hour, in microseconds. */
  static final long MAX_US = TimeUnit.HOURS.toMicros(1);

  private static final long PERIOD_US = TimeUnit.MILLISECONDS.toMicros(PERIOD_MS);

  private final Recorder recorder = new Recorder(MAX_US, 2);
  private final Thread thread;
  private volatile boolean running = true;

  private StallWatch() {
    thread = new Thread(this, "loadlab-stall-watch");
    thread.setDaemon(true);
  }

  /** Starts the thread. */
  static StallWatch start() {
    StallWatch w = new StallWatch();
    w.thread.start();
    return w;
  }

  @Override
  public void run() {
    long shortest = Long.MAX_VALUE;
    while (running) {
      long start = System.nanoTime();
      try {
        Thread.sleep(PERIOD_MS);
      } catch (InterruptedException e) {
        return;
      }
      long took = System.nanoTime() - start;
      shortest = Math.min(shortest, took);
      long lateUs = Math.min(MAX_US, (took - shortest) / 1_000);
      recorder.recordValueWithExpectedInterval(lateUs, PERIOD_US);
    }
  }

  /**
   * The stalls since the last call (microseconds), and starts a new interval; {@code recycle}, a
   * histogram this method returned before and no longer needed, or null, saves an allocation.
   */
  Histogram interval(Histogram recycle) {
    return recorder.getIntervalHistogram(recycle);
  }

  /** True while the thread runs. */
  boolean isRunning() {
    return thread.isAlive();
  }

  /** Stops the thread and waits for it to end. */
  @Override
  public void close() {
    running = false;
    thread.interrupt();
    try {
      thread.join(TimeUnit.SECONDS.toMillis(5));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
