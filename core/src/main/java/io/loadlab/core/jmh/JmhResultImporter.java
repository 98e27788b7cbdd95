package io.loadlab.core.jmh;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.core.Version;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import io.loadlab.core.util.JsonNumbers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Turns the JSON that JMH writes ({@code -rf json}) into loadlab's shared {@link RunResult}, so
 * that JMH, JMeter and command-line runs of the same operation sit side by side in one report.
 *
 * <p>Each benchmark with its {@code @Param} values becomes one operation named like {@code
 * AmqpBench.roundTrip size=8}, whose parameters hold the params plus {@code mode}, {@code threads}
 * and {@code forks}. If one benchmark was run in several modes ({@code -bm all}), the mode is added
 * to the name. Latency is converted to microseconds and rates to operations per second; how each
 * mode maps is described on {@link JmhBenchmark#toStats}. Secondary metrics (profilers such as
 * {@code -prof gc}) become figures named {@code <operation>: <metric> <unit>}.
 *
 * <p>JMH's JSON carries no timestamps: the end time is the file's modification time, and the start
 * time is that minus the measured time of every benchmark (warmup not counted). The environment is
 * this machine's, with the JVM that JMH reported.
 */
public final class JmhResultImporter {
  /** The workload name of an imported JMH run. */
  public static final String WORKLOAD = "jmh";

  /** The percentiles sample mode repeats as secondary metrics ({@code p0.99}): already latency. */
  private static final Pattern SAMPLE_PERCENTILE = Pattern.compile("p[0-9.]+");

  private JmhResultImporter() {}

  /**
   * Reads a JMH JSON result file.
   *
   * @param label a label recorded with the result, or {@code null}
   * @throws UsageException if the file is missing or is not JMH's JSON result
   */
  public static RunResult read(Path file, String label) throws IOException {
    String json;
    try {
      json = Files.readString(file);
    } catch (NoSuchFileException e) {
      throw new UsageException(
          file + " does not exist; write it with JMH's -rf json -rff " + file.getFileName());
    } catch (java.nio.charset.CharacterCodingException e) {
      throw new UsageException(
          file + " is not a text file; give the JSON file JMH writes with -rf json");
    }
    Instant written = Files.getLastModifiedTime(file).toInstant();
    return parse(json, file.getFileName().toString(), label, written);
  }

  /**
   * Converts JMH's JSON result.
   *
   * @param source where it came from, such as the file name (recorded in the configuration)
   * @param label a label recorded with the result, or {@code null}
   * @param finished when JMH finished (the result's end time)
   * @throws UsageException if it is not JMH's JSON result
   */
  public static RunResult parse(String json, String source, String label, Instant finished) {
    JsonNumbers.check(source, json, "use the file JMH writes with -rf json");
    JsonNode root;
    try {
      root = ResultJson.mapper().readTree(json);
    } catch (JsonProcessingException e) {
      String problem = JsonNumbers.describe(e);
      throw new UsageException(
          source
              + (problem.startsWith("not JSON") ? " is " : ": ")
              + problem
              + "; use the file JMH writes with -rf json");
    }
    if (root == null || !root.isArray()) {
      throw new UsageException(
          source + " is not a JMH JSON result: expected a list of benchmarks; use -rf json");
    }
    if (root.isEmpty()) {
      throw new UsageException(
          source + " holds no benchmarks (an empty list); give the file of a finished JMH run");
    }
    List<JmhBenchmark> benchmarks = new ArrayList<>();
    for (int i = 0; i < root.size(); i++) {
      benchmarks.add(JmhBenchmark.of(root.get(i), i));
    }
    return toResult(benchmarks, root, source, label, finished);
  }

  private static RunResult toResult(
      List<JmhBenchmark> benchmarks, JsonNode root, String source, String label, Instant end) {
    Map<String, Integer> modesPerName = new HashMap<>();
    for (JmhBenchmark b : benchmarks) {
      modesPerName.merge(b.operationName(), 1, Integer::sum);
    }
    Map<String, OperationStats> totals = new LinkedHashMap<>();
    Map<String, Double> figures = new LinkedHashMap<>();
    double seconds = 0;
    for (JmhBenchmark b : benchmarks) {
      String name = b.operationName();
      if (modesPerName.get(name) > 1) {
        name = name + " mode=" + b.mode();
      }
      Map<String, String> parameters = new LinkedHashMap<>(b.params());
      parameters.put("benchmark", b.benchmark());
      parameters.put("mode", b.mode());
      parameters.put("threads", Integer.toString(b.threads()));
      parameters.put("forks", Integer.toString(b.forks()));
      OperationStats stats = b.toStats(parameters);
      totals.put(name, stats);
      seconds += stats.durationSec();
      for (Map.Entry<String, JmhBenchmark.Metric> m : b.secondary().entrySet()) {
        double v = m.getValue().score();
        if (Double.isFinite(v) && !SAMPLE_PERCENTILE.matcher(m.getKey()).matches()) {
          figures.put(name + ": " + m.getKey() + " " + m.getValue().unit(), v);
        }
      }
    }
    JsonNode first = root.path(0);
    Map<String, Object> configuration = new LinkedHashMap<>();
    configuration.put("source", source);
    configuration.put("jmhVersion", first.path("jmhVersion").asText(null));
    configuration.put("vmVersion", first.path("vmVersion").asText(null));
    List<String> jvmArgs = new ArrayList<>();
    first.path("jvmArgs").forEach(a -> jvmArgs.add(a.asText()));
    configuration.put("jvmArgs", jvmArgs);
    RunStatus status = benchmarks.isEmpty() ? RunStatus.FAILED : RunStatus.OK;
    return new RunResult(
        Version.get(),
        WORKLOAD,
        label,
        null,
        configuration,
        environment(first),
        null,
        end.minusMillis(Math.round(seconds * 1000)).toString(),
        end.toString(),
        status,
        benchmarks.isEmpty() ? source + " holds no benchmark results" : null,
        figures,
        totals,
        List.of(),
        List.of());
  }

  /** This machine, with the JVM JMH ran on. */
  private static EnvironmentInfo environment(JsonNode first) {
    EnvironmentInfo here = EnvironmentInfo.current();
    return new EnvironmentInfo(
        here.hostName(),
        here.cores(),
        here.memoryBytes(),
        here.os(),
        here.osVersion(),
        here.arch(),
        first.path("vmName").asText(here.jvm()),
        first.path("jdkVersion").asText(here.jvmVersion()),
        null,
        null);
  }
}
