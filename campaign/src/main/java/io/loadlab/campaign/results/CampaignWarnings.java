package io.loadlab.campaign.results;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.core.report.RunWarnings;
import io.loadlab.core.results.ResultJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The warnings of a campaign's runs (such as a saturated load generator: the run's figures may
 * describe the client rather than the system under test), read from each run's {@code result.json}
 * into {@code campaign.json}, and the mark of the cells they taint in the reports.
 */
public final class CampaignWarnings {
  private CampaignWarnings() {}

  /** The messages of a run directory's warnings; none without {@code result.json}. */
  static List<String> read(Path runDir) {
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

  /** Counts each cell's ok runs with warnings into its {@code warned}. */
  static void count(Manifest m) {
    Map<String, Integer> warned = new LinkedHashMap<>();
    for (Manifest.RunEntry r : m.runs) {
      if ("ok".equals(r.status) && r.warnings != null && !r.warnings.isEmpty()) {
        warned.merge(r.cell, 1, Integer::sum);
      }
    }
    m.cells.forEach(c -> c.warned = warned.get(c.id));
  }

  /** The mark after a cell's value if some of its runs warned, else nothing. */
  public static String mark(Manifest.CellEntry c) {
    return c != null && c.warned != null && c.warned > 0 ? " " + RunWarnings.MARK : "";
  }

  /** Each ok run's warnings, by run id. */
  public static Map<String, List<String>> byRun(Manifest m) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (Manifest.RunEntry r : m.runs) {
      if ("ok".equals(r.status) && r.warnings != null && !r.warnings.isEmpty()) {
        out.put(r.id, r.warnings);
      }
    }
    return out;
  }

  /** The legend of the mark and the runs that warned, for report.md; empty if none did. */
  public static String markdown(Manifest m) {
    Map<String, List<String>> runs = byRun(m);
    if (runs.isEmpty()) {
      return "";
    }
    StringBuilder sb = new StringBuilder("\n## Runs with warnings\n\n");
    sb.append(RunWarnings.MARK)
        .append(" in a table: some of the cell's runs warned, and their figures may describe the")
        .append(" load generator rather than the system under test.\n\n");
    runs.forEach(
        (id, warnings) ->
            warnings.forEach(
                w -> sb.append("- `").append(id).append("`: ").append(w).append('\n')));
    return sb.toString();
  }
}
