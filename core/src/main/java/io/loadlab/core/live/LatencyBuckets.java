package io.loadlab.core.live;

import java.util.Arrays;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The fixed latency buckets of live histograms (Prometheus's classic histogram): from 10 µs to 10
 * s, 1-2.5-5 per decade. An interval's HdrHistogram is counted into them in one walk over its
 * recorded values.
 */
public final class LatencyBuckets {
  /** Upper bounds in seconds, ascending; values above the last go to one more count. */
  public static final double[] UPPER_BOUNDS_SECONDS = {
    0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
    0.1, 0.25, 0.5, 1, 2.5, 5, 10
  };

  private static final long[] UPPER_BOUNDS_NANOS =
      Arrays.stream(UPPER_BOUNDS_SECONDS).mapToLong(s -> Math.round(s * 1e9)).toArray();

  private LatencyBuckets() {}

  /** New counts, all zero: one per bound and one for above the last. */
  public static long[] empty() {
    return new long[UPPER_BOUNDS_SECONDS.length + 1];
  }

  /**
   * Adds the values of a histogram of nanoseconds into {@code counts}, each counted in the first
   * bucket whose bound it does not exceed (the highest value of its HdrHistogram bucket decides).
   *
   * @return the sum of the values added, in seconds (each HdrHistogram bucket at its median)
   */
  public static double add(Histogram nanos, long[] counts) {
    double sumNanos = 0;
    for (HistogramIterationValue v : nanos.recordedValues()) {
      long value = v.getValueIteratedTo();
      long count = v.getCountAtValueIteratedTo();
      counts[bucketOf(value)] += count;
      sumNanos += nanos.medianEquivalentValue(value) * (double) count;
    }
    return sumNanos / 1e9;
  }

  private static int bucketOf(long nanos) {
    int i = Arrays.binarySearch(UPPER_BOUNDS_NANOS, nanos);
    return i >= 0 ? i : -i - 1;
  }
}
