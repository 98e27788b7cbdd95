package io.loadlab.campaign.report;

import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.layout.LayoutReport;
import io.loadlab.campaign.results.CampaignCriteria;
import io.loadlab.campaign.results.CampaignWarnings;
import io.loadlab.campaign.results.CellStatistics;
import io.loadlab.campaign.results.FigureHeaders;
import io.loadlab.campaign.results.GuestLabPhases;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.campaign.results.RunConditions;
import io.loadlab.core.report.ClientBars;
import io.loadlab.core.report.FigureLabels;
import io.loadlab.core.report.HtmlPage;
import io.loadlab.core.report.SweepFigure;
import io.loadlab.core.report.SweepReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The campaign's {@code report.html}, beside {@code report.md}: the same cells as the seeds'
 * figures (core's {@link SweepReport}), each step's figure against its sweep point with one line
 * per configuration (a step without a sweep: a bar per configuration, labelled with its
 * attributes), the iterations' spread, ratios and significance against the baseline. A campaign
 * with its own {@code tables:} starts with them, so the page's first section is the file's first
 * table; the facts (status, rule, warnings, criteria) follow under {@link #FACTS}.
 */
public final class CampaignHtml {
  /** The report's name in the campaign directory. */
  public static final String FILE = "report.html";

  /** The heading of the campaign's facts when its own tables come first. */
  public static final String FACTS = "Campaign";

  private CampaignHtml() {}

  static void write(Manifest m, Path dir) throws IOException {
    List<String> configs = new ArrayList<>(m.configurations);
    if (m.baseline != null && configs.remove(m.baseline)) {
      configs.add(0, m.baseline);
    }
    List<SweepFigure> figures = new ArrayList<>();
    if (!configs.isEmpty()) {
      for (Manifest.StepInfo step : m.steps) {
        List<Manifest.CellEntry> cells =
            m.cells.stream().filter(c -> c.step.equals(step.name)).toList();
        if (cells.isEmpty()) {
          continue;
        }
        Set<String> keys = new LinkedHashSet<>();
        cells.forEach(c -> keys.add(Matrix.label(c.point)));
        List<String> points = new ArrayList<>(keys);
        Map<String, Manifest.CellEntry> byKey = new LinkedHashMap<>();
        cells.forEach(c -> byKey.put(c.configuration + "\u0000" + Matrix.label(c.point), c));
        for (String figure : step.figures) {
          figures.add(figure(m, step, figure, configs, points, byKey, figures.size()));
        }
      }
    }
    Map<String, String> facts = new LinkedHashMap<>();
    facts.put("status", String.valueOf(m.status));
    long ok = m.runs.stream().filter(r -> "ok".equals(r.status)).count();
    long failed = m.runs.stream().filter(r -> "failed".equals(r.status)).count();
    facts.put("runs", ok + " ok, " + failed + " failed, " + m.runs.size() + " in all");
    CampaignCriteria.fact(m, facts);
    facts.put("reported run per cell", String.valueOf(m.rule));
    facts.put("baseline", String.valueOf(m.baseline));
    if (m.startTime != null) {
      facts.put("time", m.startTime + " to " + m.updateTime);
    }
    if (m.file != null) {
      facts.put("campaign file", m.file);
    }
    if (m.configurationTimes != null) {
      m.configurationTimes.forEach(
          (name, t) -> {
            if (t.phases != null) {
              facts.put("phases of " + name, GuestLabPhases.describe(t.phases));
            }
          });
    }
    if (m.virtualization != null) {
      m.virtualization.forEach(
          (name, g) ->
              facts.put(
                  "guests of " + name,
                  g.shown() + (g.cpuModel == null ? "" : "; CPU model " + g.cpuModel)));
    }
    long warned = m.runs.stream().filter(r -> r.warnings != null && !r.warnings.isEmpty()).count();
    HtmlPage page = new HtmlPage("Campaign " + m.campaign);
    if (m.description != null && !m.description.isBlank()) {
      page.paragraph(m.description.strip());
    }
    if (m.tables == null || m.tables.isEmpty()) {
      SweepReport.facts(page, facts, figures);
      conditions(m, page);
      CampaignWarnings.html(m, page);
    } else {
      // The file's own tables are the report: first, as in report.md; the facts follow them.
      page.paragraph(
          "Status "
              + m.status
              + "; runs: "
              + facts.get("runs")
              + (warned == 0 ? "" : ", " + warned + " warned")
              + ". The campaign's facts, criteria and warnings follow its tables.");
      LayoutReport.html(m, page);
      page.heading(FACTS);
      SweepReport.facts(page, facts, figures);
      conditions(m, page);
      CampaignWarnings.html(m, page);
    }
    BestTables.html(m, page);
    SweepReport.figures(page, figures);
    page.write(dir.resolve(FILE));
  }

  /**
   * What the steps' cells were measured under ({@link RunConditions}): a configuration labelled KVM
   * whose guests ran emulated stands out as a warning; emulation and very different host load
   * between compared cells are noted, each once.
   */
  private static void conditions(Manifest m, HtmlPage page) {
    Set<String> notes = new LinkedHashSet<>();
    for (Manifest.StepInfo step : m.steps) {
      notes.addAll(
          RunConditions.notes(m, m.cells.stream().filter(c -> c.step.equals(step.name)).toList()));
    }
    RunConditions.guestLines(m).stream().filter(l -> l.startsWith("⚠")).forEach(notes::add);
    for (String n : notes) {
      if (n.startsWith("⚠")) {
        page.warning("kvm-emulated", n.substring(1).strip());
      } else {
        page.note(n);
      }
    }
  }

  private static SweepFigure figure(
      Manifest m,
      Manifest.StepInfo step,
      String figure,
      List<String> configs,
      List<String> points,
      Map<String, Manifest.CellEntry> byKey,
      int n) {
    double[][] reported = new double[configs.size()][points.size()];
    double[][][] iterations = new double[configs.size()][points.size()][];
    int[][] failed = new int[configs.size()][points.size()];
    int[][] warned = new int[configs.size()][points.size()];
    for (int c = 0; c < configs.size(); c++) {
      for (int p = 0; p < points.size(); p++) {
        Manifest.CellEntry cell = byKey.get(configs.get(c) + "\u0000" + points.get(p));
        Double v = cell == null ? null : cell.reported.get(figure);
        reported[c][p] = v == null ? Double.NaN : v;
        failed[c][p] = cell == null ? 0 : cell.failed;
        warned[c][p] =
            cell == null
                ? 0
                : (cell.warned == null ? 0 : cell.warned)
                    + (cell.failedWarned == null ? 0 : cell.failedWarned);
        String id = cell == null ? null : cell.id;
        iterations[c][p] =
            m.runs.stream()
                .filter(r -> id != null && id.equals(r.cell) && "ok".equals(r.status))
                .map(r -> r.figures.get(figure))
                .filter(x -> x != null && Double.isFinite(x))
                .mapToDouble(Double::doubleValue)
                .toArray();
      }
    }
    List<String> machines = machines(m, byKey.values(), step);
    double[][][] perClient =
        machines.size() > 1 ? new double[configs.size()][points.size()][] : null;
    for (int c = 0; perClient != null && c < configs.size(); c++) {
      for (int p = 0; p < points.size(); p++) {
        perClient[c][p] =
            perClient(
                m, byKey.get(configs.get(c) + "\u0000" + points.get(p)), figure, machines.size());
      }
    }
    List<String> labels =
        step.sweep.isEmpty()
            ? points
            : points.stream().map(p -> p.replaceAll("[^ =]+=", "")).toList();
    return new SweepFigure(
        "figure-" + n,
        step.name + ": " + FigureLabels.of(figure) + FigureHeaders.operation(step, figure),
        step.sweep.isEmpty() ? null : String.join(" ", step.sweep.keySet()),
        CellStatistics.lowerIsBetter(figure),
        labels,
        configs.stream().map(c -> RunConditions.label(m, c)).toList(),
        reported,
        iterations,
        failed,
        machines.size() > 1 ? ClientBars.names(machines) : List.of(),
        perClient,
        warned,
        configs.stream().map(c -> label(m, c) + RunConditions.suffix(m, c)).toList());
  }

  /**
   * A configuration's label on a chart's axis: its attributes ({@code method=sriov, MTU=9000}), or
   * its name where it has none.
   */
  static String label(Manifest m, String configuration) {
    Map<String, String> a = m.attributes == null ? null : m.attributes.get(configuration);
    if (a == null || a.isEmpty()) {
      return configuration;
    }
    List<String> parts = new ArrayList<>();
    a.forEach((k, v) -> parts.add(k + "=" + v));
    return String.join(", ", parts);
  }

  /** The machines of a step's clients, from its first run on several; empty if none. */
  private static List<String> machines(
      Manifest m, java.util.Collection<Manifest.CellEntry> cells, Manifest.StepInfo step) {
    Set<String> ids = new java.util.HashSet<>();
    cells.stream().filter(c -> c.step.equals(step.name)).forEach(c -> ids.add(c.id));
    for (Manifest.RunEntry r : m.runs) {
      if (ids.contains(r.cell) && r.clients != null && r.clients.size() > 1) {
        return r.clients.stream().map(c -> c.machine).toList();
      }
    }
    return List.of();
  }

  /**
   * Each client's value of a figure in a cell: the mean over the cell's reported runs, as the
   * cell's own value is over their totals.
   */
  private static double[] perClient(Manifest m, Manifest.CellEntry cell, String figure, int n) {
    double[] sum = new double[n];
    int[] count = new int[n];
    if (cell != null) {
      for (String id : cell.reportedRuns) {
        Manifest.RunEntry r = m.run(id);
        for (int k = 0; r != null && r.clients != null && k < Math.min(n, r.clients.size()); k++) {
          Double v = r.clients.get(k).figures.get(figure);
          if (v != null && Double.isFinite(v)) {
            sum[k] += v;
            count[k]++;
          }
        }
      }
    }
    double[] mean = new double[n];
    for (int k = 0; k < n; k++) {
      mean[k] = count[k] == 0 ? Double.NaN : sum[k] / count[k];
    }
    return mean;
  }
}
