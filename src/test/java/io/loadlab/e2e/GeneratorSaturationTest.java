package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.loadlab.core.results.GeneratorLoad;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.Warning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A paced {@code net rr} in a child JVM pinned to one CPU ({@code taskset}): beside a CPU burner
 * pinned to the same CPU, every output warns that the load generator was saturated; alone on a CPU
 * nobody else loads, none does.
 */
@Timeout(90)
class GeneratorSaturationTest {
  @TempDir Path dir;

  /** The least busy CPU this test may use, and how busy it was over the last second. */
  private int cpu;

  private double cpuBusyPercent;

  @BeforeAll
  static void needsProcAndTaskset() throws Exception {
    assumeTrue(
        Files.isReadable(Path.of("/proc/stat")),
        "needs Linux's /proc/stat to tell how busy a CPU is");
    assumeTrue(
        new ProcessBuilder("taskset", "-V").start().waitFor() == 0,
        "needs taskset (util-linux) to pin processes to a CPU");
  }

  /** Sets {@link #cpu} to the least busy CPU over a second, and how busy it was. */
  private void pickTheLeastBusyCpu() throws Exception {
    List<long[]> before = ticks();
    Thread.sleep(1_000);
    List<long[]> after = ticks();
    cpuBusyPercent = 101;
    for (long[] b : before) {
      for (long[] a : after) {
        if (a[0] == b[0] && allowed((int) a[0]) && a[2] > b[2]) {
          double busy = 100.0 * (a[1] - b[1]) / (a[2] - b[2]);
          if (busy < cpuBusyPercent) {
            cpuBusyPercent = busy;
            cpu = (int) a[0];
          }
        }
      }
    }
    assertTrue(cpuBusyPercent <= 100, "some CPU of this process was read");
  }

  @Test
  void besideACpuBurnerEveryOutputWarnsThatTheGeneratorWasSaturated() throws Exception {
    pickTheLeastBusyCpu();
    Path out = dir.resolve("burned");
    Process burner =
        new ProcessBuilder(
                "taskset", "-c", Integer.toString(cpu), "sh", "-c", "while :; do :; done")
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    String console;
    try {
      console = runPinned(out);
    } finally {
      burner.destroyForcibly();
      burner.waitFor(10, TimeUnit.SECONDS);
    }
    RunResult r = ResultJson.read(out.resolve("result.json"));
    GeneratorLoad g = r.generator();
    assertNotNull(g, console);
    assertEquals(1, g.cpus(), "pinned to one CPU: " + g);
    assertTrue(g.hostCpuPercent() >= 95, "the burner kept the CPU busy: " + g);
    Warning w = saturated(r);
    assertNotNull(w, "a warning in result.json: " + r.warnings() + "\n" + console);
    assertTrue(w.message().contains("on the 1 CPU it may use"), w.message());
    assertTrue(w.figures().get("hostCpuPercent") >= 95, w.figures().toString());

    assertTrue(console.contains("\nwarning: load generator saturated: "), console);
    assertTrue(
        Files.readString(out.resolve("summary.md"))
            .contains("> ⚠ **Warning:** load generator saturated: "),
        "summary.md");
    String html = Files.readString(out.resolve("report.html"));
    assertTrue(html.contains("<div class=\"warning generator-saturated\""), "report.html box");
    assertTrue(html.contains("<table id=\"generator\""), "report.html generator figures");
    assertGeneratorColumnsFilled(out.resolve("intervals.csv"));
  }

  @Test
  void onACpuNobodyElseLoadsNoOutputWarns() throws Exception {
    pickTheLeastBusyCpu();
    assumeTrue(
        cpuBusyPercent < 50,
        String.format(
            Locale.ROOT,
            "no idle CPU on this machine: the least busy, CPU %d, was %.0f%% busy over a second",
            cpu,
            cpuBusyPercent));
    Path out = dir.resolve("alone");
    CpuSampler sampler = new CpuSampler(cpu);
    sampler.start();
    String console;
    try {
      console = runPinned(out);
    } finally {
      sampler.stop();
    }
    RunResult r = ResultJson.read(out.resolve("result.json"));
    assertNotNull(r.generator(), console);
    Warning w = saturated(r);
    if (w != null) {
      // The run warned: fine if other programs took the CPU meanwhile (the warning is right).
      double busy = sampler.busyPercent(measuredFrom(r), measuredTo(r));
      assumeTrue(
          busy < 90,
          String.format(
              Locale.ROOT,
              "CPU %d became busy with other programs during the run (%.0f%% by this test's own"
                  + " reading of /proc/stat over the measured window), so the warning is right: %s",
              cpu,
              busy,
              w.message()));
    }
    assertEquals(null, r.warnings(), "no warning in result.json: " + r.generator());
    assertFalse(console.contains("warning:"), console);
    assertFalse(Files.readString(out.resolve("summary.md")).contains("Warning"), "summary.md");
    String html = Files.readString(out.resolve("report.html"));
    assertFalse(html.contains("class=\"warning"), "no warning box in report.html");
    assertTrue(html.contains("<table id=\"generator\""), "the figures are still shown");
    assertGeneratorColumnsFilled(out.resolve("intervals.csv"));
  }

  /** Runs a paced net rr pinned to {@link #cpu}; returns what it printed. */
  private String runPinned(Path out) throws Exception {
    Path log = dir.resolve(out.getFileName() + ".log");
    Process p =
        ChildJvm.start(
            List.of("taskset", "-c", Integer.toString(cpu)),
            log,
            "net",
            "rr",
            "--rate",
            "500",
            "--warmup",
            "1s",
            "--duration",
            "3s",
            "--interval",
            "500ms",
            "--output",
            out.toString());
    try {
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the run ended: " + ChildJvm.text(log));
    } finally {
      p.destroyForcibly();
    }
    String console = ChildJvm.text(log);
    assertTrue(Files.exists(out.resolve("result.json")), console);
    return console;
  }

  private static Warning saturated(RunResult r) {
    return r.warnings() == null
        ? null
        : r.warnings().stream()
            .filter(w -> w.kind().equals("generator-saturated"))
            .findFirst()
            .orElse(null);
  }

  /** The measured rows of intervals.csv carry the generator's CPU, host CPU and stall. */
  private static void assertGeneratorColumnsFilled(Path csv) throws IOException {
    List<String> lines = Files.readAllLines(csv);
    List<String> header = List.of(lines.get(0).split(","));
    int measured = 0;
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",", -1);
      if (f[header.indexOf("warmup")].equals("false")) {
        measured++;
        for (String col : List.of("generatorCpuPercent", "hostCpuPercent", "stallMaxMs")) {
          assertFalse(f[header.indexOf(col)].isEmpty(), col + " in " + line);
        }
      }
    }
    // How many rows depends on the scheduler: beside the burner one interval once spanned 2.9 s.
    assertTrue(measured >= 1, "measured rows: " + lines);
  }

  private static long measuredFrom(RunResult r) {
    return r.intervals().stream()
        .filter(i -> !i.warmup())
        .mapToLong(IntervalSample::startEpochMs)
        .min()
        .orElse(0);
  }

  private static long measuredTo(RunResult r) {
    return r.intervals().stream()
        .filter(i -> !i.warmup())
        .mapToLong(IntervalSample::endEpochMs)
        .max()
        .orElse(Long.MAX_VALUE);
  }

  /** Each cpuN line of /proc/stat as {cpu, busy ticks, all ticks}. */
  private static List<long[]> ticks() throws IOException {
    List<long[]> out = new ArrayList<>();
    for (String line : Files.readAllLines(Path.of("/proc/stat"))) {
      if (line.startsWith("cpu") && Character.isDigit(line.charAt(3))) {
        String[] f = line.trim().split("\\s+");
        long all = 0;
        long idle = 0;
        for (int i = 1; i <= 8 && i < f.length; i++) {
          long v = Long.parseLong(f[i]);
          all += v;
          idle += i == 4 || i == 5 ? v : 0;
        }
        out.add(new long[] {Long.parseLong(f[0].substring(3)), all - idle, all});
      }
    }
    return out;
  }

  /** True if this test's process may use the CPU (so its child may be pinned there). */
  private static boolean allowed(int n) throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
      if (line.startsWith("Cpus_allowed_list:")) {
        for (String part : line.substring(18).trim().split(",")) {
          String[] range = part.split("-");
          int from = Integer.parseInt(range[0]);
          int to = Integer.parseInt(range[range.length - 1]);
          if (n >= from && n <= to) {
            return true;
          }
        }
        return false;
      }
    }
    return false;
  }

  /** Reads one CPU's ticks four times a second, to tell how busy it was over a stretch. */
  private static final class CpuSampler {
    private final int cpu;
    private final List<long[]> samples = new ArrayList<>(); // {epoch ms, busy, all}
    private final Thread thread;
    private volatile boolean running = true;

    CpuSampler(int cpu) {
      this.cpu = cpu;
      this.thread = new Thread(this::sample, "cpu-sampler");
      thread.setDaemon(true);
    }

    void start() {
      thread.start();
    }

    void stop() throws InterruptedException {
      running = false;
      thread.interrupt();
      thread.join(5_000);
    }

    private void sample() {
      while (running) {
        try {
          for (long[] t : ticks()) {
            if (t[0] == cpu) {
              synchronized (samples) {
                samples.add(new long[] {System.currentTimeMillis(), t[1], t[2]});
              }
            }
          }
          Thread.sleep(250);
        } catch (IOException | InterruptedException e) {
          return;
        }
      }
    }

    /** Busy percent between the last sample before {@code from} and the first after {@code to}. */
    double busyPercent(long from, long to) {
      synchronized (samples) {
        long[] first = samples.get(0);
        long[] last = samples.get(samples.size() - 1);
        for (long[] s : samples) {
          if (s[0] <= from) {
            first = s;
          }
        }
        for (int i = samples.size() - 1; i >= 0; i--) {
          if (samples.get(i)[0] >= to) {
            last = samples.get(i);
          }
        }
        return last[2] > first[2] ? 100.0 * (last[1] - first[1]) / (last[2] - first[2]) : 0;
      }
    }
  }
}
