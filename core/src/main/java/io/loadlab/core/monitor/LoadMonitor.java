package io.loadlab.core.monitor;

import io.loadlab.core.cpu.CpuTicks;
import io.loadlab.core.results.GeneratorLoad;
import io.loadlab.core.results.Warning;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Measures how loaded this process and its host are, interval by interval, and adds the measured
 * (non-warmup) intervals into the run's figures: process CPU (of the CPUs this process may use),
 * host CPU busy on those CPUs ({@code /proc}), the load average, garbage-collection pauses and
 * stalls of a sleeping thread. All work happens when an interval is cut, plus one thread that wakes
 * every {@value StallWatch#PERIOD_MS} ms; {@link #close()} stops it.
 */
public final class LoadMonitor implements AutoCloseable {
  private final OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
  private final int cpus = Runtime.getRuntime().availableProcessors();

  /** The CPUs this process may use, or {@code null} where {@code /proc} does not say. */
  private final HostCpu host = HostCpu.ofThisProcess();

  private final GcPauses gc = GcPauses.start();
  private final StallWatch stalls = StallWatch.start();

  private long lastWallNanos = System.nanoTime();
  private long lastProcessNanos = processCpuNanos();
  private CpuTicks lastHost = host == null ? null : host.read();

  /** The last interval's raw figures, for {@link #addMeasured}. */
  private Raw last;

  private final Window window = new Window();

  private LoadMonitor() {}

  /** Starts measuring now. */
  public static LoadMonitor start() {
    return new LoadMonitor();
  }

  /** The figures since the previous call (or the start). */
  public synchronized GeneratorLoad interval() {
    long wall = System.nanoTime();
    long process = processCpuNanos();
    CpuTicks hostNow = host == null ? null : host.read();
    double seconds = (wall - lastWallNanos) / 1e9;
    long processNanos = process < 0 || lastProcessNanos < 0 ? -1 : process - lastProcessNanos;
    CpuTicks hostTicks = hostNow == null || lastHost == null ? null : hostNow.since(lastHost);
    GcPauses.Sum pauses = gc.take();
    // The previous interval's histogram is done with (added to the window or not): reused.
    Histogram stallUs = stalls.interval(last == null ? null : last.stallUs);
    lastWallNanos = wall;
    lastProcessNanos = process;
    lastHost = hostNow;
    Double processPercent =
        processNanos < 0 || seconds <= 0 ? null : 100 * processNanos / 1e9 / seconds / cpus;
    GeneratorLoad load =
        new GeneratorLoad(
            round(seconds, 3),
            cpus,
            round(processPercent, 1),
            hostTicks == null ? null : round(hostTicks.busyPercent(), 1),
            loadAverage(),
            (double) pauses.totalMs(),
            (double) pauses.maxMs(),
            stallUs.getTotalCount() == 0 ? null : round(stallUs.getMaxValue() / 1e3, 2),
            stallUs.getTotalCount() == 0 ? null : round(stallUs.getValueAtPercentile(99) / 1e3, 2));
    last = new Raw(load, seconds, processNanos, hostTicks, pauses, stallUs);
    return load;
  }

  /** Adds an interval's figures (the last {@link #interval()}) to the measured window. */
  public synchronized void addMeasured(GeneratorLoad interval) {
    if (last != null && last.load == interval) {
      window.add(last);
    }
  }

  /** The figures over the measured window so far, or {@code null} if nothing was measured. */
  public synchronized GeneratorLoad measured() {
    return window.seconds <= 0 ? null : window.load(cpus, loadAverage());
  }

  /** What the measured window's figures say about the generator, such as that it was saturated. */
  public synchronized List<Warning> warnings() {
    return Saturation.judge(measured(), host == null ? null : host.cpus());
  }

  /** True while the stall watch's thread runs (until {@link #close()}). */
  boolean isWatching() {
    return stalls.isRunning();
  }

  /** Stops the stall watch's thread and the collectors' notifications; the figures stay. */
  @Override
  public void close() {
    stalls.close();
    gc.close();
  }

  private long processCpuNanos() {
    if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
      return sun.getProcessCpuTime();
    }
    return -1;
  }

  private Double loadAverage() {
    double l = os.getSystemLoadAverage();
    return l < 0 ? null : round(l, 2);
  }

  static Double round(Double v, int decimals) {
    if (v == null) {
      return null;
    }
    double scale = Math.pow(10, decimals);
    return Math.round(v * scale) / scale;
  }

  /** One interval as measured, before rounding. */
  private record Raw(
      GeneratorLoad load,
      double seconds,
      long processNanos,
      CpuTicks hostTicks,
      GcPauses.Sum pauses,
      Histogram stallUs) {}

  /** The measured intervals added up; a figure unmeasured in any interval stays unmeasured. */
  private static final class Window {
    private double seconds;
    private double processSeconds;
    private boolean processMissing;
    private long hostBusy;
    private long hostTotal;
    private boolean hostMissing;
    private long gcMs;
    private long gcMaxMs;
    private final Histogram stallUs = new Histogram(StallWatch.MAX_US, 2);

    void add(Raw r) {
      seconds += r.seconds;
      if (r.processNanos < 0) {
        processMissing = true;
      } else {
        processSeconds += r.processNanos / 1e9;
      }
      if (r.hostTicks == null) {
        hostMissing = true;
      } else {
        hostBusy += r.hostTicks.busy();
        hostTotal += r.hostTicks.total();
      }
      gcMs += r.pauses.totalMs();
      gcMaxMs = Math.max(gcMaxMs, r.pauses.maxMs());
      stallUs.add(r.stallUs);
    }

    GeneratorLoad load(int cpus, Double loadAverage) {
      boolean stalls = stallUs.getTotalCount() > 0;
      return new GeneratorLoad(
          round(seconds, 3),
          cpus,
          processMissing ? null : round(100 * processSeconds / seconds / cpus, 1),
          hostMissing || hostTotal <= 0 ? null : round(100.0 * hostBusy / hostTotal, 1),
          loadAverage,
          (double) gcMs,
          (double) gcMaxMs,
          stalls ? round(stallUs.getMaxValue() / 1e3, 2) : null,
          stalls ? round(stallUs.getValueAtPercentile(99) / 1e3, 2) : null);
    }
  }
}
