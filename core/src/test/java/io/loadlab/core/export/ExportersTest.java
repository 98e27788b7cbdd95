package io.loadlab.core.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.record.Recorder;
import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(30)
class ExportersTest {
  /** JMeter 5.6's default CSV columns, in order (jmeter.properties jmeter.save.saveservice.*). */
  static final List<String> JMETER_DEFAULT_COLUMNS =
      List.of(
          "timeStamp",
          "elapsed",
          "label",
          "responseCode",
          "responseMessage",
          "threadName",
          "dataType",
          "success",
          "failureMessage",
          "bytes",
          "sentBytes",
          "grpThreads",
          "allThreads",
          "URL",
          "Latency",
          "IdleTime",
          "Connect");

  @TempDir Path dir;

  private RunResult runTwoIntervals(ExportOptions options) throws Exception {
    Recorder r = new Recorder();
    RunInfo info =
        new RunInfo(
            "t", "net rr", "lbl", "loadlab net rr", Map.of(), EnvironmentInfo.current(), null);
    try (RunRecording rec =
        RunRecording.start(info, r, Exporters.open(options, r, "net rr"), Duration.ofHours(1))) {
      r.userStarted();
      for (int i = 0; i < 100; i++) {
        r.operation("rr users=1").success(50_000 + i * 1000L, 1, 1);
      }
      r.operation("rr users=1").failure(10_000, "java.io.EOFException");
      Thread.sleep(120);
      rec.cut();
      for (int i = 0; i < 50; i++) {
        r.operation("rr users=1").success(2_000_000, 1, 1);
        r.operation("crr, big").success(3_000_000, 500_000, 64, 8192);
      }
      Thread.sleep(120);
      return rec.finish(new RunControl());
    }
  }

  @Test
  void writesEveryStandardFileIntoTheOutputDirectory() throws Exception {
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    RunResult result =
        runTwoIntervals(
            ExportOptions.inDirectory(
                dir, new PrintStream(console, true, StandardCharsets.UTF_8), false));
    assertEquals(RunStatus.FAILED, result.status());
    for (String name :
        List.of(
            ExportOptions.JSON_NAME,
            ExportOptions.CSV_NAME,
            ExportOptions.HLOG_NAME,
            ExportOptions.MARKDOWN_NAME,
            ExportOptions.REPORT_NAME,
            "summary-rate.svg",
            "summary-latency-p99.svg")) {
      assertTrue(Files.size(dir.resolve(name)) > 0, name);
    }
    assertEquals(result, ResultJson.read(dir.resolve(ExportOptions.JSON_NAME)));
    String text = console.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("rr users=1:"), "a progress line per operation: " + text);
    assertTrue(text.contains("status: failed"), text);
    String md = Files.readString(dir.resolve(ExportOptions.MARKDOWN_NAME));
    assertTrue(md.contains("| rr users=1 | 151 | 1 |"), md);
    assertTrue(md.contains("![Operations per second](summary-rate.svg)"), md);
    String svg = Files.readString(dir.resolve("summary-rate.svg"));
    assertTrue(svg.startsWith("<svg") && svg.contains("<path"), svg);
  }

  @Test
  void csvHasOneRowPerOperationPerInterval() throws Exception {
    Path csv = dir.resolve("i.csv");
    runTwoIntervals(new ExportOptions(null, null, csv, null, null, null, null, true));
    List<String> lines = Files.readAllLines(csv);
    assertEquals(CsvExporter.HEADER, lines.get(0));
    assertEquals(1 + 1 + 2, lines.size(), lines.toString());
    assertTrue(lines.get(1).startsWith("1,"));
    assertTrue(lines.get(1).contains(",rr users=1,101,1,"), lines.get(1));
    assertTrue(lines.get(3).contains("\"crr, big\""), "commas are quoted: " + lines.get(3));
  }

  @Test
  void csvWithoutFileGoesToTheConsoleInsteadOfProgress() throws Exception {
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    runTwoIntervals(
        new ExportOptions(
            null,
            null,
            Path.of("-"),
            null,
            null,
            null,
            new PrintStream(console, true, StandardCharsets.UTF_8),
            false));
    String text = console.toString(StandardCharsets.UTF_8);
    assertTrue(text.startsWith(CsvExporter.HEADER), text);
    assertTrue(!text.contains("] rr users=1:"), "no progress lines: " + text);
  }

  @Test
  void jtlHasJMetersDefaultColumnsAndARowPerSample() throws Exception {
    Path jtl = dir.resolve("run.jtl");
    runTwoIntervals(new ExportOptions(null, null, null, jtl, null, null, null, true));
    List<String> lines = Files.readAllLines(jtl);
    assertEquals(String.join(",", JMETER_DEFAULT_COLUMNS), lines.get(0));
    assertEquals(1 + 101 + 100, lines.size());
    String[] first = lines.get(1).split(",", -1);
    assertEquals(JMETER_DEFAULT_COLUMNS.size(), first.length);
    assertEquals("rr users=1", first[2]);
    assertEquals("true", first[7]);
    long failures = lines.stream().filter(l -> l.contains(",false,")).count();
    assertEquals(1, failures);
    String crr = lines.stream().filter(l -> l.contains("crr, big")).findFirst().orElseThrow();
    assertTrue(crr.endsWith(",3,0,0"), "latency 3 ms, idle 0, connect 0 ms: " + crr);
  }

  @Test
  void jtlKeepsEveryRowWhileThreadsRecordAndIntervalsFlush() throws Exception {
    Path jtl = dir.resolve("threads.jtl");
    JtlExporter exporter = new JtlExporter(jtl, "load");
    int threads = 4;
    int perThread = 20_000;
    List<Thread> recorders = new java.util.ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread r =
          new Thread(
              () -> {
                for (int i = 0; i < perThread; i++) {
                  exporter.onSample("op", 1_000_000, 0, true, null, 10, 20, threads);
                }
              },
              "recorder-" + t);
      recorders.add(r);
      r.start();
    }
    while (recorders.stream().anyMatch(Thread::isAlive)) {
      exporter.interval(null);
      Thread.sleep(1);
    }
    for (Thread r : recorders) {
      r.join();
    }
    exporter.close();
    List<String> lines = Files.readAllLines(jtl);
    assertEquals(1 + threads * perThread, lines.size());
    for (int t = 0; t < threads; t++) {
      String name = "load recorder-" + t;
      assertEquals(perThread, lines.stream().filter(l -> l.contains("," + name + ",")).count());
    }
    assertTrue(
        lines.stream()
            .skip(1)
            .allMatch(l -> l.split(",", -1).length == JMETER_DEFAULT_COLUMNS.size()));
  }

  @Test
  void hlogReadsBackWithHdrHistogramsReader() throws Exception {
    Path hlog = dir.resolve("h.hlog");
    runTwoIntervals(new ExportOptions(null, null, null, null, hlog, null, null, true));
    Map<String, Long> counts = new HashMap<>();
    int histograms = 0;
    try (InputStream in = new FileInputStream(hlog.toFile())) {
      HistogramLogReader reader = new HistogramLogReader(in);
      Histogram h;
      while ((h = (Histogram) reader.nextIntervalHistogram()) != null) {
        histograms++;
        counts.merge(h.getTag(), h.getTotalCount(), Long::sum);
      }
    }
    assertEquals(3, histograms);
    assertEquals(150L, counts.get("rr_users=1"));
    assertEquals(50L, counts.get("crr__big"));
  }
}
