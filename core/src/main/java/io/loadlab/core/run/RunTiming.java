package io.loadlab.core.run;

import io.loadlab.core.failure.UsageException;
import java.time.Duration;

/**
 * How long a run measures, how long it warms up first (left out of the totals), and how often it
 * reports.
 */
public record RunTiming(Duration duration, Duration warmup, Duration interval) {
  public RunTiming {
    if (duration.isNegative()) {
      throw new UsageException("--duration: must not be negative");
    }
    if (warmup.isNegative()) {
      throw new UsageException("--warmup: must not be negative");
    }
    if (interval.toMillis() < 100) {
      throw new UsageException(
          "--interval: " + interval.toMillis() + "ms is too short; use 100ms or more");
    }
  }
}
