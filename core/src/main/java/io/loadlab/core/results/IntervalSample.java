package io.loadlab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * One reporting interval: when it ran, which phase of the run it belonged to, whether it was warmup
 * (warmup intervals are kept but left out of the totals), each operation's figures, the target rate
 * of each paced operation, and how loaded the load generator was.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record IntervalSample(
    int index,
    long startEpochMs,
    long endEpochMs,
    String phase,
    boolean warmup,
    Map<String, OperationStats> operations,
    Map<String, Double> targetRates,
    GeneratorLoad generator) {

  /** An interval without target rates or generator figures (imported results). */
  public IntervalSample(
      int index,
      long startEpochMs,
      long endEpochMs,
      String phase,
      boolean warmup,
      Map<String, OperationStats> operations) {
    this(index, startEpochMs, endEpochMs, phase, warmup, operations, null, null);
  }

  /** The interval's length in seconds. */
  public double seconds() {
    return (endEpochMs - startEpochMs) / 1_000.0;
  }
}
