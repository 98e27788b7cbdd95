package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.results.RateCheck;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Paced runs asked for ten times what one CPU can do, pinned to that CPU with {@code taskset}: they
 * end {@code failed}, exit 1, "rate not held", and their memory stays flat while they fall further
 * and further behind (the heap is fixed and touched up front, so a growing resident size would be
 * memory outside it, such as network buffers of an unbounded backlog).
 */
@Timeout(120)
class OverloadTest {
  private static final List<String> FIXED_HEAP =
      List.of("-Xms192m", "-Xmx192m", "-XX:+AlwaysPreTouch");

  /** How much the resident size may grow from 10 s into the run to its end. */
  private static final long FLAT_BYTES = 48L << 20;

  @TempDir Path dir;

  @Test
  void netRrAtTenTimesWhatOneCpuDoesFailsWithFlatMemory() throws Exception {
    Path out = dir.resolve("net");
    Overrun run =
        overrun(
            out,
            "net",
            "rr",
            "--users",
            "2",
            "--rate",
            "2000000",
            "--duration",
            "30s",
            "--interval",
            "1s",
            "--output",
            out.toString(),
            "--quiet");
    run.assertRateNotHeld("tx/s");
  }

  @Test
  void amqpLatencyAtTenTimesWhatOneCpuDoesFailsWithFlatMemory() throws Exception {
    Path out = dir.resolve("amqp");
    Overrun run =
        overrun(
            out,
            "amqp",
            "latency",
            "--rate",
            "200000",
            "--size",
            "64",
            "--duration",
            "30s",
            "--interval",
            "1s",
            "--output",
            out.toString(),
            "--quiet");
    run.assertRateNotHeld("msg/s");
    RunResult r = ResultJson.read(out.resolve("result.json"));
    assertTrue(r.figures().get("skipped size=64") > 0, "slots skipped: " + r.figures());
    assertTrue(
        r.problems().stream().anyMatch(p -> p.kind().equals("sends skipped")),
        "the skipped sends are a problem of their own: " + r.problems());
  }

  private Overrun overrun(Path out, String... args) throws Exception {
    int cpu = Runtime.getRuntime().availableProcessors() - 1;
    List<String> cmd = new ArrayList<>(List.of("taskset", "-c", String.valueOf(cpu)));
    cmd.addAll(ChildJvm.command(FIXED_HEAP, args));
    Path log = dir.resolve(out.getFileName() + ".log");
    Process p =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    List<long[]> rss = new ArrayList<>(); // {millis since start, bytes}
    long start = System.nanoTime();
    try {
      while (p.isAlive()) {
        long bytes = residentBytes(p.pid());
        if (bytes > 0) {
          rss.add(new long[] {(System.nanoTime() - start) / 1_000_000, bytes});
        }
        p.waitFor(1, TimeUnit.SECONDS);
      }
    } finally {
      if (p.isAlive()) {
        p.destroyForcibly();
      }
    }
    return new Overrun(out, p.exitValue(), ChildJvm.text(log), rss);
  }

  /** VmRSS of a process, or -1 once it is gone. */
  private static long residentBytes(long pid) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      // exited between two samples
    }
    return -1;
  }

  private record Overrun(Path out, int exit, String log, List<long[]> rss) {
    void assertRateNotHeld(String unit) throws IOException {
      assertEquals(1, exit, "exit 1 for a failed run: " + log);
      RunResult r = ResultJson.read(out.resolve("result.json"));
      assertEquals(RunStatus.FAILED, r.status(), log);
      assertTrue(r.statusReason().startsWith("rate not held: "), r.statusReason());
      assertTrue(r.statusReason().contains(" " + unit + " ("), r.statusReason());
      assertTrue(log.contains("status: failed (rate not held: "), log);
      assertNotNull(r.rateChecks(), "rate checks in result.json");
      for (RateCheck c : r.rateChecks()) {
        assertFalse(c.held(), c.toString());
        assertTrue(c.ratio() < 0.5, "ten times too much can't be half held: " + c);
      }
      List<String> csv = Files.readAllLines(out.resolve("intervals.csv"));
      int target = List.of(csv.get(0).split(",")).indexOf("targetPerSec");
      assertTrue(
          csv.stream().skip(1).anyMatch(row -> row.split(",", -1)[target].startsWith("2")),
          "the target beside each interval's rate: " + csv.subList(0, Math.min(4, csv.size())));
      long base = -1;
      long highest = 0;
      for (long[] sample : rss) {
        if (sample[0] >= 10_000 && base < 0) {
          base = sample[1];
        }
        if (base >= 0) {
          highest = Math.max(highest, sample[1]);
        }
      }
      assertTrue(base > 0, "resident size sampled past 10 s: " + rss.size() + " samples");
      assertTrue(
          highest - base < FLAT_BYTES,
          "resident size grew from "
              + (base >> 20)
              + " MiB at 10 s to "
              + (highest >> 20)
              + " MiB while the run fell behind");
    }
  }
}
