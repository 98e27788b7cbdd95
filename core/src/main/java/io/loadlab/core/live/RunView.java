package io.loadlab.core.live;

import io.loadlab.core.results.GeneratorLoad;
import io.loadlab.core.results.LatencySummary;
import java.util.List;

/**
 * A run as live outputs see it after an interval: immutable, so an endpoint reads it from any
 * thread while the next one is built.
 *
 * @param labels the run's labels
 * @param index the interval's number
 * @param startEpochMs when the interval began
 * @param endEpochMs when it ended
 * @param phase the run's phase
 * @param warmup whether the interval is warmup
 * @param operations each operation seen so far
 * @param allLatencyUs the interval's latency over every operation together
 * @param allP95Us its 95th percentile
 * @param generator how loaded the load generator was in the interval, or {@code null}
 * @param gcPauseSeconds garbage-collection pauses since the start
 * @param measuredSeconds the run's measured seconds so far
 */
public record RunView(
    LiveLabels labels,
    int index,
    long startEpochMs,
    long endEpochMs,
    String phase,
    boolean warmup,
    List<OperationView> operations,
    LatencySummary allLatencyUs,
    double allP95Us,
    GeneratorLoad generator,
    double gcPauseSeconds,
    double measuredSeconds) {}
