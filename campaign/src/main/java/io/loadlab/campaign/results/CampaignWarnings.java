package io.loadlab.campaign.results;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.core.report.HtmlPage;
import io.loadlab.core.report.RunWarnings;
import io.loadlab.core.results.ResultJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The warnings of a campaign's runs (such as a saturated load generator: the run's figures may
 * describe the client rather than the system under test), read from each run's {@code result.json}
 * into {@code campaign.json}, the mark of the cells they taint in the reports, and their summary:
 * one line per distinct warning with the runs it affected counted, ok and failed alike ({@link
 * WarningSummary}), the per-run details one click away in report.html.
 */
public final class CampaignWarnings {
  private CampaignWarnings() {}

  /** The messages of a run directory's warnings; none without {@code result.json}. */
  public static List<String> read(Path runDir) {
    Path json = runDir.resolve("result.json");
    List<String> out = new ArrayList<>();
    if (!Files.exists(json)) {
      return out;
    }
    try {
      for (JsonNode w : ResultJson.mapper().readTree(json.toFile()).path("warnings")) {
        out.add(w.path("message").asText(w.path("kind").asText("warning")));
      }
    } catch (IOException e) {
      // An unreadable result is the run's failure, reported as such.
    }
    return out;
  }

  /** Sets the run's warnings from its clients' directories (named by client with several). */
  public static void classify(Manifest.RunEntry r, List<Path> dirs) {
    List<String> all = new ArrayList<>();
    for (int i = 0; i < dirs.size(); i++) {
      String client = dirs.size() > 1 ? "client " + (i + 1) + ": " : "";
      read(dirs.get(i)).forEach(w -> all.add(client + w));
    }
    r.warnings = all.isEmpty() ? null : all;
  }

  /** Counts each cell's ok runs with warnings into its {@code warned}, failed ones likewise. */
  public static void count(Manifest m) {
    Map<String, Integer> warned = new LinkedHashMap<>();
    Map<String, Integer> failed = new LinkedHashMap<>();
    for (Manifest.RunEntry r : m.runs) {
      if (r.warnings == null || r.warnings.isEmpty()) {
        continue;
      }
      if ("ok".equals(r.status)) {
        warned.merge(r.cell, 1, Integer::sum);
      } else if ("failed".equals(r.status)) {
        failed.merge(r.cell, 1, Integer::sum);
      }
    }
    m.cells.forEach(
        c -> {
          c.warned = warned.get(c.id);
          c.failedWarned = failed.get(c.id);
        });
  }

  /** The mark after a cell's value if some of its runs warned, else nothing. */
  public static String mark(Manifest.CellEntry c) {
    return c != null && c.warned != null && c.warned > 0 ? " " + RunWarnings.MARK : "";
  }

  /**
   * What follows a failed cell's {@code FAILED (n/m)}: the mark and the distinct warnings of its
   * failed runs with how many of them gave each ({@code ⚠ load generator saturated 4/4}), or
   * nothing when they gave none.
   */
  public static String failedSuffix(Manifest m, Manifest.CellEntry c) {
    if (c == null || c.failedWarned == null || c.failedWarned == 0) {
      return "";
    }
    List<Manifest.RunEntry> failed =
        m.runs.stream().filter(r -> c.id.equals(r.cell) && "failed".equals(r.status)).toList();
    StringBuilder sb = new StringBuilder();
    for (WarningSummary s : WarningSummary.of(failed)) {
      sb.append(' ')
          .append(RunWarnings.MARK)
          .append(' ')
          .append(s.head())
          .append(' ')
          .append(s.runs().size())
          .append('/')
          .append(failed.size());
    }
    return sb.toString();
  }

  /** What follows a run's line: the mark and its distinct warnings' heads, or nothing. */
  public static String runSuffix(Manifest.RunEntry r) {
    StringBuilder sb = new StringBuilder();
    WarningSummary.of(List.of(r))
        .forEach(s -> sb.append(' ').append(RunWarnings.MARK).append(' ').append(s.head()));
    return sb.toString();
  }

  /** The runs, ok or failed, that warned. */
  private static List<Manifest.RunEntry> finished(Manifest m) {
    return m.runs.stream().filter(r -> "ok".equals(r.status) || "failed".equals(r.status)).toList();
  }

  /** The summary lines, e.g. {@code load generator saturated in 40 of 45 runs (host CPU 100%)}. */
  public static List<String> lines(Manifest m) {
    List<Manifest.RunEntry> runs = finished(m);
    return WarningSummary.of(runs).stream().map(s -> s.line(runs.size())).toList();
  }

  /** The legend of the mark and one line per distinct warning, for report.md; empty if none. */
  public static String markdown(Manifest m) {
    List<String> lines = lines(m);
    if (lines.isEmpty()) {
      return "";
    }
    StringBuilder sb = new StringBuilder("\n## Warnings\n\n");
    sb.append(RunWarnings.MARK)
        .append(" in a table: some of the cell's runs warned, and their figures may describe the")
        .append(" load generator rather than the system under test.\n\n");
    lines.forEach(l -> sb.append("- ").append(RunWarnings.MARK).append(' ').append(l).append('\n'));
    sb.append("\nEach run's warnings: report.html (under each line) and campaign.json")
        .append(" (`runs[].warnings`).\n");
    return sb.toString();
  }

  /** A box per distinct warning with its runs counted, each run's own words one click away. */
  public static void html(Manifest m, HtmlPage page) {
    List<Manifest.RunEntry> runs = finished(m);
    List<WarningSummary> all = WarningSummary.of(runs);
    if (all.isEmpty()) {
      return;
    }
    page.heading("Warnings");
    for (WarningSummary s : all) {
      page.warning(s.kind(), s.line(runs.size()));
      List<String> details = new ArrayList<>();
      s.runs()
          .forEach(
              (id, messages) -> {
                Set<String> distinct = new LinkedHashSet<>(messages);
                details.add(id + " (" + m.run(id).status + "): " + String.join("; ", distinct));
              });
      page.details("The " + s.runs().size() + " runs and their figures", details);
    }
  }
}
