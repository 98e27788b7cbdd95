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

  /** The percentiles a summary holds, in ascending order. */
  private static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};

  /**
   * Summarises a histogram whose values are nanoseconds. The figures are exactly HdrHistogram's own
   * ({@code getMean}, {@code getValueAtPercentile}, ...), but read in one walk over the histogram's
   * buckets from its lowest to its highest recorded value, where those methods take one walk each
   * from its lowest bucket: six walks of a counts array of some 33,000 entries (1 ns to 1 hour at
   * three digits) per operation per interval were most of a run's bookkeeping CPU.
   */
  public static LatencySummary ofNanos(Histogram h) {
    long total = h.getTotalCount();
    if (total == 0) {
      return EMPTY;
    }
    long[] atCount = new long[PERCENTILES.length];
    for (int i = 0; i < PERCENTILES.length; i++) {
      atCount[i] = countAtPercentile(PERCENTILES[i], total);
    }
    long[] values = new long[PERCENTILES.length];
    int found = 0;
    double totalValue = 0;
    long seen = 0;
    long max = h.getMaxValue();
    // Bucket by bucket: v is always the lowest value of its bucket, v + step the next bucket's.
    for (long v = h.getMinValue(); seen < total && v <= max; ) {
      long step = h.sizeOfEquivalentValueRange(v);
      long count = h.getCountAtValue(v);
      if (count != 0) {
        seen += count;
        // getMean: the median value of each bucket times its count, added in bucket order.
        totalValue += h.medianEquivalentValue(v) * (double) count;
        // getValueAtPercentile: the highest value of the first bucket that reaches the count.
        while (found < atCount.length && seen >= atCount[found]) {
          values[found++] = v + step - 1;
        }
      }
      v += step;
    }
    if (seen != total || found < atCount.length) {
      return walkedPerFigure(h); // counts that do not add up to the total: the library decides
    }
    return new LatencySummary(
        us(h.getMinValue()),
        round(totalValue / total / 1_000.0),
        us(values[0]),
        us(values[1]),
        us(values[2]),
        us(values[3]),
        us(values[4]),
        us(max));
  }

  /** The count {@code getValueAtPercentile(percentile)} looks for, computed as it does. */
  private static long countAtPercentile(double percentile, long total) {
    double requested =
        Math.min(Math.max(Math.nextAfter(percentile, Double.NEGATIVE_INFINITY), 0.0D), 100.0D);
    long count = (long) Math.ceil((requested * total) / 100.0D);
    return Math.max(count, 1);
  }

  /** The summary through HdrHistogram's own methods, one walk per figure. */
  static LatencySummary walkedPerFigure(Histogram h) {
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
