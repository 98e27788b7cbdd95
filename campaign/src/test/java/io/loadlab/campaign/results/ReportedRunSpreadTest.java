package io.loadlab.campaign.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.loadlab.core.export.HlogExporter;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab reports' rule reports "the run that corresponded to the median standard deviation": of
 * what the step measures. Three runs whose latency spreads and interval-rate spreads rank them in
 * opposite orders: a latency step reports the run of the median latency spread, a throughput step
 * the run of the median rate spread.
 */
@Timeout(60)
class ReportedRunSpreadTest {
  @TempDir Path dir;

  /**
   * A run directory as a run writes it: result.json, intervals.csv (three measured intervals of the
   * given rates) and histograms.hlog (per interval, latencies of {@code base} ± {@code spread} µs).
   */
  private Path run(String name, double[] rates, long baseUs, long spreadUs) throws Exception {
    Path d = Files.createDirectories(dir.resolve(name));
    String op = "latency size=8";
    Files.writeString(
        d.resolve("result.json"),
        "{\"status\":\"ok\",\"totals\":{\""
            + op
            + "\":{\"ratePerSec\":1000,\"count\":3000,\"latencyUs\":{\"mean\":"
            + baseUs
            + "}}}}");
    StringBuilder csv = new StringBuilder("operation,warmup,ratePerSec\n");
    csv.append('"').append(op).append("\",true,5\n"); // a warmup interval: left out
    for (double r : rates) {
      csv.append('"').append(op).append("\",false,").append(r).append('\n');
    }
    Files.writeString(d.resolve("intervals.csv"), csv);
    try (PrintStream out = new PrintStream(d.resolve("histograms.hlog").toFile())) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputLogFormatVersion();
      w.outputLegend();
      Histogram warm = new Histogram(3);
      warm.recordValue(1_000_000_000L); // 1 s in the warmup: would swamp any spread
      warm.setTag(HlogExporter.tag(op));
      w.outputIntervalHistogram(0, 1, warm);
      for (int i = 0; i < rates.length; i++) {
        Histogram h = new Histogram(3);
        h.setTag(HlogExporter.tag(op));
        for (int k = 0; k < 500; k++) {
          h.recordValue((baseUs - spreadUs) * 1_000);
          h.recordValue((baseUs + spreadUs) * 1_000);
        }
        w.outputIntervalHistogram(i + 1, i + 2, h);
      }
    }
    return d;
  }

  private static Manifest.RunEntry entry(String id, Path d) throws Exception {
    RunFigures f = RunFigures.read(d, "latency");
    Manifest.RunEntry r = new Manifest.RunEntry();
    r.id = id;
    r.cell = "bare/latency/size=8";
    r.configuration = "bare";
    r.step = "latency";
    r.point = Map.of("size", "8");
    r.status = "ok";
    r.figures = f.figures();
    r.intervalSd = f.intervalSd();
    r.latencySdUs = Combine.latencySdUs(List.of(d), List.of(f));
    return r;
  }

  private static Manifest manifest(List<Manifest.RunEntry> runs, String headline) {
    Manifest m = new Manifest();
    m.rule = "median-stddev";
    m.baseline = "bare";
    Manifest.StepInfo step = new Manifest.StepInfo();
    step.name = "latency";
    step.command = "amqp latency";
    step.figures = List.of(headline);
    step.sweep = Map.of("size", List.of("8"));
    m.steps = List.of(step);
    m.configurations = List.of("bare");
    m.runs = new ArrayList<>(runs);
    CellStatistics.update(m);
    return m;
  }

  @Test
  void aLatencyStepReportsTheRunOfTheMedianLatencySpreadAThroughputStepOfTheMedianRateSpread()
      throws Exception {
    // Latency spreads 10, 40, 80 µs.
    List<Manifest.RunEntry> runs =
        List.of(
            entry("a", run("a", new double[] {500, 1500, 1000}, 100, 10)),
            entry("b", run("b", new double[] {900, 1100, 1000}, 150, 40)),
            entry("c", run("c", new double[] {999, 1001, 1000}, 200, 80)));
    assertEquals(10.0, runs.get(0).latencySdUs, 0.5, "HdrHistogram's sd of the measured samples");
    assertEquals(80.0, runs.get(2).latencySdUs, 0.5);
    // Rate spreads a 500, b 100, c 1 would put b in the middle too: make b the noisiest in rate.
    runs.get(1).intervalSd = 10_000.0;
    // Latency order a < b < c: median b. Rate order c < a < b: median a.
    assertEquals(List.of("b"), manifest(runs, "meanUs").cells.get(0).reportedRuns, "latency step");
    assertEquals(List.of("b"), manifest(runs, "p99Us").cells.get(0).reportedRuns);
    assertEquals(List.of("a"), manifest(runs, "rate").cells.get(0).reportedRuns, "throughput step");
    assertEquals(
        150.0,
        manifest(runs, "meanUs").cells.get(0).reported.get("meanUs"),
        "the reported value is the median-latency-spread run's");
  }

  @Test
  void runsRecordedWithoutTheLatencySpreadAreRankedByTheirRatesAsBefore() throws Exception {
    List<Manifest.RunEntry> runs =
        List.of(
            entry("a", run("a", new double[] {500, 1500, 1000}, 100, 10)),
            entry("b", run("b", new double[] {900, 1100, 1000}, 150, 40)),
            entry("c", run("c", new double[] {999, 1001, 1000}, 200, 80)));
    runs.get(1).intervalSd = 10_000.0;
    runs.get(2).latencySdUs = null; // an older campaign.json: one key for every run
    assertEquals(List.of("a"), manifest(runs, "meanUs").cells.get(0).reportedRuns);
  }
}
