package io.loadlab.core.monitor;

import io.loadlab.core.cpu.CpuReading;
import io.loadlab.core.cpu.CpuUsage;
import io.loadlab.core.results.GeneratorLoad;
import io.loadlab.core.results.Warning;
import java.util.List;

/**
 * Measures how loaded this process and its host are, interval by interval, and adds the measured
 * (non-warmup) intervals into the run's figures.
 */
public final class LoadMonitor implements AutoCloseable {
  private CpuReading last = CpuReading.now();
  private double measuredSeconds;
  private double measuredProcessCpuSeconds;

  private LoadMonitor() {}

  /** Starts measuring now. */
  public static LoadMonitor start() {
    return new LoadMonitor();
  }

  /** The figures since the previous call (or the start). */
  public synchronized GeneratorLoad interval() {
    CpuReading now = CpuReading.now();
    CpuUsage used = now.since(last);
    last = now;
    int cpus = Runtime.getRuntime().availableProcessors();
    double seconds = used.wallNanos() / 1e9;
    Double process =
        used.processCpuNanos() < 0 || seconds <= 0
            ? null
            : 100.0 * used.processCpuNanos() / 1e9 / seconds / cpus;
    return new GeneratorLoad(seconds, cpus, process, null, null, null, null, null, null);
  }

  /** Adds an interval's figures to the measured window. */
  public synchronized void addMeasured(GeneratorLoad interval) {
    measuredSeconds += interval.seconds();
    if (interval.processCpuPercent() != null) {
      measuredProcessCpuSeconds +=
          interval.processCpuPercent() / 100 * interval.cpus() * interval.seconds();
    }
  }

  /** The figures over the measured window so far, or {@code null} if nothing was measured. */
  public synchronized GeneratorLoad measured() {
    if (measuredSeconds <= 0) {
      return null;
    }
    int cpus = Runtime.getRuntime().availableProcessors();
    return new GeneratorLoad(
        measuredSeconds,
        cpus,
        100 * measuredProcessCpuSeconds / measuredSeconds / cpus,
        null,
        null,
        null,
        null,
        null,
        null);
  }

  /** What the measured window's figures say about the generator, such as that it was saturated. */
  public synchronized List<Warning> warnings() {
    return List.of();
  }

  @Override
  public void close() {}
}
