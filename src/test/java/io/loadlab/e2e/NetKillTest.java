package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code loadlab net rr} in a child JVM, stopped the hard way (SIGKILL: the files written so far
 * stay valid) and the polite way (SIGINT: the summary is written with status aborted).
 */
@Timeout(60)
class NetKillTest {
  @TempDir Path dir;

  private Process startRr(Path out) throws Exception {
    return ChildJvm.start(
        List.of(),
        dir.resolve("child.log"),
        "net",
        "rr",
        "--users",
        "2",
        "--rate",
        "500",
        "--duration",
        "60s",
        "--interval",
        "200ms",
        "--output",
        out.toString(),
        "--jtl",
        out.resolve("run.jtl").toString(),
        "--quiet");
  }

  @Test
  void sigkillLeavesValidCsvJtlAndHlogUpToTheLastInterval() throws Exception {
    Path out = dir.resolve("killed");
    Process p = startRr(out);
    Path csv = out.resolve("intervals.csv");
    try {
      assertTrue(
          ChildJvm.await(
              Duration.ofSeconds(25),
              () ->
                  ChildJvm.lines(csv).stream().skip(1).filter(r -> !r.contains(",0,0,")).count()
                          >= 3
                      && ChildJvm.lines(out.resolve("run.jtl")).size() > 50),
          "intervals were written: " + ChildJvm.text(dir.resolve("child.log")));
    } finally {
      p.destroyForcibly(); // SIGKILL on Linux and macOS
      p.waitFor(10, TimeUnit.SECONDS);
    }
    assertEquals(137, p.exitValue(), "killed by SIGKILL");
    try (java.util.stream.Stream<Path> files = Files.list(out)) {
      List<String> hidden =
          files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith(".")).toList();
      assertEquals(List.of(), hidden, "no reserve or temporary file left by the killed run");
    }

    List<String> rows = Files.readAllLines(csv);
    int columns = rows.get(0).split(",", -1).length;
    assertTrue(Files.readString(csv).endsWith("\n"), "the CSV ends with a whole line");
    for (String row : rows) {
      assertEquals(columns, row.split(",", -1).length, "a whole CSV row: " + row);
    }

    Path jtl = out.resolve("run.jtl");
    List<String> samples = Files.readAllLines(jtl);
    assertTrue(samples.get(0).startsWith("timeStamp,elapsed,label"), samples.get(0));
    assertTrue(samples.size() > 50, "samples of the finished intervals: " + samples.size());
    assertTrue(Files.readString(jtl).endsWith("\n"), "the JTL ends with a whole line");
    int jtlColumns = samples.get(0).split(",", -1).length;
    for (String s : samples.subList(1, samples.size())) {
      assertEquals(jtlColumns, s.split(",", -1).length, "a whole JTL row: " + s);
      assertTrue(s.contains("rr users=2"), s);
    }

    File hlog = out.resolve("histograms.hlog").toFile();
    HistogramLogReader reader = new HistogramLogReader(hlog);
    int histograms = 0;
    long values = 0;
    EncodableHistogram h;
    while ((h = reader.nextIntervalHistogram()) != null) {
      histograms++;
      values += ((org.HdrHistogram.Histogram) h).getTotalCount();
    }
    // The exporters write each interval in turn, so a kill may fall between the CSV row and the
    // hlog's histogram of the same interval: the hlog holds every interval but at most that one.
    long csvIntervals = rows.stream().skip(1).filter(r -> !r.contains(",0,0,")).count();
    assertTrue(
        histograms >= 2 && histograms >= csvIntervals - 1,
        "interval histograms read back: "
            + histograms
            + " for "
            + csvIntervals
            + " CSV rows with samples");
    assertTrue(values > 50, "latencies in the histograms: " + values);
  }

  @Test
  void sigintEndsTheRunWithStatusAborted() throws Exception {
    stopWith("INT", 130);
  }

  @Test
  void sigtermIsHandledLikeSigintAndNamedAsItself() throws Exception {
    RunResult result = stopWith("TERM", 143);
    assertEquals("stopped by SIGTERM", result.statusReason());
    assertEquals("stopped by SIGTERM", result.failure().reason());
  }

  private RunResult stopWith(String signal, int exitCode) throws Exception {
    Path out = dir.resolve("interrupted-" + signal);
    Process p = startRr(out);
    Path csv = out.resolve("intervals.csv");
    try {
      assertTrue(
          ChildJvm.await(Duration.ofSeconds(25), () -> ChildJvm.lines(csv).size() >= 3),
          "intervals were written: " + ChildJvm.text(dir.resolve("child.log")));
      new ProcessBuilder("kill", "-" + signal, String.valueOf(p.pid()))
          .inheritIO()
          .start()
          .waitFor();
      assertTrue(p.waitFor(20, TimeUnit.SECONDS), "the run stopped on SIG" + signal);
      assertEquals(exitCode, p.exitValue(), ChildJvm.text(dir.resolve("child.log")));
    } finally {
      p.destroyForcibly();
    }
    RunResult result = ResultJson.read(out.resolve("result.json"));
    assertEquals(RunStatus.ABORTED, result.status(), ChildJvm.text(dir.resolve("child.log")));
    assertEquals("stopped by SIG" + signal, result.statusReason());
    assertTrue(result.totals().get("rr users=2").count() > 0);
    assertTrue(Files.exists(out.resolve("summary.md")));
    return result;
  }
}
