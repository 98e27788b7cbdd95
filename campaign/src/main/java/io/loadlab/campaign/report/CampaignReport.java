package io.loadlab.campaign.report;

import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.layout.EmptyCells;
import io.loadlab.campaign.layout.LayoutReport;
import io.loadlab.campaign.results.CampaignCriteria;
import io.loadlab.campaign.results.CampaignWarnings;
import io.loadlab.campaign.results.CellStatistics;
import io.loadlab.campaign.results.FigureHeaders;
import io.loadlab.campaign.results.GuestLabPhases;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.campaign.results.RunConditions;
import io.loadlab.core.report.FigureLabels;
import io.loadlab.core.util.Numbers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The campaign's Markdown report, shaped as the seeds' tables: one table per step and figure, rows
 * the sweep points, columns the configurations, each cell the reported value with its spread (CV
 * over the iterations) and its ratio to the baseline configuration; failed cells are marked.
 */
public final class CampaignReport {
  /** The report's name in the campaign directory. */
  public static final String FILE = "report.md";

  private CampaignReport() {}

  /**
   * Writes {@code report.md} and {@code report.html} (and the campaign's own tables as {@code
   * table-<n>.csv}) into the campaign directory and returns the Markdown.
   */
  public static String write(Manifest m, Path dir) throws IOException {
    String text = markdown(m);
    Path tmp = dir.resolve(FILE + ".tmp");
    Files.writeString(tmp, text);
    Files.move(tmp, dir.resolve(FILE), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    CampaignHtml.write(m, dir);
    CampaignJunit.write(m, dir);
    LayoutReport.writeCsv(m, dir);
    return text;
  }

  public static String markdown(Manifest m) {
    StringBuilder sb = new StringBuilder();
    sb.append("# Campaign ").append(m.campaign).append("\n\n");
    if (m.description != null) {
      sb.append(m.description.trim()).append("\n\n");
    }
    long ok = m.runs.stream().filter(r -> "ok".equals(r.status)).count();
    long failed = m.runs.stream().filter(r -> "failed".equals(r.status)).count();
    long other = m.runs.size() - ok - failed;
    sb.append(
        String.format(
            Locale.ROOT,
            "Status **%s**: %d runs finished ok, %d failed%s. Reported run per cell: `%s`; ratios to `%s`."
                + " Each cell: reported value ± CV over its iterations (ratio to baseline).%n%n",
            m.status,
            ok,
            failed,
            other > 0 ? ", " + other + " not finished" : "",
            m.rule,
            m.baseline));
    List<String> guests = RunConditions.guestLines(m);
    if (!guests.isEmpty()) {
      sb.append("How the guests ran:\n\n");
      guests.forEach(g -> sb.append("- ").append(g).append('\n'));
      sb.append('\n');
    }
    sb.append(LayoutReport.markdown(m));
    for (Manifest.StepInfo step : m.steps) {
      List<Manifest.CellEntry> cells =
          m.cells.stream().filter(c -> c.step.equals(step.name)).toList();
      if (cells.isEmpty()) {
        continue;
      }
      Set<String> points = new LinkedHashSet<>();
      cells.forEach(c -> points.add(Matrix.label(c.point)));
      List<String> configs = new ArrayList<>(m.configurations);
      Map<String, Manifest.CellEntry> byKey = new LinkedHashMap<>();
      cells.forEach(c -> byKey.put(c.configuration + "\u0000" + Matrix.label(c.point), c));
      String rowName = step.sweep.isEmpty() ? "point" : String.join(" ", step.sweep.keySet());
      for (String figure : step.figures) {
        sb.append("## ")
            .append(step.name)
            .append(" (`loadlab ")
            .append(step.command)
            .append("`): ")
            .append(FigureLabels.of(figure))
            .append(FigureHeaders.operation(step, figure))
            .append(CellStatistics.lowerIsBetter(figure) ? " (lower is better)" : "")
            .append("\n\n");
        sb.append("| ").append(rowName).append(" |");
        configs.forEach(c -> sb.append(' ').append(RunConditions.label(m, c)).append(" |"));
        sb.append("\n|---|");
        configs.forEach(c -> sb.append("---:|"));
        sb.append('\n');
        List<String> notes = new ArrayList<>();
        for (String p : points) {
          String row = step.sweep.isEmpty() ? p : p.replaceAll("[^ =]+=", "");
          sb.append("| ").append(row).append(" |");
          for (String conf : configs) {
            Manifest.CellEntry c = byKey.get(conf + "\u0000" + p);
            String text = cell(m, c, figure);
            String why = text.equals("—") ? EmptyCells.why(m, c, figure) : null;
            if (why != null) {
              notes.add(EmptyCells.mark(notes.size() + 1) + " " + row + ", " + conf + ": " + why);
              text += " " + EmptyCells.mark(notes.size());
            }
            sb.append(' ').append(text).append(" |");
          }
          sb.append('\n');
        }
        sb.append('\n');
        notes.forEach(n -> sb.append(n).append(".\n\n"));
        RunConditions.notes(m, cells).forEach(n -> sb.append(n).append("\n\n"));
      }
      BestTables.markdown(m, step, sb);
    }
    phases(m, sb);
    sb.append("## Cells\n\n");
    sb.append(
        "| cell | runs | ok | failed | figure | mean | median | sd | CV | min | max | 95% CI | reported run |\n");
    sb.append("|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---|---|\n");
    for (Manifest.CellEntry c : m.cells) {
      String reported =
          String.join(
              ", ",
              c.reportedRuns.size() > 3
                  ? List.of(c.reportedRuns.size() + " runs")
                  : c.reportedRuns);
      if (c.statistics.isEmpty()) {
        sb.append(
            String.format(
                Locale.ROOT,
                "| %s | %d | %d | %d | | | | | | | | | |%n",
                c.id,
                c.runs,
                c.ok,
                c.failed));
      }
      boolean first = true;
      for (Map.Entry<String, Manifest.Stats> e : c.statistics.entrySet()) {
        Manifest.Stats s = e.getValue();
        sb.append(
            String.format(
                Locale.ROOT,
                "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                first ? c.id : "",
                first ? c.runs : "",
                first ? c.ok : "",
                first ? c.failed : "",
                FigureLabels.of(e.getKey()),
                Numbers.format(s.mean),
                Numbers.format(s.median),
                s.sd == null ? "" : Numbers.format(s.sd),
                s.cvPct == null ? "" : String.format(Locale.ROOT, "%.1f%%", s.cvPct),
                Numbers.format(s.min),
                Numbers.format(s.max),
                CellStatistics.interval(s, Numbers::format),
                first ? reported : ""));
        first = false;
      }
    }
    sb.append(CampaignCriteria.markdown(m));
    sb.append('\n').append(CellStatistics.CI_NOTE).append('\n');
    sb.append(CampaignWarnings.markdown(m));
    List<Manifest.RunEntry> bad = m.runs.stream().filter(r -> "failed".equals(r.status)).toList();
    if (!bad.isEmpty()) {
      sb.append("\n## Failed runs\n\n");
      for (Manifest.RunEntry r : bad) {
        sb.append("- `")
            .append(r.id)
            .append("` (")
            .append(r.dir)
            .append("): ")
            .append(r.reason == null ? "failed" : r.reason)
            .append(CampaignWarnings.runSuffix(r))
            .append('\n');
      }
    }
    return sb.toString();
  }

  /**
   * The configurations whose testbed recorded its phases (apply, boot to SSH, install, services
   * ready, runs, teardown): one row per bring-up, in seconds: the first, then each resume's.
   */
  static void phases(Manifest m, StringBuilder sb) {
    if (m.configurationTimes == null
        || m.configurationTimes.values().stream().allMatch(t -> t.phases == null)) {
      return;
    }
    sb.append("## Phases (seconds)\n\n| configuration |");
    GuestLabPhases.PHASES.forEach(
        k -> sb.append(' ').append(GuestLabPhases.PHASE_LABELS.get(k)).append(" |"));
    sb.append("\n|---|");
    GuestLabPhases.PHASES.forEach(k -> sb.append("---:|"));
    sb.append('\n');
    m.configurationTimes.forEach(
        (name, first) -> {
          List<Manifest.ConfigurationTime> all = new ArrayList<>(List.of(first));
          if (first.laterBringUps != null) {
            all.addAll(first.laterBringUps);
          }
          for (int i = 0; i < all.size(); i++) {
            Manifest.ConfigurationTime t = all.get(i);
            if (t.phases == null) {
              continue;
            }
            sb.append("| ").append(name).append(i == 0 ? "" : ", resumed (" + i + ")").append(" |");
            for (String k : GuestLabPhases.PHASES) {
              Double v = t.phases.get(k);
              sb.append(' ')
                  .append(v == null ? "" : String.format(Locale.ROOT, "%.1f", v))
                  .append(" |");
            }
            sb.append('\n');
          }
        });
    sb.append('\n');
  }

  private static String cell(Manifest m, Manifest.CellEntry c, String figure) {
    if (c == null) {
      return "not run";
    }
    Double v = c.reported.get(figure);
    if (v == null) {
      return c.failed > 0
          ? "**FAILED** (" + c.failed + "/" + c.runs + ")" + CampaignWarnings.failedSuffix(m, c)
          : "—";
    }
    StringBuilder sb = new StringBuilder(Numbers.format(v));
    Manifest.Stats s = c.statistics.get(figure);
    if (s != null && s.cvPct != null) {
      sb.append(String.format(Locale.ROOT, " ±%.1f%%", s.cvPct));
    }
    Double ratio = c.ratioToBaseline.get(figure);
    if (ratio != null) {
      sb.append(" (" + io.loadlab.core.report.Ratios.times(ratio) + ")");
    }
    if (c.failed > 0) {
      sb.append(" **").append(c.failed).append(" failed**");
      sb.append(CampaignWarnings.failedSuffix(m, c));
    }
    sb.append(CampaignWarnings.mark(c));
    return sb.toString();
  }
}
