package io.loadlab.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.Main;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code loadlab report --jmh} on a JSON result that JMH wrote (the importer test's {@code
 * SpinBench}, run in three modes for two params).
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class JmhReportCommandTest {
  @TempDir Path dir;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return Main.run(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private Path jmhJson() throws Exception {
    Path file = dir.resolve("spin-bench.json");
    try (InputStream in = getClass().getResourceAsStream("spin-bench.json")) {
      Files.copy(in, file);
    }
    return file;
  }

  @Test
  void writesTheSharedResultAndSummary() throws Exception {
    Path output = dir.resolve("report");
    int code =
        run("report", "--jmh", jmhJson().toString(), "--output", output.toString(), "--label", "x");
    assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
    RunResult result = ResultJson.read(output.resolve("result.json"));
    assertEquals("jmh", result.workload());
    assertEquals("x", result.label());
    assertEquals(6, result.totals().size());
    double p50 = result.totals().get("SpinBench.spin micros=200 mode=sample").latencyUs().p50();
    assertTrue(p50 >= 195 && p50 < 400, "p50 " + p50);
    String summary = Files.readString(output.resolve("summary.md"));
    assertTrue(summary.contains("| SpinBench.spin micros=400 mode=thrpt |"), summary);
    String printed = out.toString(StandardCharsets.UTF_8);
    assertTrue(printed.contains("SpinBench.spin micros=200 mode=avgt"), printed);
    assertTrue(printed.contains("status: ok"), printed);
    assertTrue(Files.readString(output.resolve("report.html")).contains("SpinBench.spin"));
  }

  @Test
  void turnsAJMeterJtlIntoTheRunReport() throws Exception {
    Path jtl =
        Files.writeString(
            dir.resolve("run.jtl"),
            "timeStamp,elapsed,label,responseCode,success,bytes,sentBytes\n"
                + "1700000000000,12,login,200,true,100,10\n"
                + "1700000000400,30,login,500,false,100,10\n"
                + "1700000001200,7,\"search, all\",200,true,100,10\n");
    Path output = dir.resolve("jtl");
    int code = run("report", "--jtl", jtl.toString(), "--output", output.toString());
    assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
    RunResult result = ResultJson.read(output.resolve("result.json"));
    assertEquals("jmeter", result.workload());
    assertEquals(2, result.totals().get("login").count());
    assertEquals(1, result.totals().get("login").errors());
    assertEquals(12_000, result.totals().get("login").latencyUs().p50(), 1e-9);
    assertTrue(Files.readString(output.resolve("report.html")).contains("search, all"));
    assertEquals(2, run("report", "--jtl", jtl.toString(), "--jmh", jtl.toString()));
  }

  @Test
  void explainsAMissingOption() {
    assertEquals(2, run("report"));
    assertEquals(
        "loadlab: --jmh or --jtl: missing; name JMH's JSON result (-rf json -rff FILE) or"
            + " JMeter's CSV results (-l FILE)\n",
        err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void explainsAFileThatIsNotThere() {
    assertEquals(2, run("report", "--jmh", dir.resolve("none.json").toString()));
    String message = err.toString(StandardCharsets.UTF_8);
    assertTrue(message.startsWith("loadlab: --jmh: "), message);
    assertTrue(message.contains("none.json does not exist"), message);
    assertEquals(1, message.lines().count(), message);
  }

  @Test
  void explainsAFileThatIsNotAJmhResult() throws Exception {
    Path file = dir.resolve("result.json");
    Files.writeString(file, "{\"workload\":\"net rr\"}");
    assertEquals(2, run("report", "--jmh", file.toString()));
    String message = err.toString(StandardCharsets.UTF_8);
    assertTrue(message.contains("is not a JMH JSON result"), message);
    assertEquals(1, message.lines().count(), message);
  }
}
