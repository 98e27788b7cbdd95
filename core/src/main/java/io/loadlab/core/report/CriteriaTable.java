package io.loadlab.core.report;

import io.loadlab.core.criteria.Criteria;
import io.loadlab.core.report.Table.Cell;
import io.loadlab.core.results.CriterionVerdict;
import io.loadlab.core.results.RunResult;
import java.util.ArrayList;
import java.util.List;

/** The report's criteria table: each verdict with what was measured, near the totals. */
public final class CriteriaTable {
  private CriteriaTable() {}

  /** Adds a "Criteria" heading and table to {@code page} if the run had criteria. */
  public static void add(HtmlPage page, RunResult r) {
    List<CriterionVerdict> verdicts = r.criteria();
    if (verdicts == null || verdicts.isEmpty()) {
      return;
    }
    List<List<Cell>> rows = new ArrayList<>();
    for (CriterionVerdict v : verdicts) {
      rows.add(
          List.of(
              Cell.text(Criteria.label(v)),
              v.measured() == null
                  ? Cell.text("–")
                  : Cell.number(io.loadlab.core.util.Numbers.format(v.measured()), v.measured()),
              Cell.text(v.passed() ? "ok" : "FAILED"),
              Cell.text(v.message())));
    }
    long failed = verdicts.stream().filter(v -> !v.passed()).count();
    page.heading("Criteria");
    page.table(new Table("criteria", List.of("criterion", "measured", "verdict", "detail"), rows));
    page.note(
        failed == 0
            ? "Every criterion held."
            : failed + " of " + verdicts.size() + " criteria failed: the run is failed.");
  }
}
