package io.loadlab.core.export;

import io.loadlab.core.criteria.Criteria;
import io.loadlab.core.results.CriterionVerdict;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.util.Markdown;
import java.util.List;

/** The criteria's verdicts as text: lines for the console, a table for the Markdown summary. */
public final class CriteriaText {
  private CriteriaText() {}

  /**
   * One line per verdict, such as {@code criterion FAILED: purchase: p99Us<=2000: measured 3,412};
   * empty without criteria.
   */
  public static String console(RunResult r) {
    List<CriterionVerdict> verdicts = r.criteria();
    if (verdicts == null || verdicts.isEmpty()) {
      return "";
    }
    StringBuilder sb = new StringBuilder();
    for (CriterionVerdict v : verdicts) {
      sb.append("criterion ")
          .append(v.passed() ? "ok" : "FAILED")
          .append(": ")
          .append(v.message())
          .append('\n');
    }
    return sb.toString();
  }

  /** A "Criteria" section with one table row per verdict; empty without criteria. */
  public static String markdown(RunResult r) {
    List<CriterionVerdict> verdicts = r.criteria();
    if (verdicts == null || verdicts.isEmpty()) {
      return "";
    }
    StringBuilder sb = new StringBuilder("\n## Criteria\n\n");
    sb.append("| criterion | measured | verdict |\n|---|---:|---|\n");
    for (CriterionVerdict v : verdicts) {
      sb.append("| ")
          .append(Markdown.cell(Criteria.label(v)))
          .append(" | ")
          .append(v.measured() == null ? "–" : io.loadlab.core.util.Numbers.format(v.measured()))
          .append(" | ")
          .append(v.passed() ? "ok" : "**FAILED**")
          .append(v.measured() == null ? " (" + Markdown.cell(v.message()) + ")" : "")
          .append(" |\n");
    }
    return sb.toString();
  }
}
