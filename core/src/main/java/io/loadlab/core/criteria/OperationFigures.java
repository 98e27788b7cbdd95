package io.loadlab.core.criteria;

import io.loadlab.core.results.CpuCost;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The figures every operation has, by the names criteria use: counts, rates, and latency
 * percentiles in microseconds ({@code p99Us}) or milliseconds ({@code p99Ms}), read from its {@link
 * OperationStats}.
 */
public final class OperationFigures {
  private static final Map<String, Function<OperationStats, Double>> FIGURES = figures();

  private OperationFigures() {}

  private static Map<String, Function<OperationStats, Double>> figures() {
    Map<String, Function<OperationStats, Double>> m = new LinkedHashMap<>();
    m.put("count", o -> (double) o.count());
    m.put("errors", o -> (double) o.errors());
    m.put("errorPercent", o -> o.count() == 0 ? 0.0 : 100.0 * o.errors() / o.count());
    m.put("rate", OperationStats::ratePerSec);
    m.put("bytesPerSec", OperationStats::bytesPerSec);
    latency(m, "min", LatencySummary::min);
    latency(m, "mean", LatencySummary::mean);
    latency(m, "p50", LatencySummary::p50);
    latency(m, "p90", LatencySummary::p90);
    latency(m, "p99", LatencySummary::p99);
    latency(m, "p999", LatencySummary::p999);
    latency(m, "p9999", LatencySummary::p9999);
    latency(m, "max", LatencySummary::max);
    m.put("cpuUsPerOp", OperationFigures::cpuPerOp);
    return m;
  }

  private static void latency(
      Map<String, Function<OperationStats, Double>> m,
      String name,
      Function<LatencySummary, Double> f) {
    m.put(name + "Us", o -> o.latencyUs() == null ? null : f.apply(o.latencyUs()));
    m.put(name + "Ms", o -> o.latencyUs() == null ? null : f.apply(o.latencyUs()) / 1_000);
  }

  /** CPU per operation of the client host, else of the client process (as campaigns take it). */
  private static Double cpuPerOp(OperationStats o) {
    CpuCost c = o.cpu();
    if (c == null) {
      return null;
    }
    return c.hostUsPerOp() != null ? c.hostUsPerOp() : c.clientUsPerOp();
  }

  /** Every operation figure's name, in a stable order. */
  public static Set<String> names() {
    return FIGURES.keySet();
  }

  /** True if {@code name} is an operation figure. */
  public static boolean has(String name) {
    return FIGURES.containsKey(name);
  }

  /** The figure's value for an operation, or {@code null} if the operation has none. */
  static Double value(String name, OperationStats stats) {
    return FIGURES.get(name).apply(stats);
  }
}
