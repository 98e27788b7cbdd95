package io.loadlab.cli.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Prometheus (Debian's) finds a short campaign's endpoints through the campaign's own {@code
 * prometheus-targets.json} ({@code file_sd_configs}), nothing else: queried over its HTTP API while
 * the campaign runs, the campaign's runs done and left, its ETA and running cell, and the running
 * run's rate, come back as campaign.json and each run's result.json have them.
 */
@Timeout(600)
class CampaignPrometheusTest {
  @TempDir Path dir;

  /** The campaign's series at one instant. */
  private record Progress(long done, long left, String cell) {}

  /** One interval's rate of a run, as Prometheus held it. */
  private record Rate(String point, String operation, int interval, double rate) {}

  @Test
  void prometheusScrapesACampaignThroughItsTargetsFile() throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: scraped
        iterations: 1
        configurations:
          - {name: local}
        steps:
          - name: rr
            run: net rr
            options: {duration: 8s, interval: 1s, rate: 300, rate-tolerance: 1%}
            sweep: {users: [1, 2]}
        """);
    Path out = dir.resolve("out");
    // The campaign directory exists before the campaign, so Prometheus watches it from the start.
    Files.createDirectories(out);
    Path targets = out.resolve("prometheus-targets.json");
    Files.createDirectories(dir.resolve("prometheus"));
    List<Progress> progress = new ArrayList<>();
    Set<Double> etas = new LinkedHashSet<>();
    Map<String, Rate> rates = new LinkedHashMap<>();
    try (LocalPrometheus prom =
        LocalPrometheus.start(
            dir.resolve("prometheus"),
            "  - job_name: loadlab\n"
                + "    file_sd_configs:\n"
                + "      - files: ['"
                + targets
                + "']\n"
                + "        refresh_interval: 1s\n")) {
      BackgroundRun run = BackgroundRun.campaignWithMetrics(file, out);
      while (!run.done()) {
        double at = System.currentTimeMillis() / 1_000.0 - 1.5;
        Progress p = progress(prom, at);
        if (p != null && (progress.isEmpty() || !progress.get(progress.size() - 1).equals(p))) {
          progress.add(p);
        }
        for (LocalPrometheus.Sample s : prom.query("loadlab_campaign_eta_seconds", at)) {
          etas.add(s.value());
        }
        for (Rate r : rates(prom, at)) {
          rates.putIfAbsent(r.point() + " " + r.operation() + " " + r.interval(), r);
        }
        Thread.sleep(300);
      }
      assertEquals(0, run.await(), run.out() + run.err());
      assertFalse(progress.isEmpty(), "no campaign series in Prometheus:\n" + prom.log());
    }

    JsonNode manifest = new ObjectMapper().readTree(out.resolve("campaign.json").toFile());
    JsonNode runs = manifest.get("runs");
    assertEquals(2, runs.size(), manifest.toString());
    // While run k ran: k runs done, the others left, its cell running; as campaign.json says.
    List<Progress> expected = new ArrayList<>();
    for (int k = 0; k < runs.size(); k++) {
      assertEquals("ok", runs.get(k).get("status").asText(), runs.toString());
      expected.add(new Progress(k, runs.size() - 1 - k, runs.get(k).get("cell").asText()));
    }
    assertTrue(progress.containsAll(expected), "seen " + progress + ", expected " + expected);
    assertFalse(etas.isEmpty(), "an ETA was served");
    assertTrue(etas.stream().allMatch(e -> e >= 0), "ETAs: " + etas);

    // The running run's rate, interval by interval, as its result.json has it.
    Set<String> pointsCompared = new LinkedHashSet<>();
    int compared = 0;
    for (JsonNode r : runs) {
      String point = point(r.get("point"));
      RunResult result = ResultJson.read(resultJson(out.resolve(r.get("dir").asText())));
      Map<Integer, IntervalSample> byIndex = new LinkedHashMap<>();
      result.intervals().forEach(i -> byIndex.put(i.index(), i));
      for (Rate seen : rates.values()) {
        if (!seen.point().equals(point)) {
          continue;
        }
        IntervalSample i = byIndex.get(seen.interval());
        assertTrue(i != null, "interval " + seen + " is in " + r.get("dir"));
        OperationStats s = i.operations().get(seen.operation());
        if (s == null) {
          // The endpoint keeps an operation's last figures; the interval has none of it.
          continue;
        }
        assertEquals(s.ratePerSec(), seen.rate(), 1e-6, seen.toString());
        pointsCompared.add(point);
        compared++;
      }
    }
    assertEquals(2, pointsCompared.size(), "both runs' rates were seen: " + rates.values());
    assertTrue(compared >= 4, "intervals compared: " + compared);
  }

  /** The campaign's runs done and left and its running cell at {@code at}, or null if not all. */
  private static Progress progress(LocalPrometheus prom, double at) throws Exception {
    Double done = null;
    Double left = null;
    for (LocalPrometheus.Sample s : prom.query("loadlab_campaign_runs", at)) {
      assertEquals("scraped", s.labels().get("campaign"), s.toString());
      switch (s.labels().get("state")) {
        case "done" -> done = s.value();
        case "left" -> left = s.value();
        default -> {}
      }
    }
    List<LocalPrometheus.Sample> running = prom.query("loadlab_campaign_running", at);
    if (done == null || left == null || running.size() != 1) {
      return null;
    }
    return new Progress(done.longValue(), left.longValue(), running.get(0).labels().get("cell"));
  }

  /**
   * The running run's rate at {@code at}, with the interval it belongs to: both read from one
   * scrape (their timestamps are equal), labelled by the targets file.
   */
  private static List<Rate> rates(LocalPrometheus prom, double at) throws Exception {
    String sel = "{campaign=\"scraped\",configuration=\"local\",step=\"rr\",machine=\"local\"}";
    List<LocalPrometheus.Sample> index = prom.query("loadlab_interval_index" + sel, at);
    List<LocalPrometheus.Sample> rate =
        prom.query("loadlab_interval_operations_per_second" + sel, at);
    // Per operation: 0 where its rate and the interval's index come from one scrape (by point:
    // the clients of both runs serve on one port, the last run's series not yet stale).
    List<LocalPrometheus.Sample> when =
        prom.query(
            "timestamp(loadlab_interval_operations_per_second"
                + sel
                + ") - on(job, instance, point) group_left timestamp(loadlab_interval_index"
                + sel
                + ")",
            at);
    Map<String, Double> indexByPoint = new LinkedHashMap<>();
    index.forEach(i -> indexByPoint.put(i.labels().get("point"), i.value()));
    Set<String> sameScrape = new LinkedHashSet<>();
    for (LocalPrometheus.Sample w : when) {
      if (w.value() == 0) {
        sameScrape.add(w.labels().get("point") + " " + w.labels().get("operation"));
      }
    }
    List<Rate> out = new ArrayList<>();
    for (LocalPrometheus.Sample r : rate) {
      Map<String, String> l = r.labels();
      Double i = indexByPoint.get(l.get("point"));
      if (i != null && sameScrape.contains(l.get("point") + " " + l.get("operation"))) {
        out.add(new Rate(l.get("point"), l.get("operation"), i.intValue(), r.value()));
      }
    }
    return out;
  }

  /** A run's point as the targets file labels it, such as {@code users=1}. */
  private static String point(JsonNode point) {
    List<String> parts = new ArrayList<>();
    point.fields().forEachRemaining(e -> parts.add(e.getKey() + "=" + e.getValue().asText()));
    return String.join(" ", parts);
  }

  /** The run's result.json: in its directory, or its first client's. */
  private static Path resultJson(Path runDir) throws Exception {
    Path direct = runDir.resolve("result.json");
    if (Files.exists(direct)) {
      return direct;
    }
    try (var files = Files.walk(runDir)) {
      return files
          .filter(f -> f.getFileName().toString().equals("result.json"))
          .findFirst()
          .orElseThrow(() -> new AssertionError("no result.json under " + runDir));
    }
  }
}
