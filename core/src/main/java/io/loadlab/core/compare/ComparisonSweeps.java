package io.loadlab.core.compare;

import io.loadlab.core.compare.RunComparison.Metric;
import io.loadlab.core.compare.RunComparison.Row;
import io.loadlab.core.report.Chart;
import io.loadlab.core.report.Chart.Kind;
import io.loadlab.core.report.Chart.Series;
import io.loadlab.core.report.HtmlPage;
import io.loadlab.core.report.Significance;
import io.loadlab.core.report.Sweeps;
import java.util.ArrayList;
import java.util.List;

/**
 * The sweeps of a comparison (operations such as {@code latency size=64}, {@code latency
 * size=1024}) read as the seeds' tables and figures: rows the sweep's points, columns the
 * configurations, and a line per configuration against the point.
 */
final class ComparisonSweeps {
  /** Sweeps past this many would bury the rest of the page. */
  static final int MAX = 6;

  /** The parts of a paced run's latency, whose rate is the latency's. */
  private static final java.util.Set<String> PARTS = java.util.Set.of("send-delay", "transit");

  private final RunComparison c;

  private ComparisonSweeps(RunComparison c) {
    this.c = c;
  }

  /** True if every operation is a point of some sweep: then the sweeps say it all. */
  static boolean coverAll(RunComparison c) {
    List<Sweeps.Sweep> sweeps = sweeps(c);
    if (sweeps.isEmpty() || sweeps.size() > MAX) {
      return false;
    }
    java.util.Set<String> ops = new java.util.HashSet<>();
    sweeps.forEach(s -> ops.addAll(s.operations()));
    return c.rows().stream().allMatch(r -> ops.contains(r.operation()));
  }

  /** The sweeps, a paced latency's parts (send delay, transit) after the rest. */
  private static List<Sweeps.Sweep> sweeps(RunComparison c) {
    List<Sweeps.Sweep> sweeps =
        new ArrayList<>(Sweeps.of(c.rows().stream().map(Row::operation).toList()));
    sweeps.sort(java.util.Comparator.comparing(s -> PARTS.contains(s.subject())));
    return sweeps;
  }

  /** Adds, per sweep, a table and a chart of each metric. */
  static void add(HtmlPage page, RunComparison c) {
    List<Sweeps.Sweep> sweeps = sweeps(c);
    if (sweeps.isEmpty()) {
      return;
    }
    ComparisonSweeps me = new ComparisonSweeps(c);
    page.heading("Sweeps");
    int n = 0;
    for (Sweeps.Sweep s : sweeps.subList(0, Math.min(MAX, sweeps.size()))) {
      for (Metric m : Metric.values()) {
        if (m == Metric.RATE && PARTS.contains(s.subject())) {
          continue; // the latency's own rate: said once, by the latency sweep
        }
        Chart chart = me.sweepChart(s, m, n++);
        if (chart.hasData()) {
          page.heading(s.name() + ": " + m.title);
          page.table(me.table(s, m, n));
          page.chart(chart);
          if (c.groups().size() > 1) {
            page.chart(me.ratioChart(s, m, n));
          }
        }
      }
    }
  }

  private io.loadlab.core.report.Table table(Sweeps.Sweep s, Metric m, int n) {
    return ComparedTable.of(
        c,
        "sweep-table-" + n,
        s.variable(),
        s.points(),
        (i, g) -> RunComparison.values(row(s.operations().get(i)), g, m),
        m.shortName,
        i -> m.higherIsBetter);
  }

  private Chart sweepChart(Sweeps.Sweep s, Metric m, int n) {
    List<Series> series = new ArrayList<>();
    for (int g = 0; g < c.groups().size(); g++) {
      double[] y = new double[s.points().size()];
      double[] low = new double[y.length];
      double[] high = new double[y.length];
      for (int i = 0; i < y.length; i++) {
        Row row = row(s.operations().get(i));
        double[] v = RunComparison.values(row, g, m);
        y[i] = Significance.mean(v);
        double sd = v.length > 1 ? RunComparison.sd(v) : Double.NaN;
        low[i] = y[i] - sd;
        high[i] = y[i] + sd;
      }
      series.add(new Series(c.groups().get(g).name(), new double[0], y, low, high, null));
    }
    return Chart.of(
        "sweep-" + n,
        s.name() + ": " + m.title,
        Kind.SWEEP,
        s.variable(),
        m.shortName + " (" + m.unit + ")",
        s.points(),
        series);
  }

  private Row row(String operation) {
    return c.rows().stream().filter(r -> r.operation().equals(operation)).findFirst().orElseThrow();
  }

  private Chart ratioChart(Sweeps.Sweep s, Metric m, int n) {
    String base = c.groups().get(0).name();
    List<Series> series = new ArrayList<>();
    for (int g = 1; g < c.groups().size(); g++) {
      double[] y = new double[s.points().size()];
      for (int i = 0; i < y.length; i++) {
        y[i] = RunComparison.ratio(row(s.operations().get(i)), g, m);
      }
      series.add(Series.of(c.groups().get(g).name() + " / " + base, y).coloured(g));
    }
    return Chart.of(
        "sweep-ratio-" + n,
        s.name() + ": " + m.shortName + " ratio to " + base,
        Kind.SWEEP,
        s.variable(),
        "ratio (1 = as " + base + ")",
        s.points(),
        series);
  }
}
