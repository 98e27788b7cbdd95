package io.loadlab.cli.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.core.report.HeadlessChromium;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live page ({@code --metrics-port}'s {@code /}), opened in headless Chromium while a run and a
 * campaign go: it fills in from one load to the next, draws its charts, logs no error, loads
 * nothing from elsewhere, and its figures are those the run and the campaign write in the end.
 */
class LivePageTest {
  /** Virtual time each load runs the page's script for: a few polls. */
  private static final int BUDGET_MS = 2500;

  @TempDir Path dir;

  @Test
  @Timeout(120)
  void aRunsPageFillsInAndShowsTheRunsIntervals() throws Exception {
    Path out = dir.resolve("run");
    BackgroundRun run =
        BackgroundRun.start(
            "net",
            "rr",
            "--rate",
            "300",
            "--rate-tolerance",
            "1%",
            "--duration",
            "20s",
            "--interval",
            "500ms",
            "--output",
            out.toString(),
            "--quiet",
            "--metrics-port",
            "0");
    URI page = URI.create(run.pageUrl(Duration.ofSeconds(30)));
    assertTrue(page.toString().startsWith("http://127.0.0.1:"), "loopback by default: " + page);
    List<JsonNode> loads = new ArrayList<>();
    while (!run.done() && loads.size() < 2) {
      JsonNode check = loadWhileUp(page, run);
      if (check != null && check.at("/feed/run/rates/0/rate").size() > 0) {
        loads.add(check);
      }
    }
    assertEquals(0, run.await(), run.err());
    assertEquals(2, loads.size(), "two loads during the run: " + loads);
    int first = loads.get(0).at("/feed/run/interval").asInt();
    int second = loads.get(1).at("/feed/run/interval").asInt();
    assertTrue(second > first, "the page filled in: interval " + first + ", then " + second);
    for (JsonNode check : loads) {
      assertDrawn(check, page);
    }
    assertTrue(
        loads.stream().anyMatch(c -> c.get("requests").toString().contains("live.json?since=")),
        "the page asked for the intervals it lacked only: " + loads);
    // Every rate the page drew (its chart joined from those answers) is the run's own interval's.
    RunResult result = ResultJson.read(out.resolve("result.json"));
    assertIntervals(result, loads.get(1).at("/feed/run"));
  }

  @Test
  @Timeout(90)
  void aCampaignsPageShowsItsCellsAndTheRunningRun() throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: paged
        iterations: 1
        configurations:
          - {name: local}
        steps:
          - name: rr
            run: net rr
            options: {duration: 4s, interval: 500ms, rate: 200, rate-tolerance: 1%}
            sweep: {users: [1, 2]}
        """);
    Path out = dir.resolve("out");
    BackgroundRun run = BackgroundRun.campaignWithMetrics(file, out);
    URI page = URI.create(run.pageUrl(Duration.ofSeconds(30)));
    List<JsonNode> loads = new ArrayList<>();
    while (!run.done()) {
      JsonNode check = loadWhileUp(page, run);
      if (check != null && check.path("feed").path("kind").asText().equals("campaign")) {
        loads.add(check);
      }
    }
    assertEquals(0, run.await(), run.out() + run.err());
    assertTrue(loads.size() >= 2, "loads during the campaign: " + loads);
    assertFalse(
        loads.get(0).get("feed").equals(loads.get(loads.size() - 1).get("feed")),
        "the page filled in: " + loads);

    JsonNode manifest = new ObjectMapper().readTree(out.resolve("campaign.json").toFile());
    boolean sawRunning = false;
    boolean sawDone = false;
    boolean sawCharts = false;
    for (JsonNode check : loads) {
      assertEquals(2, check.at("/feed/cells").size(), check.toString());
      for (JsonNode cell : check.at("/feed/cells")) {
        String state = cell.get("status").asText();
        assertTrue(List.of("left", "running", "done").contains(state), "a cell's state: " + check);
        sawRunning |= state.equals("running");
        if (state.equals("done")) {
          // A finished cell's figure is the one the campaign reports in the end.
          sawDone = true;
          JsonNode reported = cellOf(manifest, cell.get("id").asText());
          assertEquals(1, reported.get("ok").asInt(), reported.toString());
          assertEquals(
              reported.get("reported").get(cell.get("figure").asText()).asDouble(),
              cell.get("value").asDouble(),
              1e-9,
              "the page's figure of " + cell + " against campaign.json's " + reported);
        }
      }
      if (check.at("/feed/run/rates/0/rate").size() > 0) {
        sawCharts = true;
        assertDrawn(check, page);
        // The running run's rates are its own intervals'.
        JsonNode entry = runOf(manifest, check.at("/feed/run/id").asText());
        assertIntervals(resultOf(out.resolve(entry.get("dir").asText())), check.at("/feed/run"));
      } else {
        assertNoErrors(check, page);
      }
    }
    assertTrue(sawRunning, "a cell was seen running: " + loads);
    assertTrue(sawDone, "a cell was seen done while the other ran: " + loads);
    assertTrue(sawCharts, "the running run's charts were drawn: " + loads);
  }

  /**
   * One load of the page in a fresh headless Chromium: its check; or null if the endpoint closed
   * under it because the run or campaign ended.
   */
  private static JsonNode loadWhileUp(URI page, BackgroundRun run)
      throws IOException, InterruptedException {
    try {
      return HeadlessChromium.check(page, BUDGET_MS);
    } catch (AssertionError e) {
      for (int i = 0; i < 100 && !run.done(); i++) {
        Thread.sleep(100);
      }
      if (run.done()) {
        return null;
      }
      throw e;
    }
  }

  private static void assertDrawn(JsonNode check, URI page) {
    assertNoErrors(check, page);
    assertEquals(2, check.get("drawn").size(), "rate and latency charts: " + check);
    for (JsonNode chart : check.get("drawn")) {
      assertTrue(chart.get("points").asInt() > 0, "chart drew points: " + check);
      assertTrue(chart.get("pixels").asInt() > 0, "chart painted its series: " + check);
    }
  }

  private static void assertNoErrors(JsonNode check, URI page) {
    assertEquals(0, check.get("errors").size(), "errors in the page: " + check);
    assertTrue(check.get("updates").asInt() > 0, "the page read its feed: " + check);
    String origin = page.getScheme() + "://" + page.getAuthority() + "/";
    for (JsonNode url : check.get("requests")) {
      assertTrue(
          url.asText()
              .matches(java.util.regex.Pattern.quote(origin + "live.json") + "(\\?since=[0-9]+)?"),
          "the page asked only its feed: " + check);
    }
  }

  /** The rates drawn are the result's own, interval by interval. */
  private static void assertIntervals(RunResult result, JsonNode run) {
    JsonNode index = run.get("index");
    JsonNode rates = run.at("/rates/0/rate");
    String operation = run.at("/rates/0/name").asText();
    assertTrue(rates.size() > 0 && rates.size() == index.size(), "drawn: " + run);
    Map<Integer, IntervalSample> byIndex = new HashMap<>();
    result.intervals().forEach(i -> byIndex.put(i.index(), i));
    int compared = 0;
    for (int i = 0; i < rates.size(); i++) {
      if (rates.get(i).isNull()) {
        continue;
      }
      IntervalSample sample = byIndex.get(index.get(i).asInt());
      assertNotNull(sample, "interval " + index.get(i) + " of the page is in result.json");
      assertEquals(
          sample.operations().get(operation).ratePerSec(),
          rates.get(i).asDouble(),
          1e-9,
          "interval " + index.get(i) + " drawn: " + run);
      compared++;
    }
    assertTrue(compared > 0, "rates compared: " + run);
  }

  private static JsonNode cellOf(JsonNode manifest, String id) {
    for (JsonNode c : manifest.get("cells")) {
      if (c.get("id").asText().equals(id)) {
        return c;
      }
    }
    throw new AssertionError("no cell " + id + " in campaign.json");
  }

  private static JsonNode runOf(JsonNode manifest, String id) {
    for (JsonNode r : manifest.get("runs")) {
      if (r.get("id").asText().equals(id)) {
        assertEquals("ok", r.get("status").asText(), r.toString());
        return r;
      }
    }
    throw new AssertionError("no run " + id + " in campaign.json");
  }

  private static RunResult resultOf(Path runDir) throws IOException {
    try (var files = Files.walk(runDir)) {
      Path json =
          files.filter(p -> p.getFileName().toString().equals("result.json")).findFirst().get();
      RunResult r = ResultJson.read(json);
      assertNotNull(r.intervals());
      return r;
    }
  }
}
