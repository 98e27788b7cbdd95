package io.loadlab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * One reporting interval: when it ran, which phase of the run it belonged to, whether it was warmup
 * (warmup intervals are kept but left out of the totals), and each operation's figures.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record IntervalSample(
    int index,
    long startEpochMs,
    long endEpochMs,
    String phase,
    boolean warmup,
    Map<String, OperationStats> operations) {

  /** The interval's length in seconds. */
  public double seconds() {
    return (endEpochMs - startEpochMs) / 1_000.0;
  }
}
