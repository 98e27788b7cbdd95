package io.loadlab.core.live;

import io.loadlab.core.live.OperationView.RunFigures;
import io.loadlab.core.record.OperationSnapshot;
import io.loadlab.core.results.GeneratorLoad;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.run.IntervalReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Adds each interval into the run's figures so far and makes the {@link RunView} live outputs read.
 * Called by one thread at a time (the run's sink calls); its cost per interval is one walk over
 * each operation's interval histogram and one over its run histogram.
 */
public final class RunViewBuilder {
  private final LiveLabels labels;
  private final double rateTolerance;
  private final Map<String, Sums> sums = new LinkedHashMap<>();
  private double measuredSeconds;
  private double gcPauseSeconds;

  /**
   * @param labels the run's labels
   * @param rateTolerance the share of a target rate an interval must reach to count as held
   */
  public RunViewBuilder(LiveLabels labels, double rateTolerance) {
    this.labels = labels;
    this.rateTolerance = rateTolerance;
  }

  /** Adds a finished interval and returns the run as it stands after it. */
  public RunView add(IntervalReport report) {
    IntervalSample sample = report.sample();
    boolean measured = !sample.warmup();
    if (measured) {
      measuredSeconds += sample.seconds();
    }
    GeneratorLoad load = sample.generator();
    if (load != null && load.gcPauseMs() != null) {
      gcPauseSeconds += load.gcPauseMs() / 1_000.0;
    }
    Map<String, Double> p95 = new LinkedHashMap<>();
    Histogram all = null;
    for (OperationSnapshot s : report.snapshots()) {
      sums.computeIfAbsent(s.operation(), k -> new Sums()).add(s, measured);
      p95.put(s.operation(), s.latencyNanos().getValueAtPercentile(95) / 1_000.0);
      all = merged(all, s.latencyNanos(), report.snapshots().size());
    }
    List<OperationView> views = new ArrayList<>();
    for (Map.Entry<String, OperationStats> e : sample.operations().entrySet()) {
      String op = e.getKey();
      Sums sum = sums.computeIfAbsent(op, k -> new Sums());
      Double target = sample.targetRates() == null ? null : sample.targetRates().get(op);
      Boolean held =
          target == null ? null : e.getValue().ratePerSec() >= target * rateTolerance - 1e-9;
      views.add(
          sum.view(op, e.getValue(), p95.getOrDefault(op, 0.0), measuredSeconds, target, held));
    }
    return new RunView(
        labels,
        sample.index(),
        sample.startEpochMs(),
        sample.endEpochMs(),
        sample.phase(),
        sample.warmup(),
        List.copyOf(views),
        all == null ? LatencySummary.EMPTY : LatencySummary.ofNanos(all),
        all == null || all.getTotalCount() == 0 ? 0 : all.getValueAtPercentile(95) / 1_000.0,
        load,
        gcPauseSeconds,
        measuredSeconds);
  }

  /**
   * The interval's histograms of every operation together: the one itself if there is one operation
   * (it is only read), else a copy with the others added.
   */
  private static Histogram merged(Histogram so, Histogram next, int operations) {
    if (operations == 1) {
      return next;
    }
    if (so == null) {
      return next.copy();
    }
    so.add(next);
    return so;
  }

  /** One operation's sums since the start. */
  private static final class Sums {
    private Histogram measuredLatency;
    private LatencySummary measuredSummary = LatencySummary.EMPTY;
    private long measuredCount;
    private long measuredErrors;
    private long totalCount;
    private long totalErrors;
    private final long[] buckets = LatencyBuckets.empty();
    private double latencySumSeconds;

    void add(OperationSnapshot s, boolean measured) {
      totalCount += s.count();
      totalErrors += s.errors();
      latencySumSeconds += LatencyBuckets.add(s.latencyNanos(), buckets);
      if (measured) {
        measuredCount += s.count();
        measuredErrors += s.errors();
        if (measuredLatency == null) {
          measuredLatency = s.latencyNanos().copy();
        } else {
          measuredLatency.add(s.latencyNanos());
        }
        measuredSummary = LatencySummary.ofNanos(measuredLatency);
      }
    }

    OperationView view(
        String op,
        OperationStats interval,
        double p95Us,
        double seconds,
        Double target,
        Boolean held) {
      double rate = seconds > 0 ? measuredCount / seconds : 0;
      return new OperationView(
          op,
          interval,
          p95Us,
          new RunFigures(measuredCount, measuredErrors, rate, measuredSummary),
          totalCount,
          totalErrors,
          buckets.clone(),
          latencySumSeconds,
          target,
          held);
    }
  }
}
