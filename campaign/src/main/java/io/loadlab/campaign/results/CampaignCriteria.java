package io.loadlab.campaign.results;

import io.loadlab.core.criteria.Criteria;
import io.loadlab.core.results.CriterionVerdict;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.util.Markdown;
import io.loadlab.core.util.Numbers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The criteria verdicts of a campaign's runs: read from each run's result.json into its manifest
 * entry, and shown in the reports (a section of report.md listing the failed ones, a line of
 * report.html's facts).
 */
public final class CampaignCriteria {
  private CampaignCriteria() {}

  /**
   * The verdicts in the clients' result files, or {@code null} if no client had criteria; with
   * several clients each verdict's operation starts with {@code client N}.
   */
  public static List<CriterionVerdict> verdicts(List<Path> clientDirs) {
    List<CriterionVerdict> all = new ArrayList<>();
    for (int i = 0; i < clientDirs.size(); i++) {
      Path json = clientDirs.get(i).resolve("result.json");
      if (!Files.exists(json)) {
        continue;
      }
      RunResult r;
      try {
        r = ResultJson.read(json);
      } catch (IOException | RuntimeException e) {
        continue; // The run's status says what went wrong with its result.
      }
      if (r.criteria() == null) {
        continue;
      }
      for (CriterionVerdict v : r.criteria()) {
        all.add(clientDirs.size() == 1 ? v : ofClient(i + 1, v));
      }
    }
    return all.isEmpty() ? null : all;
  }

  private static CriterionVerdict ofClient(int client, CriterionVerdict v) {
    String prefix = "client " + client;
    return new CriterionVerdict(
        v.criterion(),
        v.operation() == null ? prefix : prefix + " " + v.operation(),
        v.measured(),
        v.passed(),
        prefix + ": " + v.message());
  }

  /** A "Criteria" section: how many verdicts held, and each failed one by run; empty if none. */
  public static String markdown(Manifest m) {
    long held = count(m, true);
    long failed = count(m, false);
    if (held + failed == 0) {
      return "";
    }
    StringBuilder sb = new StringBuilder("\n## Criteria\n\n");
    sb.append(held).append(" verdicts held, ").append(failed).append(" failed");
    if (failed == 0) {
      return sb.append(".\n").toString();
    }
    sb.append(":\n\n| run | criterion | measured |\n|---|---|---:|\n");
    for (Manifest.RunEntry r : m.runs) {
      if (r.criteria == null) {
        continue;
      }
      for (CriterionVerdict v : r.criteria) {
        if (!v.passed()) {
          sb.append("| `")
              .append(r.id)
              .append("` | ")
              .append(Markdown.cell(Criteria.label(v)))
              .append(" | ")
              .append(v.measured() == null ? "not measured" : Numbers.format(v.measured()))
              .append(" |\n");
        }
      }
    }
    return sb.toString();
  }

  /** Adds a "criteria" fact (verdicts held and failed) to report.html's, if any run had some. */
  public static void fact(Manifest m, Map<String, String> facts) {
    long held = count(m, true);
    long failed = count(m, false);
    if (held + failed > 0) {
      facts.put("criteria", held + " verdicts held, " + failed + " failed");
    }
  }

  private static long count(Manifest m, boolean passed) {
    return m.runs.stream()
        .filter(r -> r.criteria != null)
        .flatMap(r -> r.criteria.stream())
        .filter(v -> v.passed() == passed)
        .count();
  }
}
