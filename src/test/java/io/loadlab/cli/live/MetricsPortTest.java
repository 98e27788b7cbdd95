package io.loadlab.cli.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --metrics-port}: a real run scraped while it goes, each scrape compared with the run's own
 * intervals in {@code result.json}; the text passes {@code promtool check metrics}; a port in use
 * is refused before the run starts.
 */
@Timeout(180)
class MetricsPortTest {
  private static final String OP = "rr users=1";

  @TempDir Path dir;

  @Test
  void scrapesDuringARunAgreeWithItsIntervals() throws Exception {
    Path out = dir.resolve("run");
    BackgroundRun run =
        BackgroundRun.start(
            "net",
            "rr",
            "--rate",
            "400",
            "--rate-tolerance",
            "10%",
            "--duration",
            "8s",
            "--interval",
            "1s",
            "--output",
            out.toString(),
            "--quiet",
            "--metrics-port",
            "0",
            "--metrics-label",
            "campaign=nightly",
            "--metrics-label",
            "machine=client1");
    String url = run.metricsUrl(Duration.ofSeconds(60));
    assertTrue(url.startsWith("http://127.0.0.1:"), "loopback by default: " + url);
    Map<Integer, Exposition> byInterval = new TreeMap<>();
    while (!run.done()) {
      try {
        Exposition e = Exposition.scrape(url);
        Double index = e.value("loadlab_interval_index");
        if (index != null) {
          byInterval.putIfAbsent(index.intValue(), e);
        }
      } catch (java.io.IOException closedAtTheEnd) {
        // the endpoint closes with the run
      }
      Thread.sleep(200);
    }
    assertEquals(0, run.await(), run.err());
    assertTrue(byInterval.size() >= 3, "scraped intervals: " + byInterval.keySet());
    Promtool.assertAccepts(byInterval.values().iterator().next().text());

    RunResult result = ResultJson.read(out.resolve("result.json"));
    assertEquals(RunStatus.OK, result.status());
    Map<Integer, IntervalSample> intervals = new TreeMap<>();
    result.intervals().forEach(i -> intervals.put(i.index(), i));
    long countSoFar = 0;
    int compared = 0;
    int withHostCpu = 0;
    for (IntervalSample i : intervals.values()) {
      OperationStats s = i.operations().get(OP);
      countSoFar += s == null ? 0 : s.count();
      Exposition e = byInterval.get(i.index());
      if (e == null || s == null) {
        continue;
      }
      String[] labels = {"operation", OP, "workload", "net rr", "campaign", "nightly"};
      assertEquals(s.ratePerSec(), e.value("loadlab_interval_operations_per_second", labels));
      assertEquals((double) s.errors(), e.value("loadlab_interval_errors", labels));
      assertEquals(
          s.latencyUs().p99() / 1e6,
          e.value("loadlab_interval_latency_seconds", "operation", OP, "percentile", "99"),
          1e-9);
      assertEquals(
          s.latencyUs().p50() / 1e6,
          e.value("loadlab_interval_latency_seconds", "operation", OP, "percentile", "50"),
          1e-9);
      assertEquals((double) countSoFar, e.value("loadlab_operations_total", labels));
      assertEquals(
          (double) countSoFar - sumErrors(intervals, i.index()),
          e.value("loadlab_latency_seconds_count", labels),
          "the histogram counts every successful operation so far");
      assertEquals(400.0, e.value("loadlab_target_operations_per_second", labels));
      assertNotNull(e.value("loadlab_target_held", labels));
      assertNotNull(e.value("loadlab_process_cpu_ratio", "machine", "client1"));
      // The host's CPU share is left out (not given as 0) for an interval whose /proc/stat ticks
      // could not be measured; beside two CPU burners one interval of a run had none, so it is
      // asked of at least one interval, not of each.
      if (e.value("loadlab_host_cpu_ratio") != null) {
        withHostCpu++;
      }
      assertNotNull(e.value("loadlab_load_average"));
      assertNotNull(e.value("loadlab_jvm_gc_pause_seconds_total"));
      compared++;
    }
    assertTrue(compared >= 3, "intervals compared: " + compared);
    assertTrue(withHostCpu >= 1, "host CPU in none of " + compared + " intervals");
    Exposition last = byInterval.get(((TreeMap<Integer, Exposition>) byInterval).lastKey());
    double runRate = last.value("loadlab_run_operations_per_second", "operation", OP);
    assertTrue(
        Math.abs(runRate - result.totals().get(OP).ratePerSec())
            <= 0.25 * result.totals().get(OP).ratePerSec(),
        "the run's rate so far " + runRate + " is near the final " + result.totals().get(OP));
  }

  private static long sumErrors(Map<Integer, IntervalSample> intervals, int upTo) {
    return intervals.values().stream()
        .filter(i -> i.index() <= upTo && i.operations().get(OP) != null)
        .mapToLong(i -> i.operations().get(OP).errors())
        .sum();
  }

  /**
   * Scrapers that misbehave: one sends half a request and never the rest, others ask for {@code
   * /metrics} and never read the answer. The run keeps its window and intervals, a well-behaved
   * scraper is still answered beside them, and the run ends ok on time.
   */
  @Test
  void scrapersThatHangOrNeverReadNeitherStallNorFailTheRun() throws Exception {
    Path out = dir.resolve("slow-scrapers");
    BackgroundRun run =
        BackgroundRun.start(
            "net",
            "rr",
            "--rate",
            "200",
            "--rate-tolerance",
            "10%",
            "--duration",
            "5s",
            "--interval",
            "1s",
            "--output",
            out.toString(),
            "--quiet",
            "--metrics-port",
            "0");
    java.net.URI url = java.net.URI.create(run.metricsUrl(Duration.ofSeconds(60)));
    java.util.List<java.net.Socket> hung = new java.util.ArrayList<>();
    boolean answered = false;
    try {
      for (int i = 0; i < 8; i++) {
        java.net.Socket s = new java.net.Socket();
        s.setReceiveBufferSize(1024);
        s.connect(new java.net.InetSocketAddress(url.getHost(), url.getPort()), 10_000);
        String ask = i == 0 ? "GET /metr" : "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n";
        s.getOutputStream().write(ask.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        s.getOutputStream().flush();
        hung.add(s);
      }
      while (!run.done()) {
        try {
          Exposition.scrape(url.toString());
          answered = true;
        } catch (java.io.IOException closedAtTheEnd) {
          // the endpoint closes with the run
        }
        Thread.sleep(300);
      }
      assertEquals(0, run.await(), run.err());
    } finally {
      for (java.net.Socket s : hung) {
        s.close();
      }
    }
    assertTrue(answered, "a well-behaved scraper was answered beside the hung ones");
    RunResult result = ResultJson.read(out.resolve("result.json"));
    assertEquals(RunStatus.OK, result.status());
    long measured = result.intervals().stream().filter(i -> !i.warmup()).count();
    assertTrue(measured >= 4, "the run's 1-s intervals were kept: " + measured);
  }

  @Test
  void aPortInUseIsRefusedBeforeTheRunStarts() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      Path out = dir.resolve("never");
      CliRun r =
          CliRun.of(
              "net",
              "rr",
              "--duration",
              "2s",
              "--output",
              out.toString(),
              "--metrics-port",
              String.valueOf(taken.getLocalPort()));
      assertEquals(2, r.code(), r.err());
      String said = r.err().strip();
      assertFalse(said.contains("\n"), "one line: " + said);
      assertFalse(said.contains("Exception"), "no stack trace: " + said);
      assertTrue(said.contains("--metrics-port"), said);
      assertFalse(Files.exists(out), "nothing was started: no run directory");
    }
  }

  @Test
  void aBadLabelNameIsRefused() {
    CliRun r =
        CliRun.of(
            "net",
            "rr",
            "--duration",
            "1s",
            "--output",
            dir.resolve("x").toString(),
            "--metrics-port",
            "0",
            "--metrics-label",
            "Bad-Name=1");
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("--metrics-label"), r.err());
    assertFalse(Files.exists(dir.resolve("x")));
  }
}
