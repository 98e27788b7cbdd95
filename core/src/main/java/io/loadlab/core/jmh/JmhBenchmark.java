package io.loadlab.core.jmh;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.util.Texts;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One entry of JMH's JSON result: a benchmark method run in one mode with one set of {@code @Param}
 * values, and what it measured.
 *
 * @param benchmark the fully qualified method, such as {@code io.loadlab.jmh.amqp.AmqpBench.send}
 * @param mode JMH's short mode name: {@code thrpt}, {@code avgt}, {@code sample} or {@code ss}
 * @param threads benchmark threads
 * @param forks forked JVMs (0 when run in the harness's own JVM)
 * @param params the {@code @Param} values, in JMH's order
 * @param score the primary score in {@code unit}
 * @param unit the score's unit, such as {@code us/op} or {@code ops/s}
 * @param percentiles the score's percentiles by percent ({@code "99.9"}), in {@code unit}
 * @param iterations measured iterations over all forks
 * @param samples timed operations (the histogram's total count) in {@code sample} mode, else 0
 * @param iterationSeconds the length of one measured iteration
 * @param batchSize operations per timed batch
 * @param secondary secondary metrics (profilers, such as {@code gc.alloc.rate.norm}) with units
 */
record JmhBenchmark(
    String benchmark,
    String mode,
    int threads,
    int forks,
    Map<String, String> params,
    double score,
    String unit,
    Map<String, Double> percentiles,
    long iterations,
    long samples,
    double iterationSeconds,
    int batchSize,
    Map<String, Metric> secondary) {

  /** A secondary metric's score and unit. */
  record Metric(double score, String unit) {}

  /** Reads entry {@code index} of the result list. */
  static JmhBenchmark of(JsonNode n, int index) {
    String at = "benchmark " + (index + 1);
    String benchmark = text(n, "benchmark", at);
    at = benchmark;
    JsonNode primary = n.path("primaryMetric");
    if (!primary.isObject()) {
      throw missing(at, "primaryMetric");
    }
    Map<String, String> params = new LinkedHashMap<>();
    n.path("params").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
    Map<String, Double> percentiles = new LinkedHashMap<>();
    primary
        .path("scorePercentiles")
        .fields()
        .forEachRemaining(e -> percentiles.put(e.getKey(), number(e.getValue())));
    long iterations = 0;
    long samples = 0;
    for (JsonNode fork : primary.path("rawData")) {
      iterations += fork.size();
    }
    JsonNode histograms = primary.path("rawDataHistogram");
    if (iterations == 0) {
      for (JsonNode fork : histograms) {
        iterations += fork.size();
      }
    }
    for (JsonNode fork : histograms) {
      for (JsonNode iteration : fork) {
        for (JsonNode bucket : iteration) {
          samples += bucket.path(1).asLong();
        }
      }
    }
    Map<String, Metric> secondary = new LinkedHashMap<>();
    n.path("secondaryMetrics")
        .fields()
        .forEachRemaining(
            e ->
                secondary.put(
                    e.getKey().replace("·", ""),
                    new Metric(
                        number(e.getValue().path("score")),
                        e.getValue().path("scoreUnit").asText())));
    String mode = text(n, "mode", at);
    String measurementTime = n.path("measurementTime").asText("");
    return new JmhBenchmark(
        benchmark,
        mode,
        Math.max(1, n.path("threads").asInt(1)),
        n.path("forks").asInt(1),
        params,
        number(primary.path("score")),
        text(primary, "scoreUnit", at + " primaryMetric"),
        percentiles,
        iterations,
        samples,
        mode.equals("ss") || measurementTime.isEmpty()
            ? 0
            : JmhUnits.iterationSeconds(at + " measurementTime", measurementTime),
        Math.max(1, n.path("measurementBatchSize").asInt(1)),
        secondary);
  }

  /** {@code AmqpBench.send}: the class and method, without the package. */
  String shortName() {
    int method = benchmark.lastIndexOf('.');
    int type = method > 0 ? benchmark.lastIndexOf('.', method - 1) : -1;
    return benchmark.substring(type + 1);
  }

  /** The operation's name: the short name followed by its parameters, {@code name=value}. */
  String operationName() {
    StringBuilder sb = new StringBuilder(shortName());
    params.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
    return sb.toString();
  }

  /**
   * The benchmark's figures as a loadlab operation.
   *
   * <ul>
   *   <li>{@code sample} and {@code ss}: latency percentiles from JMH's percentiles, mean from the
   *       score; {@code avgt}: the mean only (JMH measures no single operation, so percentiles are
   *       0, as for an operation with no samples); {@code thrpt}: no latency.
   *   <li>Rate: the score for {@code thrpt}; for the time modes, threads divided by the mean time,
   *       the rate a closed loop of that many threads runs at.
   *   <li>Count: timed samples in {@code sample} mode, shots in {@code ss} mode, and rate times
   *       measured time in the others.
   * </ul>
   */
  OperationStats toStats(Map<String, String> parameters) {
    String field = benchmark + " scoreUnit";
    LatencySummary latency = LatencySummary.EMPTY;
    double rate;
    double seconds;
    long count;
    if (JmhUnits.isTimePerOp(unit)) {
      double us = JmhUnits.microsPerUnit(field, unit);
      double meanUs = score * us;
      rate = meanUs > 0 ? threads * 1e6 / meanUs : 0;
      latency =
          switch (mode) {
            case "sample", "ss" -> percentiles(us, meanUs);
            default -> new LatencySummary(0, round(meanUs), 0, 0, 0, 0, 0, 0);
          };
      if (mode.equals("ss")) {
        count = iterations * batchSize;
        seconds = count * meanUs / 1e6 / threads;
      } else {
        seconds = iterations * iterationSeconds;
        count = mode.equals("sample") ? samples : Math.round(rate * seconds);
      }
    } else {
      rate = score * JmhUnits.opsPerSecondPerUnit(field, unit);
      seconds = iterations * iterationSeconds;
      count = Math.round(rate * seconds);
    }
    return new OperationStats(
        count, 0, round(seconds), round(rate), 0, 0, 0, latency, null, null, parameters);
  }

  private LatencySummary percentiles(double us, double meanUs) {
    return new LatencySummary(
        round(pct("0.0") * us),
        round(meanUs),
        round(pct("50.0") * us),
        round(pct("90.0") * us),
        round(pct("99.0") * us),
        round(pct("99.9") * us),
        round(pct("99.99") * us),
        round(pct("100.0") * us));
  }

  private double pct(String key) {
    Double v = percentiles.get(key);
    if (v == null) {
      throw missing(benchmark, "primaryMetric.scorePercentiles." + key);
    }
    return v;
  }

  private static double round(double v) {
    return Math.round(v * 1_000.0) / 1_000.0;
  }

  private static String text(JsonNode n, String name, String at) {
    JsonNode v = n.get(name);
    if (v == null || !v.isValueNode() || v.asText().isEmpty()) {
      throw missing(at, name);
    }
    return v.asText();
  }

  /** A number, where JMH writes {@code "NaN"} as a string for a figure it could not compute. */
  private static double number(JsonNode v) {
    if (v.isNumber()) {
      return v.asDouble();
    }
    if (v.isTextual()) {
      try {
        return Double.parseDouble(v.asText());
      } catch (NumberFormatException e) {
        return Double.NaN;
      }
    }
    return Double.NaN;
  }

  private static UsageException missing(String at, String field) {
    return new UsageException(
        at + ": no '" + Texts.cut(field) + "' field; is this JMH's JSON result (-rf json)?");
  }
}
