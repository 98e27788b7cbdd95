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
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Prometheus (Debian's) scrapes a run's {@code --metrics-port} every second; its HTTP API,
 * queried while the run goes, gives the rate and p99 of the run's own intervals, and every panel of
 * the Grafana dashboard in docs returns data.
 */
@Timeout(300)
class PrometheusScrapeTest {
  /** The dashboard in docs, from the module's directory (dist) or the project's. */
  static final Path DASHBOARD = docs("grafana/loadlab-live.json");

  private static final String OP = "rr users=1";

  @TempDir Path dir;

  /** The rate and p99 Prometheus held for one interval. */
  private record Seen(double rate, double p99) {}

  @Test
  void prometheusSeesTheRunsIntervalsAndEveryDashboardPanelHasData() throws Exception {
    Path out = dir.resolve("run");
    BackgroundRun run =
        BackgroundRun.start(
            "net",
            "rr",
            "--rate",
            "300",
            "--rate-tolerance",
            "10%",
            "--duration",
            "40s",
            "--interval",
            "1s",
            "--output",
            out.toString(),
            "--quiet",
            "--metrics-port",
            "0",
            "--metrics-label",
            "machine=local");
    String url = run.metricsUrl(Duration.ofSeconds(60));
    String target = url.substring("http://".length(), url.length() - "/metrics".length());
    Map<Integer, Seen> seen = new TreeMap<>();
    Map<String, Boolean> panelsWithData = new LinkedHashMap<>();
    List<String> panelQueries = panelQueries();
    try (LocalPrometheus prom =
        LocalPrometheus.start(
            dir,
            "  - job_name: loadlab\n    static_configs:\n      - targets: ['" + target + "']\n")) {
      String sel = "{operation=\"" + OP + "\"}";
      while (!run.done()) {
        // Three queries at one instant a little in the past read the same scrape, which
        // Prometheus stores whole; timestamp() says when it was taken.
        double at = System.currentTimeMillis() / 1_000.0 - 1.5;
        List<LocalPrometheus.Sample> index = prom.query("loadlab_interval_index", at);
        List<LocalPrometheus.Sample> rate =
            prom.query("loadlab_interval_operations_per_second" + sel, at);
        List<LocalPrometheus.Sample> p99 =
            prom.query(
                "loadlab_interval_latency_seconds{operation=\"" + OP + "\",percentile=\"99\"}", at);
        List<LocalPrometheus.Sample> when =
            prom.query(
                "timestamp(loadlab_interval_index) - on(job, instance)"
                    + " timestamp(loadlab_interval_operations_per_second"
                    + sel
                    + ")",
                at);
        if (index.size() == 1
            && rate.size() == 1
            && p99.size() == 1
            && when.size() == 1
            && when.get(0).value() == 0) {
          assertEquals("local", index.get(0).labels().get("machine"), index.toString());
          seen.putIfAbsent(
              (int) index.get(0).value(), new Seen(rate.get(0).value(), p99.get(0).value()));
        }
        if (seen.size() >= 3) {
          for (String q : panelQueries) {
            if (!panelsWithData.getOrDefault(q, false) && !prom.query(q).isEmpty()) {
              panelsWithData.put(q, true);
            }
          }
        }
        Thread.sleep(300);
      }
      assertEquals(0, run.await(), run.err());
      assertTrue(seen.size() >= 3, "intervals Prometheus held: " + seen + "\n" + prom.log());
    }
    for (String q : panelQueries) {
      assertTrue(panelsWithData.getOrDefault(q, false), "no data for the panel query " + q);
    }

    RunResult result = ResultJson.read(out.resolve("result.json"));
    Map<Integer, IntervalSample> intervals = new TreeMap<>();
    result.intervals().forEach(i -> intervals.put(i.index(), i));
    int compared = 0;
    for (Map.Entry<Integer, Seen> e : seen.entrySet()) {
      OperationStats s = intervals.get(e.getKey()).operations().get(OP);
      assertEquals(s.ratePerSec(), e.getValue().rate(), 1e-6, "interval " + e.getKey());
      assertEquals(s.latencyUs().p99() / 1e6, e.getValue().p99(), 1e-9, "interval " + e.getKey());
      compared++;
    }
    assertTrue(compared >= 3);
  }

  static Path docs(String file) {
    Path fromModule = Path.of(System.getProperty("user.dir")).resolve("../docs").resolve(file);
    return java.nio.file.Files.exists(fromModule) ? fromModule : Path.of("docs").resolve(file);
  }

  /** Each panel's queries, with the dashboard's variables set to every value. */
  static List<String> panelQueries() throws Exception {
    JsonNode dash = new ObjectMapper().readTree(DASHBOARD.toFile());
    List<String> queries = new ArrayList<>();
    for (JsonNode panel : dash.path("panels")) {
      for (JsonNode t : panel.path("targets")) {
        queries.add(
            t.path("expr")
                .asText()
                .replace("$workload", ".*")
                .replace("$operation", ".*")
                .replace("$__rate_interval", "30s"));
      }
    }
    assertFalse(queries.isEmpty(), "the dashboard has panels");
    return queries;
  }
}
