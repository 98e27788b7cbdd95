package io.loadlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A workload registered only through the SPI (the test-only {@code sleep}, installed as a jar on
 * loadlab's class path) runs from the command line through the pipeline every load command has: its
 * options parsed into its settings once, its run directory with result.json (its settings as
 * Jackson writes them), intervals.csv, histograms and summary, progress lines, live outputs, exit
 * codes, and bad input refused in one line with exit 2 before anything is made.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class RunnerCommandTest {
  private static final Duration MOST = Duration.ofSeconds(120);

  @TempDir static Path dir;
  private static SleepCli cli;

  @BeforeAll
  static void installSleep() throws Exception {
    cli = SleepCli.in(dir);
  }

  @Test
  void aRunWritesItsDirectoryAndResultWithItsSettings() throws Exception {
    Path out = dir.resolve("run");
    SleepCli.Finished r =
        cli.run(
            dir,
            MOST,
            "sleep",
            "--pause",
            "20ms",
            "--duration",
            "2s",
            "--interval",
            "500ms",
            "--metrics-port",
            "0",
            "--output",
            out.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(r.err().contains("metrics: http://"), "the live endpoint said where: " + r.err());
    RunResult result = ResultJson.read(out.resolve("result.json"));
    assertEquals("sleep", result.workload());
    assertEquals(RunStatus.OK, result.status(), result.statusReason());
    assertEquals("20ms", result.configuration().get("pause"), "" + result.configuration());
    assertEquals(20.0, ((Number) result.configuration().get("pauseMs")).doubleValue());
    OperationStats sleep = result.totals().get("sleep");
    assertTrue(sleep.count() > 0, "operations recorded: " + result.totals());
    assertEquals(0, sleep.errors());
    List<String> csv = Files.readAllLines(out.resolve("intervals.csv"));
    assertTrue(csv.size() > 1, "a row per interval: " + csv);
    assertTrue(csv.stream().skip(1).anyMatch(l -> l.contains("sleep")), "" + csv);
    assertTrue(Files.size(out.resolve("histograms.hlog")) > 0);
    assertTrue(Files.readString(out.resolve("summary.md")).contains("sleep"));
    assertTrue(r.out().contains("sleep"), "progress lines and summary: " + r.out());
  }

  @Test
  void badInputIsOneLineAndExit2BeforeAnythingIsMade() throws Exception {
    Path out = dir.resolve("refused");
    SleepCli.Finished zero =
        cli.run(dir, MOST, "sleep", "--pause", "0s", "--output", out.toString());
    assertEquals(2, zero.code(), zero.out() + zero.err());
    assertEquals(1, zero.err().strip().lines().count(), zero.err());
    assertTrue(zero.err().startsWith("loadlab: --pause: "), zero.err());
    assertFalse(Files.exists(out), "nothing made");
    SleepCli.Finished unknown = cli.run(dir, MOST, "sleep", "--nap", "1s");
    assertEquals(2, unknown.code(), unknown.err());
    assertTrue(unknown.err().contains("--nap"), unknown.err());
    SleepCli.Finished malformed = cli.run(dir, MOST, "sleep", "--pause", "soon");
    assertEquals(2, malformed.code(), malformed.err());
    assertEquals(
        "loadlab: --pause: 'soon' is not a duration; use a number with ms, s, m or h, e.g. 60s",
        malformed.err().strip());
  }

  @Test
  void helpListsItWithItsOptions() throws Exception {
    SleepCli.Finished all = cli.run(dir, MOST, "--help");
    assertTrue(
        all.out().lines().anyMatch(l -> l.strip().startsWith("sleep ")),
        "listed among the commands: " + all.out());
    SleepCli.Finished own = cli.run(dir, MOST, "sleep", "--help");
    assertEquals(0, own.code());
    assertTrue(own.out().contains("--pause"), own.out());
    assertTrue(own.out().contains("--duration"), "the shared run options: " + own.out());
  }
}
