package io.loadlab.core.report;

import io.loadlab.core.report.Table.Cell;
import io.loadlab.core.results.AfterWindow;
import io.loadlab.core.results.CpuCost;
import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.Problem;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.util.Numbers;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * The report of one run, the same for the command line, JMeter, JMH and JTL files: what ran where,
 * the totals, and charts of rate and latency over time (warmup and start-up shaded, phases marked,
 * the moments after each measured window left out), the latency percentile spectrum per operation,
 * errors by kind and CPU per operation.
 *
 * @param result the run
 * @param histograms each operation's latency histogram (nanoseconds) over the measured window, for
 *     the percentile spectrum; an operation without one is drawn from its result's percentiles
 */
public record RunReport(RunResult result, Map<String, Histogram> histograms) {
  /** The report file's name in a run directory. */
  public static final String HTML_NAME = "report.html";

  public RunReport {
    Objects.requireNonNull(result, "result");
    histograms = histograms == null ? Map.of() : histograms;
  }

  /** Writes {@code report.html} (or any other name) for the run. */
  public void write(Path file) throws IOException {
    page().write(file);
  }

  /** The unit of every latency in this report. */
  public LatencyUnit unit() {
    return LatencyUnit.forStats(totals().values());
  }

  /** The whole page. */
  public HtmlPage page() {
    RunResult r = result;
    LatencyUnit unit = unit();
    HtmlPage page =
        new HtmlPage("loadlab " + r.workload() + (r.label() == null ? "" : ": " + r.label()));
    page.definitions("run", runFacts());
    page.heading("Totals");
    RunWarnings.html(page, r);
    page.table(totalsTable(unit));
    page.note(
        "Latency in "
            + unit.symbol
            + ", of successful operations; counts include errors; warmup intervals are left out."
            + " CPU in µs per "
            + (FigureNotes.cpuPerMB(r) ? "MB moved" : "operation")
            + ": by the client process, the client host and the server.");
    Table rates = RateCheckTable.of(r);
    if (rates != null) {
      page.heading("Target rate");
      page.table(rates);
      page.note(
          "Achieved over each paced operation's measured window; below the share needed the run"
              + " fails: it measured its own sender, not the system under test.");
    }
    CriteriaTable.add(page, r);
    GeneratorFigures.html(page, r);
    for (Table t : sweepTables(unit)) {
      page.heading("By " + t.header().get(0));
      page.table(t);
    }
    if (r.figures() != null && !r.figures().isEmpty()) {
      page.heading("Figures");
      List<List<Cell>> rows = new ArrayList<>();
      r.figures()
          .forEach(
              (k, v) ->
                  rows.add(
                      List.of(
                          Cell.text(FigureLabels.of(k)),
                          Cell.number(
                              v == null ? "–" : Numbers.format(v), v == null ? Double.NaN : v),
                          Cell.text(k))));
      page.table(new Table("figures", List.of("figure", "value", "key in result.json"), rows));
    }
    FigureNotes.Notes notes = FigureNotes.of(r);
    if (!notes.isEmpty()) {
      notes.lines().forEach(page::paragraph);
      notes.why().forEach(page::note);
    }
    if (r.problems() != null && !r.problems().isEmpty()) {
      page.heading("Problems");
      List<List<Cell>> rows = new ArrayList<>();
      for (Problem p : r.problems()) {
        rows.add(
            List.of(
                Cell.text(p.kind()),
                Cell.number(Numbers.format(p.count()), p.count()),
                Cell.text(p.message())));
      }
      page.table(new Table("problems", List.of("kind", "count", "example"), rows));
    }
    List<Chart> charts = charts();
    if (!charts.isEmpty()) {
      page.heading("Charts");
      charts.forEach(page::chart);
    }
    if (r.configuration() != null && !r.configuration().isEmpty()) {
      page.heading("Configuration");
      page.definitions("configuration", flatten(r.configuration()));
    }
    if (r.testbed() != null && !r.testbed().isEmpty()) {
      page.heading("Testbed");
      page.definitions("testbed", flatten(r.testbed()));
    }
    return page;
  }

  private Map<String, String> runFacts() {
    RunResult r = result;
    Map<String, String> facts = new LinkedHashMap<>();
    facts.put(
        "status",
        r.status() == null
            ? "unknown"
            : r.status().jsonName()
                + (r.statusReason() == null ? "" : " (" + r.statusReason() + ")"));
    facts.put("workload", r.workload());
    if (r.startTime() != null) {
      facts.put("time", r.startTime() + " to " + r.endTime());
    }
    EnvironmentInfo e = r.environment();
    if (e != null) {
      facts.put(
          "host",
          e.hostName()
              + ": "
              + e.cores()
              + " cores, "
              + (e.memoryBytes() > 0 ? e.memoryBytes() / (1L << 20) + " MiB, " : "")
              + e.os()
              + " "
              + e.osVersion()
              + ", Java "
              + e.jvmVersion()
              + (e.jit() == null ? "" : " (JIT: " + e.jit() + ")"));
    }
    if (r.commandLine() != null) {
      facts.put("command", r.commandLine());
    }
    facts.put("loadlab", String.valueOf(r.toolVersion()));
    return facts;
  }

  /** The totals, one row per operation, latency in {@code unit}. */
  public Table totalsTable(LatencyUnit unit) {
    String u = " (" + unit.symbol + ")";
    boolean perMB = FigureNotes.cpuPerMB(result);
    String per = perMB ? "MB" : "op";
    List<String> header =
        List.of(
            "operation",
            "count",
            "errors",
            "ops/s",
            "MB/s",
            "mean" + u,
            "p50" + u,
            "p90" + u,
            "p99" + u,
            "p99.9" + u,
            "max" + u,
            "CPU client (µs/" + per + ")",
            "CPU host (µs/" + per + ")",
            "CPU server (µs/" + per + ")");
    List<List<Cell>> rows = new ArrayList<>();
    totals()
        .forEach(
            (op, s) -> {
              LatencySummary l = s.latencyUs() == null ? LatencySummary.EMPTY : s.latencyUs();
              CpuCost c = s.cpu();
              rows.add(
                  List.of(
                      Cell.text(op),
                      Cell.number(Numbers.format(s.count()), s.count()),
                      Cell.number(Numbers.format(s.errors()), s.errors()),
                      num(s.ratePerSec()),
                      num(s.bytesPerSec() / 1e6),
                      num(unit.of(l.mean())),
                      num(unit.of(l.p50())),
                      num(unit.of(l.p90())),
                      num(unit.of(l.p99())),
                      num(unit.of(l.p999())),
                      num(unit.of(l.max())),
                      CpuFigures.cell(c == null ? null : c.clientUsPerOp(), perMB, s),
                      CpuFigures.cell(c == null ? null : c.hostUsPerOp(), perMB, s),
                      CpuFigures.cell(c == null ? null : c.serverUsPerOp(), perMB, s)));
            });
    return new Table("totals", header, rows);
  }

  /**
   * The seeds' tables for swept operations ({@code latency size=64}, {@code transit size=64}...):
   * per variable, rows the points and columns each swept operation's rate, p50 and p99.
   */
  public List<Table> sweepTables(LatencyUnit unit) {
    Map<String, List<Sweeps.Sweep>> byVariable = new LinkedHashMap<>();
    for (Sweeps.Sweep s : Sweeps.of(operations())) {
      byVariable.computeIfAbsent(s.variable(), k -> new ArrayList<>()).add(s);
    }
    List<Table> tables = new ArrayList<>();
    byVariable.forEach(
        (variable, sweeps) -> {
          Set<String> points = new LinkedHashSet<>();
          sweeps.forEach(s -> points.addAll(s.points()));
          List<String> header = new ArrayList<>();
          header.add(variable);
          for (Sweeps.Sweep s : sweeps) {
            String subject = s.subject().isEmpty() ? "" : s.subject() + " ";
            header.add(subject + "ops/s");
            header.add(subject + "p50 (" + unit.symbol + ")");
            header.add(subject + "p99 (" + unit.symbol + ")");
          }
          List<List<Cell>> rows = new ArrayList<>();
          for (String p : points) {
            List<Cell> row = new ArrayList<>();
            row.add(Cell.text(p));
            for (Sweeps.Sweep s : sweeps) {
              int i = s.points().indexOf(p);
              OperationStats st = i < 0 ? null : totals().get(s.operations().get(i));
              if (st == null) {
                row.add(Cell.text("–"));
                row.add(Cell.text("–"));
                row.add(Cell.text("–"));
              } else {
                LatencySummary l = st.latencyUs() == null ? LatencySummary.EMPTY : st.latencyUs();
                row.add(num(st.ratePerSec()));
                row.add(num(unit.of(l.p50())));
                row.add(num(unit.of(l.p99())));
              }
            }
            rows.add(row);
          }
          tables.add(new Table("by-" + variable, header, rows));
        });
    return tables;
  }

  private static Cell num(double v) {
    return Cell.number(Numbers.format(v), v);
  }

  private Map<String, OperationStats> totals() {
    return result.totals() == null ? Map.of() : result.totals();
  }

  /** Every chart of the report, in order; charts without data are left out. */
  public List<Chart> charts() {
    List<Chart> charts = new ArrayList<>();
    LatencyUnit unit = unit();
    // Nor the intervals after each measured window (while the users stop): no measured point.
    List<IntervalSample> intervals = AfterWindow.drop(withoutEmptyEnd(result.intervals()));
    if (intervals.size() >= 2) {
      Timeline t = new Timeline(intervals, operations());
      charts.add(t.rate("rate", "Operations per second", "ops/s"));
      charts.add(
          t.chart(
              "latency-p50",
              "Latency p50 per interval",
              "p50 (" + unit.symbol + ")",
              s ->
                  s.latencyUs() == null || s.count() == s.errors()
                      ? Double.NaN
                      : unit.of(s.latencyUs().p50())));
      charts.add(
          t.chart(
              "latency-p99",
              "Latency p99 per interval",
              "p99 (" + unit.symbol + ")",
              s ->
                  s.latencyUs() == null || s.count() == s.errors()
                      ? Double.NaN
                      : unit.of(s.latencyUs().p99())));
      if (totals().values().stream().anyMatch(s -> s.bytesPerSec() > 0)) {
        charts.add(t.chart("throughput", "Throughput", "MB/s", s -> s.bytesPerSec() / 1e6));
      }
      Chart errors = t.errors();
      if (errors != null) {
        charts.add(errors);
      }
      charts.addAll(GeneratorFigures.charts(t));
    }
    charts.addAll(new Spectra(totals(), histograms, unit).charts(operations()));
    Chart cpu = CpuFigures.chart(totals(), FigureNotes.cpuPerMB(result));
    if (cpu != null) {
      charts.add(cpu);
    }
    return charts.stream().filter(Chart::hasData).toList();
  }

  /**
   * The intervals without the empty ones at the end (the moments after the last operation while the
   * run shuts down), which would draw every line down to zero.
   */
  private static List<IntervalSample> withoutEmptyEnd(List<IntervalSample> intervals) {
    if (intervals == null) {
      return List.of();
    }
    int end = intervals.size();
    while (end > 1
        && intervals.get(end - 1).operations().values().stream()
            .allMatch(o -> o.count() == 0 && o.errors() == 0)) {
      end--;
    }
    return intervals.subList(0, end);
  }

  private List<String> operations() {
    Set<String> ops = new LinkedHashSet<>(totals().keySet());
    if (result.intervals() != null) {
      result.intervals().forEach(i -> ops.addAll(i.operations().keySet()));
    }
    return List.copyOf(ops);
  }

  /** Nested maps as dotted names and text values. */
  static Map<String, String> flatten(Map<String, Object> map) {
    Map<String, String> out = new LinkedHashMap<>();
    flatten("", map, out);
    return out;
  }

  private static void flatten(String prefix, Map<?, ?> map, Map<String, String> out) {
    map.forEach(
        (k, v) -> {
          String name = prefix + k;
          if (v instanceof Map<?, ?> m) {
            flatten(name + ".", m, out);
          } else {
            out.put(name, String.valueOf(v));
          }
        });
  }
}
