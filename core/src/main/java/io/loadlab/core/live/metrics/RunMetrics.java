package io.loadlab.core.live.metrics;

import io.loadlab.core.live.LatencyBuckets;
import io.loadlab.core.live.OperationView;
import io.loadlab.core.live.RunView;
import io.loadlab.core.live.RunViewListener;
import io.loadlab.core.results.GeneratorLoad;
import io.loadlab.core.results.LatencySummary;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's series, rendered from its last {@link RunView} when Prometheus scrapes: per operation the
 * last interval's and the run's rate, errors and latency percentiles, counters and a latency
 * histogram since the start, the target rate and whether it was held; and the load generator's own
 * load. The view is swapped in once per interval; a scrape only reads it.
 */
public final class RunMetrics implements MultiCollector, RunViewListener {
  /** The percentiles of a latency summary, as the {@code percentile} label says them. */
  private static final String[] PERCENTILES = {"0", "50", "90", "99", "99.9", "99.99", "100"};

  private volatile RunView last;

  @Override
  public void interval(RunView view) {
    last = view;
  }

  /** The view the next scrape renders, or {@code null} before the first interval. */
  public RunView last() {
    return last;
  }

  @Override
  public MetricSnapshots collect() {
    RunView view = last;
    if (view == null) {
      return new MetricSnapshots();
    }
    SeriesLabels base = new SeriesLabels(view.labels().asMap());
    Families f = new Families();
    HistogramSnapshot.Builder histogram =
        HistogramSnapshot.builder()
            .name("loadlab_latency_seconds")
            .help("Latency of successful operations since the run started");
    for (OperationView op : view.operations()) {
      operation(f, base, op);
      histogram.dataPoint(histogramPoint(base, op));
    }
    run(f, base, view);
    List<MetricSnapshot> out = new ArrayList<>();
    f.addTo(out);
    if (!view.operations().isEmpty()) {
      out.add(histogram.build());
    }
    return new MetricSnapshots(out);
  }

  private static void operation(Families f, SeriesLabels base, OperationView op) {
    var labels = base.with("operation", op.operation());
    f.gauge(
        "loadlab_interval_operations_per_second",
        "Operations completed per second in the last interval, failed ones included",
        labels,
        op.interval().ratePerSec());
    f.gauge(
        "loadlab_interval_errors",
        "Operations that failed in the last interval",
        labels,
        (double) op.interval().errors());
    f.gauge(
        "loadlab_run_operations_per_second",
        "Operations completed per second over the run's measured time so far (warmup left out)",
        labels,
        op.run().ratePerSec());
    f.gauge(
        "loadlab_run_errors",
        "Operations that failed in the run's measured time so far",
        labels,
        (double) op.run().errors());
    percentiles(f, base, op.operation(), "interval", op.interval().latencyUs());
    percentiles(f, base, op.operation(), "run", op.run().latencyUs());
    f.counter(
        "loadlab_operations",
        "Operations completed since the run started, failed ones and warmup included",
        labels,
        op.totalCount());
    f.counter(
        "loadlab_operation_errors",
        "Operations failed since the run started",
        labels,
        op.totalErrors());
    f.gauge(
        "loadlab_target_operations_per_second",
        "The operation's target rate",
        labels,
        op.targetRate());
    f.gauge(
        "loadlab_target_held",
        "1 if the last interval reached the run's share of the target rate (--rate-tolerance)",
        labels,
        op.held() == null ? null : op.held() ? 1.0 : 0.0);
  }

  private static void percentiles(
      Families f, SeriesLabels base, String op, String span, LatencySummary us) {
    double[] values = {us.min(), us.p50(), us.p90(), us.p99(), us.p999(), us.p9999(), us.max()};
    String name = "loadlab_" + span + "_latency_seconds";
    String help =
        "Latency of successful operations in the "
            + ("run".equals(span) ? "run's measured time so far" : "last interval")
            + " at a percentile (0 the least, 100 the greatest)";
    for (int i = 0; i < PERCENTILES.length; i++) {
      f.gauge(
          name, help, base.with("operation", op, "percentile", PERCENTILES[i]), values[i] / 1e6);
    }
    f.gauge(
        "loadlab_" + span + "_latency_mean_seconds",
        "Mean latency of successful operations in the "
            + ("run".equals(span) ? "run's measured time so far" : "last interval"),
        base.with("operation", op),
        us.mean() / 1e6);
  }

  private static HistogramDataPointSnapshot histogramPoint(SeriesLabels base, OperationView op) {
    double[] bounds = new double[LatencyBuckets.UPPER_BOUNDS_SECONDS.length + 1];
    System.arraycopy(LatencyBuckets.UPPER_BOUNDS_SECONDS, 0, bounds, 0, bounds.length - 1);
    bounds[bounds.length - 1] = Double.POSITIVE_INFINITY;
    return HistogramDataPointSnapshot.builder()
        .labels(base.with("operation", op.operation()))
        .classicHistogramBuckets(ClassicHistogramBuckets.of(bounds, op.buckets()))
        .sum(op.latencySumSeconds())
        .build();
  }

  private static void run(Families f, SeriesLabels base, RunView view) {
    var labels = base.with();
    f.gauge("loadlab_interval_index", "The last interval's number", labels, (double) view.index());
    f.gauge(
        "loadlab_interval_end_timestamp_seconds",
        "When the last interval ended, in seconds since the epoch",
        labels,
        view.endEpochMs() / 1_000.0);
    f.gauge("loadlab_warmup", "1 while the run is in its warmup", labels, view.warmup() ? 1.0 : 0);
    f.gauge(
        "loadlab_run_measured_seconds",
        "The run's measured time so far (warmup left out)",
        labels,
        view.measuredSeconds());
    f.counter(
        "loadlab_jvm_gc_pause_seconds",
        "Time the load generator's JVM spent in garbage-collection pauses since the run started",
        labels,
        view.gcPauseSeconds());
    GeneratorLoad g = view.generator();
    if (g == null) {
      return;
    }
    f.gauge(
        "loadlab_process_cpu_ratio",
        "The load generator's CPU time in the last interval, as a share of the processors it may"
            + " use (1 = all busy)",
        labels,
        share(g.processCpuPercent()));
    f.gauge(
        "loadlab_host_cpu_ratio",
        "Busy time of the processors the load generator may use in the last interval (1 = all)",
        labels,
        share(g.hostCpuPercent()));
    f.gauge("loadlab_load_average", "The host's 1-minute load average", labels, g.loadAverage());
    f.gauge(
        "loadlab_jvm_gc_pause_max_seconds",
        "The longest garbage-collection pause in the last interval",
        labels,
        seconds(g.gcPauseMaxMs()));
    f.gauge(
        "loadlab_jvm_stall_max_seconds",
        "The longest a sleeping thread of the load generator woke up late in the last interval",
        labels,
        seconds(g.stallMaxMs()));
    f.gauge(
        "loadlab_jvm_stall_p99_seconds",
        "The 99th percentile of how late a sleeping thread woke up in the last interval",
        labels,
        seconds(g.stallP99Ms()));
  }

  private static Double share(Double percent) {
    return percent == null ? null : percent / 100.0;
  }

  private static Double seconds(Double ms) {
    return ms == null ? null : ms / 1_000.0;
  }
}
