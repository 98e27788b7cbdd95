package io.loadlab.core.run;

import io.loadlab.core.record.OperationSnapshot;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.RunResult;
import java.util.List;
import java.util.function.Supplier;

/**
 * A finished interval as sinks see it: its figures, its raw histograms (for histogram logs), and
 * the run's result so far, built only if a sink asks for it. The histograms are valid during {@link
 * ResultSink#interval} only (it says why).
 */
public record IntervalReport(
    IntervalSample sample, List<OperationSnapshot> snapshots, Supplier<RunResult> resultSoFar) {}
