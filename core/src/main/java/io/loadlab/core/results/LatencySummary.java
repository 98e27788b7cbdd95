package io.loadlab.core.results;

import org.HdrHistogram.Histogram;

/** Latency percentiles in microseconds, read from an HdrHistogram of nanoseconds. */
public record LatencySummary(
    double min,
    double mean,
    double p50,
    double p90,
    double p99,
    double p999,
    double p9999,
    double max) {

  /** All zeros: what an operation with no successful sample reports. */
  public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0);

  /** Summarises a histogram whose values are nanoseconds. */
  public static LatencySummary ofNanos(Histogram h) {
    if (h.getTotalCount() == 0) {
      return EMPTY;
    }
    return new LatencySummary(
        us(h.getMinValue()),
        round(h.getMean() / 1_000.0),
        us(h.getValueAtPercentile(50)),
        us(h.getValueAtPercentile(90)),
        us(h.getValueAtPercentile(99)),
        us(h.getValueAtPercentile(99.9)),
        us(h.getValueAtPercentile(99.99)),
        us(h.getMaxValue()));
  }

  private static double us(long nanos) {
    return round(nanos / 1_000.0);
  }

  private static double round(double micros) {
    return Math.round(micros * 1_000.0) / 1_000.0;
  }
}
