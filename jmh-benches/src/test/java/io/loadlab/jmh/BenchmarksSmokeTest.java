package io.loadlab.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.jmh.JmhResultImporter;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunStatus;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs every benchmark of the module once, very briefly (one 100 ms warmup and one 100 ms
 * measurement, in this JVM, smallest sizes), against the embedded broker, PostgreSQL and loopback
 * responder, and checks that each produced a figure and that the importer reads them all.
 */
class BenchmarksSmokeTest {
  private static final Path JSON = Path.of("target", "jmh-smoke", "result.json");

  @Test
  @Timeout(value = 4, unit = TimeUnit.MINUTES)
  void everyBenchmarkProducesAResult() throws Exception {
    Set<String> expected = listedBenchmarks();
    assertTrue(expected.size() >= 20, "benchmarks found: " + expected);
    Files.createDirectories(JSON.getParent());
    System.setProperty(
        Targets.PG_DATA, Path.of("target", "jmh-smoke", "pg").toAbsolutePath().toString());
    Collection<RunResult> results;
    try {
      results =
          new Runner(
                  new OptionsBuilder()
                      .include("io\\.loadlab\\.jmh\\..*")
                      .forks(0)
                      .warmupIterations(1)
                      .warmupTime(TimeValue.milliseconds(100))
                      .measurementIterations(1)
                      .measurementTime(TimeValue.milliseconds(100))
                      .param("size", "8")
                      .param("datagram", "14")
                      .param("operations", "1")
                      .shouldFailOnError(true)
                      .resultFormat(ResultFormatType.JSON)
                      .result(JSON.toString())
                      .build())
              .run();
    } finally {
      System.clearProperty(Targets.PG_DATA);
    }

    Map<String, Result<?>> scores = new TreeMap<>();
    for (RunResult r : results) {
      scores.put(r.getParams().getBenchmark(), r.getPrimaryResult());
      if (r.getParams().getMode() == Mode.SampleTime) {
        assertTrue(
            r.getPrimaryResult().getSampleCount() > 0,
            r.getParams().getBenchmark() + " no samples");
      }
    }
    assertEquals(expected, scores.keySet());
    scores.forEach(
        (name, score) ->
            assertTrue(
                Double.isFinite(score.getScore()) && score.getScore() > 0,
                name + " scored " + score.getScore()));

    io.loadlab.core.results.RunResult imported = JmhResultImporter.read(JSON, "smoke");
    assertEquals(RunStatus.OK, imported.status());
    assertEquals(expected.size(), imported.totals().size(), imported.totals().keySet().toString());
    OperationStats rr = imported.totals().get("AmqpRoundTripBench.roundTrip size=8");
    assertNotNull(rr, imported.totals().keySet().toString());
    assertTrue(rr.latencyUs().p50() > 0 && rr.latencyUs().p50() <= rr.latencyUs().max());
    assertEquals("8", rr.parameters().get("size"));
    assertFalse(
        imported
                .totals()
                .get("AmqpPublishBench.publishAsync persistent=false size=8")
                .latencyUs()
                .p50()
            > 0,
        "throughput mode has no latency percentiles");
  }

  /** The benchmarks the annotation processor listed in {@code META-INF/BenchmarkList}. */
  private static Set<String> listedBenchmarks() throws Exception {
    Set<String> names = new TreeSet<>();
    try (InputStream in =
        BenchmarksSmokeTest.class.getResourceAsStream(BenchmarkList.BENCHMARK_LIST)) {
      assertNotNull(in, "no " + BenchmarkList.BENCHMARK_LIST + " on the class path");
      for (BenchmarkListEntry e : BenchmarkList.readBenchmarkList(in)) {
        names.add(e.getUsername());
      }
    }
    return names;
  }
}
