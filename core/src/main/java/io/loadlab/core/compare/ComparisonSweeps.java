package io.loadlab.core.compare;

import io.loadlab.core.compare.RunComparison.Metric;
import io.loadlab.core.compare.RunComparison.Row;
import io.loadlab.core.report.Chart;
import io.loadlab.core.report.Chart.Kind;
import io.loadlab.core.report.Chart.Series;
import io.loadlab.core.report.HtmlPage;
import io.loadlab.core.report.Significance;
import io.loadlab.core.report.Sweeps;
import io.loadlab.core.report.Table;
import io.loadlab.core.results.RunResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

  /** A test of several in one run, such as {@code latency size=64 test=2}. */
  private static final Pattern TEST = Pattern.compile("^(.+?) test=\\d+$");

  private final RunComparison c;

  /** Each operation of the sweeps, its tests together ({@code latency size=64}), and its rows. */
  private final Map<String, List<Row>> operations = new LinkedHashMap<>();

  private ComparisonSweeps(RunComparison c) {
    this.c = c;
    for (Row r : c.rows()) {
      operations.computeIfAbsent(withoutTest(r.operation()), k -> new ArrayList<>()).add(r);
    }
  }

  private static String withoutTest(String operation) {
    Matcher m = TEST.matcher(operation);
    return m.matches() ? m.group(1) : operation;
  }

  /** True if every operation is a point of some sweep: then the sweeps say it all. */
  static boolean coverAll(RunComparison c) {
    List<Sweeps.Sweep> sweeps = new ComparisonSweeps(c).sweeps();
    if (sweeps.isEmpty() || sweeps.size() > MAX) {
      return false;
    }
    Set<String> ops = new HashSet<>();
    sweeps.forEach(s -> ops.addAll(s.operations()));
    return c.rows().stream().allMatch(r -> ops.contains(withoutTest(r.operation())));
  }

  /** The sweeps, a paced latency's parts (send delay, transit) after the rest. */
  private List<Sweeps.Sweep> sweeps() {
    List<Sweeps.Sweep> sweeps = new ArrayList<>(Sweeps.of(new ArrayList<>(operations.keySet())));
    sweeps.sort(java.util.Comparator.comparing(s -> PARTS.contains(s.subject())));
    return sweeps;
  }

  /** The most tests any operation of the sweep had in one run (1 without {@code test=N}). */
  private int tests(Sweeps.Sweep s) {
    return s.operations().stream().mapToInt(op -> operations.get(op).size()).max().orElse(1);
  }

  /** A sweep's metric: its heading, table, caption (or null) and charts. */
  record Section(String heading, Table table, String note, Chart chart, Chart ratio) {}

  /** Per sweep, a section of each metric that has data. */
  static List<Section> sections(RunComparison c) {
    ComparisonSweeps me = new ComparisonSweeps(c);
    List<Sweeps.Sweep> sweeps = me.sweeps();
    List<Section> out = new ArrayList<>();
    int n = 0;
    for (Sweeps.Sweep s : sweeps.subList(0, Math.min(MAX, sweeps.size()))) {
      for (Metric m : Metric.values()) {
        if (m == Metric.RATE && PARTS.contains(s.subject())) {
          continue; // the latency's own rate: said once, by the latency sweep
        }
        Chart chart = me.sweepChart(s, m, n++);
        if (chart.hasData()) {
          out.add(
              new Section(
                  s.name() + ": " + m.title,
                  me.table(s, m, n),
                  me.tests(s) > 1 ? combined(m, me.tests(s)) : null,
                  chart,
                  c.groups().size() > 1 ? me.ratioChart(s, m, n) : null));
        }
      }
    }
    return out;
  }

  /** Adds, per sweep, a table and a chart of each metric. */
  static void add(HtmlPage page, RunComparison c) {
    List<Section> sections = sections(c);
    if (sections.isEmpty()) {
      return;
    }
    page.heading("Sweeps");
    for (Section s : sections) {
      page.heading(s.heading());
      page.table(s.table());
      if (s.note() != null) {
        page.note(s.note());
      }
      page.chart(s.chart());
      if (s.ratio() != null) {
        page.chart(s.ratio());
      }
    }
  }

  /** How a run's tests make one value, as the table's caption says it. */
  static String combined(Metric m, int tests) {
    return "Each run's "
        + tests
        + " tests combined: "
        + (m == Metric.RATE
            ? "the sum of the tests' rates"
            : "the mean of the tests' " + m.shortName + " values")
        + ", then the mean ± sd over the configuration's runs.";
  }

  private Table table(Sweeps.Sweep s, Metric m, int n) {
    return ComparedTable.of(
        c,
        "sweep-table-" + n,
        s.variable(),
        s.points(),
        (i, g) -> values(s.operations().get(i), g, m),
        m.shortName,
        i -> m.higherIsBetter);
  }

  /**
   * Group {@code g}'s values of {@code m} at an operation, one per run: with several tests, the sum
   * of their rates or the mean of their latencies in that run.
   */
  double[] values(String operation, int g, Metric m) {
    List<Row> rows = operations.get(operation);
    if (rows.size() == 1) {
      return RunComparison.values(rows.get(0), g, m);
    }
    List<RunResult> runs = c.groups().get(g).runs();
    double[] out = new double[runs.size()];
    int n = 0;
    for (RunResult run : runs) {
      double sum = 0;
      int count = 0;
      for (Row r : rows) {
        double v = run.totals() == null ? Double.NaN : m.of(run.totals().get(r.operation()));
        if (Double.isFinite(v)) {
          sum += v;
          count++;
        }
      }
      if (count > 0) {
        out[n++] = m == Metric.RATE ? sum : sum / count;
      }
    }
    return Arrays.copyOf(out, n);
  }

  private Chart sweepChart(Sweeps.Sweep s, Metric m, int n) {
    List<Series> series = new ArrayList<>();
    for (int g = 0; g < c.groups().size(); g++) {
      double[] y = new double[s.points().size()];
      double[] low = new double[y.length];
      double[] high = new double[y.length];
      for (int i = 0; i < y.length; i++) {
        double[] v = values(s.operations().get(i), g, m);
        y[i] = Significance.mean(v);
        double sd = v.length > 1 ? RunComparison.sd(v) : Double.NaN;
        low[i] = Math.max(0, y[i] - sd); // rates and latencies are never negative
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

  private double ratio(String operation, int g, Metric m) {
    double base = Significance.mean(values(operation, 0, m));
    double v = Significance.mean(values(operation, g, m));
    return Double.isNaN(base) || Double.isNaN(v) || base == 0 ? Double.NaN : v / base;
  }

  private Chart ratioChart(Sweeps.Sweep s, Metric m, int n) {
    String base = c.groups().get(0).name();
    List<Series> series = new ArrayList<>();
    for (int g = 1; g < c.groups().size(); g++) {
      double[] y = new double[s.points().size()];
      for (int i = 0; i < y.length; i++) {
        y[i] = ratio(s.operations().get(i), g, m);
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
