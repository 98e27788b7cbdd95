package io.loadlab.core.report;

import io.loadlab.core.results.OperationStats;
import java.util.Collection;

/**
 * The one latency unit of a report, said once in its headings: milliseconds when the typical median
 * is a millisecond or more, microseconds otherwise. Results hold microseconds.
 */
public enum LatencyUnit {
  MICROSECONDS("µs", 1),
  MILLISECONDS("ms", 1_000);

  /** The unit's symbol. */
  public final String symbol;

  private final double micros;

  LatencyUnit(String symbol, double micros) {
    this.symbol = symbol;
    this.micros = micros;
  }

  /** A value in microseconds in this unit. */
  public double of(double microseconds) {
    return microseconds / micros;
  }

  /** The unit for these operations: ms if the largest median is 1 ms or more. */
  public static LatencyUnit forStats(Collection<OperationStats> stats) {
    double largest = 0;
    for (OperationStats s : stats) {
      if (s != null && s.latencyUs() != null) {
        largest = Math.max(largest, s.latencyUs().p50());
      }
    }
    return largest >= 1_000 ? MILLISECONDS : MICROSECONDS;
  }
}
