package io.loadlab.core.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Imports a JSON result that JMH itself writes: {@link SpinBench}, whose latency is known, run in
 * the sample, average-time and throughput modes for two {@code @Param} values.
 */
class JmhResultImporterTest {
  private static final Path JSON = Path.of("target", "jmh", "spin-bench.json");
  private static RunResult result;

  @BeforeAll
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  static void runJmh() throws Exception {
    Files.createDirectories(JSON.getParent());
    new Runner(
            new OptionsBuilder()
                .include(SpinBench.class.getName())
                .mode(Mode.SampleTime)
                .mode(Mode.AverageTime)
                .mode(Mode.Throughput)
                .forks(0)
                .warmupIterations(1)
                .warmupTime(TimeValue.milliseconds(100))
                .measurementIterations(2)
                .measurementTime(TimeValue.milliseconds(200))
                .addProfiler(GCProfiler.class)
                .resultFormat(ResultFormatType.JSON)
                .result(JSON.toString())
                .build())
        .run();
    result = JmhResultImporter.read(JSON, "spin");
  }

  @Test
  void makesOneOperationPerBenchmarkParamsAndMode() {
    assertEquals(RunStatus.OK, result.status());
    assertEquals("jmh", result.workload());
    assertEquals("spin", result.label());
    assertEquals(6, result.totals().size(), result.totals().keySet().toString());
    assertTrue(result.totals().containsKey("SpinBench.spin micros=200 mode=sample"));
    assertTrue(result.totals().containsKey("SpinBench.spin micros=400 mode=thrpt"));
    OperationStats s = result.totals().get("SpinBench.spin micros=400 mode=avgt");
    assertEquals("400", s.parameters().get("micros"));
    assertEquals("avgt", s.parameters().get("mode"));
    assertEquals("1", s.parameters().get("threads"));
    assertEquals("io.loadlab.core.jmh.SpinBench.spin", s.parameters().get("benchmark"));
  }

  @Test
  void convertsSampleTimePercentilesFromMillisecondsToMicroseconds() {
    OperationStats s = result.totals().get("SpinBench.spin micros=200 mode=sample");
    LatencySummary l = s.latencyUs();
    // JMH stores samples in buckets of about 0.1%, so a 200 us spin may read 199.9 us. A busy
    // machine preempts spins, so the upper bounds only rule out a wrong unit (a factor of 1000).
    assertTrue(l.min() >= 195, "min " + l.min());
    assertTrue(l.p50() >= 195 && l.p50() < 2_000, "p50 " + l.p50());
    assertTrue(l.mean() >= 195 && l.mean() < 20_000, "mean " + l.mean());
    assertTrue(l.p50() <= l.p90() && l.p90() <= l.p99() && l.p99() <= l.p999(), l.toString());
    assertTrue(l.p9999() <= l.max(), l.toString());
    assertTrue(s.count() > 100, "samples " + s.count());
    assertEquals(0.4, s.durationSec(), 1e-9);
    assertRate(s, 200);
  }

  @Test
  void takesTheMeanFromAverageTimeAndTheRateFromThroughput() {
    OperationStats avgt = result.totals().get("SpinBench.spin micros=400 mode=avgt");
    assertTrue(
        avgt.latencyUs().mean() >= 395 && avgt.latencyUs().mean() < 40_000,
        "mean " + avgt.latencyUs().mean());
    assertEquals(0, avgt.latencyUs().p99(), "average time has no percentiles");
    assertRate(avgt, 400);
    OperationStats thrpt = result.totals().get("SpinBench.spin micros=400 mode=thrpt");
    assertEquals(LatencySummary.EMPTY, thrpt.latencyUs());
    assertRate(thrpt, 400);
    assertEquals(Math.round(thrpt.ratePerSec() * 0.4), thrpt.count(), 1);
  }

  @Test
  void keepsProfilerFiguresAndTheJvm() {
    assertTrue(
        result.figures().keySet().stream()
            .anyMatch(k -> k.startsWith("SpinBench.spin micros=200 mode=sample: gc.alloc.rate")),
        result.figures().keySet().toString());
    assertTrue(
        result.figures().keySet().stream().noneMatch(k -> k.contains(": p0.99 ")),
        "sample-mode percentiles are latency, not figures: " + result.figures().keySet());
    assertEquals(System.getProperty("java.version"), result.environment().jvmVersion());
    assertEquals("spin-bench.json", result.configuration().get("source"));
  }

  @Test
  void survivesTheSharedJsonFormat() throws Exception {
    RunResult back = ResultJson.fromJson(ResultJson.toJson(result));
    assertEquals(result.totals(), back.totals());
  }

  @Test
  void rejectsFilesThatAreNotJmhResults(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    Instant now = Instant.now();
    UsageException notJson =
        assertThrows(UsageException.class, () -> JmhResultImporter.parse("{", "a.json", null, now));
    assertTrue(notJson.getMessage().startsWith("a.json is not JSON"), notJson.getMessage());
    UsageException words =
        assertThrows(
            UsageException.class,
            () -> JmhResultImporter.parse("[\n  not json", "w.json", null, now));
    assertEquals(
        "w.json is not JSON at line 2, column 6; use the file JMH writes with -rf json",
        words.getMessage());
    UsageException notList =
        assertThrows(
            UsageException.class, () -> JmhResultImporter.parse("{}", "b.json", null, now));
    assertTrue(notList.getMessage().contains("-rf json"), notList.getMessage());
    UsageException noMetric =
        assertThrows(
            UsageException.class,
            () -> JmhResultImporter.parse("[{\"benchmark\":\"a.B.c\"}]", "c.json", null, now));
    assertEquals(
        "a.B.c: no 'primaryMetric' field; is this JMH's JSON result (-rf json)?",
        noMetric.getMessage());
    String badUnit =
        "[{\"benchmark\":\"a.B.c\",\"mode\":\"avgt\",\"measurementTime\":\"1 s\","
            + "\"primaryMetric\":{\"score\":1,\"scoreUnit\":\"fortnights/op\",\"rawData\":[[1]]}}]";
    UsageException unit =
        assertThrows(
            UsageException.class, () -> JmhResultImporter.parse(badUnit, "d.json", null, now));
    assertTrue(unit.getMessage().contains("unknown time unit 'fortnights'"), unit.getMessage());
    UsageException missing =
        assertThrows(
            UsageException.class, () -> JmhResultImporter.read(dir.resolve("none.json"), null));
    assertTrue(missing.getMessage().contains("does not exist"), missing.getMessage());
  }

  @Test
  void refusesAnEmptyResult() {
    UsageException empty =
        assertThrows(
            UsageException.class,
            () -> JmhResultImporter.parse("[]", "e.json", null, Instant.now()));
    assertTrue(empty.getMessage().contains("holds no benchmarks"), empty.getMessage());
  }

  /**
   * A closed loop of one thread over a {@code micros} spin runs at most 1e6 / micros per second
   * (less when preempted), and in the time modes at exactly one over the mean time.
   */
  private static void assertRate(OperationStats s, int micros) {
    double ideal = 1e6 / micros;
    assertTrue(
        s.ratePerSec() <= ideal * 1.01 && s.ratePerSec() > ideal / 100,
        "rate " + s.ratePerSec() + " for a " + micros + " us spin");
    if (s.latencyUs().mean() > 0) {
      assertEquals(1e6 / s.latencyUs().mean(), s.ratePerSec(), s.ratePerSec() * 1e-3);
    }
  }
}
