package io.loadlab.core.criteria;

import io.loadlab.core.results.CpuCost;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.util.List;
import java.util.Map;

/** Results made by hand for criteria and JUnit tests. */
public final class Results {
  private Results() {}

  /** An operation of {@code count} (errors among them) at {@code rate}/s with this p99 in µs. */
  public static OperationStats op(long count, long errors, double rate, double p99) {
    return new OperationStats(
        count,
        errors,
        10,
        rate,
        rate * 100,
        0,
        0,
        new LatencySummary(100, 500, 400, 900, p99, p99 * 2, p99 * 3, p99 * 4),
        new CpuCost(12.5, null, null),
        Map.of(),
        Map.of());
  }

  /** An ok ds2 run of 10 s with these totals and figures. */
  public static RunResult of(Map<String, OperationStats> totals, Map<String, Double> figures) {
    return new RunResult(
        "test",
        "ds2 run",
        null,
        null,
        Map.of(),
        null,
        null,
        "2026-05-01T10:00:00Z",
        "2026-05-01T10:00:10Z",
        RunStatus.OK,
        null,
        figures,
        totals,
        List.of(),
        List.of());
  }
}
