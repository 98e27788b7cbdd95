package io.loadlab.core.compare;

import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * Runs lined up by operation. The first run is the baseline the others are compared with; an
 * operation missing from a run shows as a gap, not as zero.
 */
public final class RunComparison {
  /** A run and the name its column gets. */
  public record Run(String name, RunResult result) {}

  /** One operation's figures in each run, in run order; null where a run lacks it. */
  public record Row(String operation, List<OperationStats> stats) {}

  /** A figure of an operation that is compared. */
  public enum Metric {
    RATE("rate (operations per second)", "ops/s", OperationStats::ratePerSec, true),
    P50("latency p50 (µs)", "µs", s -> s.latencyUs().p50(), false),
    P99("latency p99 (µs)", "µs", s -> s.latencyUs().p99(), false);

    /** A heading for tables and charts. */
    public final String title;

    /** The unit of its values. */
    public final String unit;

    /** True if more is better. */
    public final boolean higherIsBetter;

    private final ToDoubleFunction<OperationStats> value;

    Metric(
        String title, String unit, ToDoubleFunction<OperationStats> value, boolean higherIsBetter) {
      this.title = title;
      this.unit = unit;
      this.value = value;
      this.higherIsBetter = higherIsBetter;
    }

    /** The metric's value in {@code s}, or NaN if the operation is missing or has no latency. */
    public double of(OperationStats s) {
      if (s == null || (this != RATE && s.latencyUs() == null)) {
        return Double.NaN;
      }
      return value.applyAsDouble(s);
    }
  }

  private final List<Run> runs;
  private final List<Row> rows;

  private RunComparison(List<Run> runs, List<Row> rows) {
    this.runs = runs;
    this.rows = rows;
  }

  /**
   * Lines up the runs' operations, in the order they first appear. Runs with the same name get
   * {@code #2}, {@code #3}… after it, so every column can be told apart.
   */
  public static RunComparison of(List<Run> given) {
    if (given.size() < 2) {
      throw new IllegalArgumentException("a comparison needs two runs or more");
    }
    List<Run> runs = new ArrayList<>();
    Map<String, Integer> seen = new java.util.HashMap<>();
    for (Run r : given) {
      int n = seen.merge(r.name(), 1, Integer::sum);
      runs.add(n == 1 ? r : new Run(r.name() + " #" + n, r.result()));
    }
    Set<String> operations = new LinkedHashSet<>();
    for (Run r : runs) {
      operations.addAll(totals(r).keySet());
    }
    List<Row> rows = new ArrayList<>();
    for (String op : operations) {
      List<OperationStats> stats = new ArrayList<>();
      for (Run r : runs) {
        stats.add(totals(r).get(op));
      }
      rows.add(new Row(op, stats));
    }
    return new RunComparison(List.copyOf(runs), List.copyOf(rows));
  }

  private static Map<String, OperationStats> totals(Run r) {
    return r.result().totals() == null ? Map.of() : r.result().totals();
  }

  public List<Run> runs() {
    return runs;
  }

  public List<Row> rows() {
    return rows;
  }

  /** The workloads compared, without repeats: more than one means unlike runs are compared. */
  public Set<String> workloads() {
    Set<String> w = new LinkedHashSet<>();
    runs.forEach(r -> w.add(r.result().workload()));
    return w;
  }

  /** Run {@code i}'s value of {@code metric} over the first run's, or NaN if either is missing. */
  public static double ratio(Row row, int i, Metric metric) {
    double base = metric.of(row.stats().get(0));
    double v = metric.of(row.stats().get(i));
    if (Double.isNaN(base) || Double.isNaN(v) || base == 0) {
      return Double.NaN;
    }
    return v / base;
  }

  /**
   * The name a run gets when none is given: its label, else its testbed's network mode (bridge,
   * sriov, none), else {@code fallback} (such as its directory's name).
   */
  public static String defaultName(RunResult r, String fallback) {
    if (r.label() != null && !r.label().isBlank()) {
      return r.label();
    }
    Object mode = r.testbed() == null ? null : r.testbed().get("mode");
    if (mode != null && !mode.toString().isBlank()) {
      return mode.toString();
    }
    return fallback;
  }
}
