package io.loadlab.core.compare;

import io.loadlab.core.compare.RunComparison.Group;
import io.loadlab.core.compare.RunComparison.Metric;
import io.loadlab.core.compare.RunComparison.Row;
import io.loadlab.core.report.Chart;
import io.loadlab.core.report.Chart.Kind;
import io.loadlab.core.report.Chart.Series;
import io.loadlab.core.report.FigureLabels;
import io.loadlab.core.report.HtmlPage;
import io.loadlab.core.report.RunWarnings;
import io.loadlab.core.report.Significance;
import io.loadlab.core.report.SvgCharts;
import io.loadlab.core.report.Table;
import io.loadlab.core.report.Table.Cell;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.util.AtomicFiles;
import io.loadlab.core.util.Markdown;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Writes a comparison: {@code comparison.html} (self-contained, with charts) and {@code
 * comparison.md} with a static SVG per metric ({@code rate.svg}, {@code latency-p50.svg}, {@code
 * latency-p99.svg}). Each configuration (runs with one name) is set against the first, with its
 * ratio and, where each side has two runs or more, a significance test.
 */
public final class ComparisonReport {
  /** The Markdown file's name. */
  public static final String MARKDOWN_NAME = "comparison.md";

  /** The HTML file's name. */
  public static final String HTML_NAME = "comparison.html";

  private static final String OTHER_FIGURES =
      "Bookkeeping (such as queues deleted) and figures that are zero in every run: not"
          + " headline figures.";

  private final RunComparison c;

  private ComparisonReport(RunComparison c) {
    this.c = c;
  }

  /** Writes the report into {@code dir} and returns the Markdown. */
  public static String write(RunComparison c, Path dir) throws IOException {
    Files.createDirectories(dir);
    ComparisonReport report = new ComparisonReport(c);
    String md = report.markdown(dir);
    AtomicFiles.write(dir.resolve(MARKDOWN_NAME), md);
    report.page().write(dir.resolve(HTML_NAME));
    return md;
  }

  static String chartName(Metric m) {
    return switch (m) {
      case RATE -> "rate.svg";
      case P50 -> "latency-p50.svg";
      case P99 -> "latency-p99.svg";
    };
  }

  private String baseline() {
    return c.groups().get(0).name();
  }

  private String markdown(Path dir) throws IOException {
    StringBuilder md = new StringBuilder("# loadlab comparison\n\n");
    if (c.workloads().size() > 1) {
      md.append("**Note: the runs are of different workloads (")
          .append(String.join(", ", c.workloads()))
          .append(").**\n\n");
    }
    appendTable(md, runsTable());
    Table figures = figuresTable();
    if (figures != null) {
      md.append("\n## Headline figures\n\n");
      appendTable(md, figures);
    }
    // Operations that are all points of sweeps read as the seeds' tables, not as rows.
    boolean bySweep = ComparisonSweeps.coverAll(c);
    for (Metric m : Metric.values()) {
      Chart chart = metricChart(m);
      if (!chart.hasData()) {
        continue;
      }
      String file = chartName(m);
      AtomicFiles.write(dir.resolve(file), SvgCharts.svg(chart));
      md.append("\n## ").append(capitalised(m.title)).append("\n\n");
      if (!bySweep) {
        appendTable(md, metricTable(m));
        md.append('\n');
      }
      md.append("![").append(m.title).append("](").append(file).append(")\n");
    }
    if (bySweep) {
      for (ComparisonSweeps.Section s : ComparisonSweeps.sections(c)) {
        md.append("\n## ").append(s.heading()).append("\n\n");
        appendTable(md, s.table());
        if (s.note() != null) {
          md.append('\n').append(s.note()).append('\n');
        }
      }
    }
    List<Chart> clients = ClientComparison.charts(c);
    if (!clients.isEmpty()) {
      md.append("\n## Per client\n\n").append(ClientComparison.note()).append('\n');
      for (Chart chart : clients) {
        md.append("\n### ").append(chart.title()).append("\n\n");
        appendTable(md, ClientComparison.table(chart));
      }
    }
    Table others = otherFiguresTable();
    if (others != null) {
      md.append("\n## Other figures\n\n").append(OTHER_FIGURES).append("\n\n");
      appendTable(md, others);
    }
    md.append('\n').append(notes()).append('\n');
    return md.toString();
  }

  private String notes() {
    String text =
        "Values are each configuration's mean over its runs (± the standard deviation where it"
            + " has several); ratios are over the first ("
            + baseline()
            + "); for latency lower is better, for rate higher.";
    if (c.hasIterations()) {
      text +=
          " Significance: Welch's t-test (two-sided) on the runs' values, at the 5% level; a"
              + " configuration needs two runs or more on each side.";
    } else {
      text +=
          " One run per configuration: no significance test is possible; give several runs per"
              + " configuration (the same --names) to get one.";
    }
    return text;
  }

  /** The HTML page. */
  HtmlPage page() {
    HtmlPage page = new HtmlPage("loadlab comparison: " + String.join(" vs ", groupNames()));
    if (c.workloads().size() > 1) {
      page.paragraph(
          "Note: the runs are of different workloads (" + String.join(", ", c.workloads()) + ").");
    }
    page.heading("Runs");
    page.table(runsTable());
    Table figures = figuresTable();
    if (figures != null) {
      page.heading("Headline figures");
      page.table(figures);
      page.chart(figuresRatioChart());
    }
    // Operations that are all points of sweeps read as the seeds' tables (below), not as rows.
    boolean bySweep = ComparisonSweeps.coverAll(c);
    for (Metric m : Metric.values()) {
      Chart chart = metricChart(m);
      if (!chart.hasData() || bySweep) {
        continue;
      }
      page.heading(capitalised(m.title));
      page.table(metricTable(m));
      page.chart(chart);
      if (c.groups().size() > 1 && m != Metric.P50) {
        page.chart(ratioChart(m));
      }
    }
    List<Chart> clients = ClientComparison.charts(c);
    if (!clients.isEmpty()) {
      page.heading("Per client");
      clients.forEach(page::chart);
      page.note(ClientComparison.note());
    }
    ComparisonSweeps.add(page, c);
    Table others = otherFiguresTable();
    if (others != null) {
      page.heading("Other figures");
      page.table(others);
      page.note(OTHER_FIGURES);
    }
    page.note(notes());
    return page;
  }

  private List<String> groupNames() {
    return c.groups().stream().map(Group::name).toList();
  }

  private Table runsTable() {
    List<List<Cell>> rows = new ArrayList<>();
    for (Group g : c.groups()) {
      Set<String> workloads = new LinkedHashSet<>();
      Set<String> modes = new LinkedHashSet<>();
      Set<String> hosts = new LinkedHashSet<>();
      Set<String> statuses = new LinkedHashSet<>();
      String started = null;
      // Runs on several machines name their machines; others their host.
      g.clients().forEach(cs -> cs.forEach(x -> hosts.add(x.machine())));
      boolean machines = !hosts.isEmpty();
      for (RunResult r : g.runs()) {
        workloads.add(r.workload());
        Object mode = r.testbed() == null ? null : r.testbed().get("mode");
        if (mode != null) {
          modes.add(mode.toString());
        }
        if (r.environment() != null && !machines) {
          hosts.add(r.environment().hostName());
        }
        statuses.add(
            (r.status() == null ? "" : r.status().jsonName()) + RunWarnings.statusSuffix(r));
        started = started == null ? r.startTime() : started;
      }
      rows.add(
          List.of(
              Cell.text(g.name()),
              Cell.number(Integer.toString(g.runs().size()), g.runs().size()),
              Cell.text(String.join(", ", workloads)),
              Cell.text(String.join(", ", modes)),
              Cell.text(started),
              Cell.text(String.join(", ", statuses)),
              Cell.text(String.join(", ", hosts))));
    }
    return new Table(
        "runs",
        List.of("configuration", "runs", "workload", "testbed", "started", "status", "host"),
        rows);
  }

  /** Rows of a metric: each configuration's value, ratios, then verdicts. */
  private Table metricTable(Metric m) {
    return ComparedTable.of(
        c,
        "metric-" + m.name().toLowerCase(Locale.ROOT),
        "operation",
        c.rows().stream().map(Row::operation).toList(),
        (row, g) -> RunComparison.values(c.rows().get(row), g, m),
        m.shortName,
        row -> m.higherIsBetter);
  }

  private Table figuresTable() {
    return figuresTable("figures", c.headlineFigures());
  }

  /** Bookkeeping and figures zero in every run: beside the headline, never in it. */
  private Table otherFiguresTable() {
    return figuresTable("other-figures", c.otherFigures());
  }

  private Table figuresTable(String id, List<String> names) {
    if (names.isEmpty()) {
      return null;
    }
    return ComparedTable.of(
        c,
        id,
        "figure",
        names.stream().map(FigureLabels::of).toList(),
        (row, g) -> c.figure(g, names.get(row)),
        null,
        row -> !RunComparison.lowerIsBetter(names.get(row)));
  }

  private Chart metricChart(Metric m) {
    List<Series> series = new ArrayList<>();
    List<String> ops = c.rows().stream().map(Row::operation).toList();
    for (int g = 0; g < c.groups().size(); g++) {
      double[] y = new double[ops.size()];
      double[] low = new double[ops.size()];
      double[] high = new double[ops.size()];
      boolean bars = false;
      for (int i = 0; i < ops.size(); i++) {
        double[] v = RunComparison.values(c.rows().get(i), g, m);
        y[i] = Significance.mean(v);
        double sd = v.length > 1 ? RunComparison.sd(v) : Double.NaN;
        // Rates and latencies are never negative: neither is the lower end of a bar.
        low[i] = Math.max(0, y[i] - sd);
        high[i] = y[i] + sd;
        bars |= v.length > 1;
      }
      series.add(
          bars
              ? new Series(c.groups().get(g).name(), new double[0], y, low, high, null)
              : Series.of(c.groups().get(g).name(), y));
    }
    String id =
        switch (m) {
          case RATE -> "rate";
          case P50 -> "latency-p50";
          case P99 -> "latency-p99";
        };
    return Chart.of(
        id,
        capitalised(m.title),
        Kind.BAR,
        "operation",
        m.shortName + " (" + m.unit + ")",
        ops,
        series);
  }

  private Chart ratioChart(Metric m) {
    List<Series> series = new ArrayList<>();
    List<String> ops = c.rows().stream().map(Row::operation).toList();
    for (int g = 1; g < c.groups().size(); g++) {
      double[] y = new double[ops.size()];
      for (int i = 0; i < ops.size(); i++) {
        y[i] = RunComparison.ratio(c.rows().get(i), g, m);
      }
      series.add(Series.of(c.groups().get(g).name() + " / " + baseline(), y).coloured(g));
    }
    return Chart.of(
        "ratio-" + m.shortName,
        capitalised(m.shortName) + ": ratio to " + baseline(),
        Kind.BAR,
        "operation",
        "ratio (1 = as " + baseline() + ")",
        ops,
        series);
  }

  private Chart figuresRatioChart() {
    List<String> names = c.headlineFigures();
    List<Series> series = new ArrayList<>();
    for (int g = 0; g < c.groups().size(); g++) {
      double[] y = new double[names.size()];
      for (int i = 0; i < names.size(); i++) {
        y[i] =
            Significance.mean(c.figure(g, names.get(i)))
                / Significance.mean(c.figure(0, names.get(i)));
      }
      series.add(Series.of(c.groups().get(g).name(), y));
    }
    return Chart.of(
        "figures",
        "Headline figures: ratio to " + baseline(),
        Kind.BAR,
        "figure",
        "ratio (1 = as " + baseline() + ")",
        names.stream().map(FigureLabels::of).toList(),
        series);
  }

  private static void appendTable(StringBuilder md, Table t) {
    md.append("| ");
    md.append(String.join(" | ", t.header().stream().map(Markdown::cell).toList()));
    md.append(" |\n|");
    for (int i = 0; i < t.header().size(); i++) {
      md.append(i == 0 ? " --- |" : " ---: |");
    }
    md.append('\n');
    for (List<Cell> row : t.rows()) {
      md.append("| ")
          .append(String.join(" | ", row.stream().map(x -> Markdown.cell(x.text())).toList()))
          .append(" |\n");
    }
  }

  private static String capitalised(String s) {
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
