package io.loadlab.core.live;

import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;

/**
 * One operation as a live output sees it after an interval.
 *
 * @param operation its name
 * @param interval the last interval's figures (rate, errors, latency), as in {@code intervals.csv}
 * @param intervalP95Us the last interval's 95th percentile latency (JMeter's default percentiles
 *     include it; the result's summary does not)
 * @param run the run's measured figures so far (warmup left out), as the result's totals
 * @param totalCount operations completed since the start, failed ones included (warmup too)
 * @param totalErrors operations failed since the start
 * @param buckets latency of successful operations since the start, counted in {@link
 *     LatencyBuckets#UPPER_BOUNDS_SECONDS} (one more count for above the last bound)
 * @param latencySumSeconds the sum of those latencies
 * @param targetRate the operation's target rate per second, or {@code null} if it is not paced
 * @param held with a target, whether the last interval reached the run's share of it
 */
public record OperationView(
    String operation,
    OperationStats interval,
    double intervalP95Us,
    RunFigures run,
    long totalCount,
    long totalErrors,
    long[] buckets,
    double latencySumSeconds,
    Double targetRate,
    Boolean held) {

  /**
   * The run's measured figures so far.
   *
   * @param count operations completed in the measured window, failed ones included
   * @param errors of those, failed
   * @param ratePerSec count over the measured seconds
   * @param latencyUs latency percentiles of the successful ones
   */
  public record RunFigures(long count, long errors, double ratePerSec, LatencySummary latencyUs) {}
}
