package io.loadlab.core.report;

import io.loadlab.core.report.Table.Cell;
import io.loadlab.core.results.RateCheck;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.util.Numbers;
import java.util.ArrayList;
import java.util.List;

/** A paced run's target rates against what it achieved, as a report table. */
final class RateCheckTable {
  private RateCheckTable() {}

  /** The table, or {@code null} for a run without a target rate. */
  static Table of(RunResult r) {
    if (r.rateChecks() == null || r.rateChecks().isEmpty()) {
      return null;
    }
    List<List<Cell>> rows = new ArrayList<>();
    for (RateCheck c : r.rateChecks()) {
      rows.add(
          List.of(
              Cell.text(c.operation()),
              Cell.number(Numbers.format(c.targetPerSec()) + " " + c.unit(), c.targetPerSec()),
              Cell.number(Numbers.format(c.achievedPerSec()) + " " + c.unit(), c.achievedPerSec()),
              Cell.number(Numbers.percentBeside(c.ratio(), c.tolerance()) + "%", c.ratio()),
              Cell.number(Numbers.percent(c.tolerance()) + "%", c.tolerance()),
              Cell.text(c.held() ? "held" : "NOT HELD")));
    }
    return new Table(
        "rate-checks",
        List.of("operation", "target", "achieved", "share", "needed", "verdict"),
        rows);
  }
}
