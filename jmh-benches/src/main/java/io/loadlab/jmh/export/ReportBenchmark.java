package io.loadlab.jmh.export;

import io.loadlab.core.export.MarkdownExporter;
import io.loadlab.core.jtl.JtlImporter;
import io.loadlab.core.report.RunReport;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;

/**
 * The report figures of issue 13, timed in one JVM (run it with {@code -Xmx512m}): the {@code
 * report.html} and {@code summary.md} of a one-hour run (3,600 one-second intervals, 20
 * operations), and a 1,000,000-sample JMeter JTL converted by {@code report --jtl}. Prints each
 * round's time and the files' sizes; {@code bench/report-bench.sh} adds Chromium's opening time.
 *
 * <pre>
 * java -Xmx512m -cp jmh-benches/target/benchmarks.jar io.loadlab.jmh.export.ReportBenchmark DIR
 * </pre>
 */
public final class ReportBenchmark {
  private ReportBenchmark() {}

  public static void main(String[] args) throws Exception {
    Path dir = Files.createDirectories(Path.of(args.length > 0 ? args[0] : "target/report-bench"));
    int rounds = Integer.getInteger("rounds", 5);
    RunResult hour = oneHour(3600, 20);
    Map<String, Histogram> histograms = histograms(20);
    Path html = dir.resolve("report.html");
    double[] htmlMs = new double[rounds];
    double[] mdMs = new double[rounds];
    for (int i = 0; i < rounds; i++) {
      long t0 = System.nanoTime();
      new RunReport(hour, histograms).write(html);
      long t1 = System.nanoTime();
      new MarkdownExporter(dir.resolve("summary.md")).end(hour);
      long t2 = System.nanoTime();
      htmlMs[i] = (t1 - t0) / 1e6;
      mdMs[i] = (t2 - t1) / 1e6;
    }
    long svgBytes = 0;
    try (var files = Files.list(dir)) {
      for (Path p : files.filter(p -> p.toString().endsWith(".svg")).toList()) {
        svgBytes += Files.size(p);
      }
    }
    System.out.printf(
        Locale.ROOT,
        "one-hour report.html: %.1f MB, written in %s ms (first round includes class loading)%n",
        Files.size(html) / 1e6,
        rounded(htmlMs));
    System.out.printf(
        Locale.ROOT,
        "one-hour summary.md + SVGs: %.2f MB, written in %s ms%n",
        (Files.size(dir.resolve("summary.md")) + svgBytes) / 1e6,
        rounded(mdMs));

    Path jtl = dir.resolve("million.jtl");
    writeJtl(jtl, 1_000_000, 20);
    double[] jtlMs = new double[Math.min(rounds, 3)];
    for (int i = 0; i < jtlMs.length; i++) {
      long t0 = System.nanoTime();
      JtlImporter.Import imported = JtlImporter.read(jtl, null);
      new RunReport(imported.result(), imported.histograms()).write(dir.resolve("jtl-report.html"));
      jtlMs[i] = (System.nanoTime() - t0) / 1e6;
    }
    System.out.printf(
        Locale.ROOT,
        "1,000,000-sample JTL (%.0f MB) to result + report.html in %s ms, max heap %d MB%n",
        Files.size(jtl) / 1e6,
        rounded(jtlMs),
        Runtime.getRuntime().maxMemory() >> 20);
  }

  private static String rounded(double[] ms) {
    return Arrays.toString(Arrays.stream(ms).mapToLong(Math::round).toArray());
  }

  static RunResult oneHour(int intervals, int operations) {
    Random random = new Random(1);
    long start = 1_800_000_000_000L;
    List<IntervalSample> samples = new ArrayList<>();
    Map<String, OperationStats> totals = new LinkedHashMap<>();
    for (int i = 0; i < intervals; i++) {
      Map<String, OperationStats> ops = new LinkedHashMap<>();
      for (int o = 0; o < operations; o++) {
        ops.put("operation " + o + " size=" + (64 << o % 8), stats(random, o, 1));
      }
      samples.add(
          new IntervalSample(i + 1, start + i * 1000L, start + (i + 1) * 1000L, null, i < 10, ops));
    }
    for (int o = 0; o < operations; o++) {
      totals.put("operation " + o + " size=" + (64 << o % 8), stats(random, o, intervals));
    }
    return new RunResult(
        "bench",
        "net rr",
        "one hour",
        "loadlab net rr --duration 1h",
        Map.of(),
        null,
        null,
        "2027-01-15T08:00:00Z",
        "2027-01-15T09:00:00Z",
        RunStatus.OK,
        null,
        Map.of(),
        totals,
        samples,
        List.of());
  }

  private static OperationStats stats(Random random, int o, int seconds) {
    double p50 = 50 + 10 * o + 5 * random.nextGaussian();
    double rate = 10_000 / (1 + o) * (1 + 0.1 * random.nextGaussian());
    return new OperationStats(
        Math.round(rate * seconds),
        random.nextInt(100) == 0 ? 1 : 0,
        seconds,
        rate,
        rate * 100,
        Math.round(rate * 50 * seconds),
        Math.round(rate * 50 * seconds),
        new LatencySummary(p50 / 3, p50 * 1.1, p50, p50 * 1.5, p50 * 3, p50 * 6, p50 * 9, p50 * 20),
        null,
        null,
        null);
  }

  private static Map<String, Histogram> histograms(int operations) {
    Random random = new Random(2);
    Map<String, Histogram> h = new LinkedHashMap<>();
    for (int o = 0; o < operations; o++) {
      Histogram hist = new Histogram(3);
      for (int i = 0; i < 200_000; i++) {
        hist.recordValue((long) ((50_000 + 10_000 * o) * Math.exp(0.5 * random.nextGaussian())));
      }
      h.put("operation " + o + " size=" + (64 << o % 8), hist);
    }
    return h;
  }

  /** A JTL as JMeter 5.6 writes it by default: 17 columns, a header, 2% failures. */
  static void writeJtl(Path file, int samples, int labels) throws Exception {
    Random random = new Random(3);
    long t = 1_800_000_000_000L;
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      w.write(
          "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
              + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,"
              + "Connect\n");
      for (int i = 0; i < samples; i++) {
        t += random.nextInt(8);
        int label = random.nextInt(labels);
        boolean ok = random.nextInt(50) != 0;
        long elapsed = (long) (20 * Math.exp(0.7 * random.nextGaussian())) + label;
        w.write(Long.toString(t));
        w.write(',');
        w.write(Long.toString(elapsed));
        w.write(",\"request ");
        w.write(Integer.toString(label));
        w.write(", GET\",");
        w.write(ok ? "200,OK" : "500,Internal Server Error");
        w.write(",Thread Group 1-");
        w.write(Integer.toString(1 + i % 50));
        w.write(",text,");
        w.write(ok ? "true," : "false,Test failed: code expected to be 200,");
        w.write("1500,150,50,50,http://sut.example/api/");
        w.write(Integer.toString(label));
        w.write(',');
        w.write(Long.toString(elapsed / 2));
        w.write(",0,");
        w.write(Long.toString(elapsed / 10));
        w.write('\n');
      }
    }
  }
}
