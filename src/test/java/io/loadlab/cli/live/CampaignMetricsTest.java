package io.loadlab.cli.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code campaign run --metrics-port}: the campaign's endpoint says runs done, failed and left, the
 * running cell and the ETA; each client run serves its own endpoint, labelled with the campaign,
 * configuration, step, point and machine, and the file_sd targets file lists it.
 */
@Timeout(300)
class CampaignMetricsTest {
  @TempDir Path dir;

  @Test
  void aCampaignServesItsProgressAndListsEveryClientEndpoint() throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: watched
        iterations: 2
        configurations:
          - {name: local}
        steps:
          - name: rr
            run: net rr
            options: {duration: 4s, interval: 500ms, rate: 200}
        """);
    Path out = dir.resolve("out");
    BackgroundRun run = BackgroundRun.campaignWithMetrics(file, out);
    String url = run.metricsUrl(Duration.ofSeconds(60));
    Set<Double> left = new TreeSet<>();
    Set<Double> done = new TreeSet<>();
    String runningCell = null;
    String campaignText = null;
    Exposition client = null;
    while (!run.done()) {
      try {
        Exposition e = Exposition.scrape(url);
        campaignText = e.text();
        left.add(e.value("loadlab_campaign_runs", "state", "left"));
        done.add(e.value("loadlab_campaign_runs", "state", "done"));
        for (Exposition.Sample s : e.samples()) {
          if (s.name().equals("loadlab_campaign_running")) {
            runningCell = s.labels().get("cell");
          }
        }
        JsonNode targets =
            new ObjectMapper().readTree(out.resolve("prometheus-targets.json").toFile());
        if (client == null && targets.size() > 1) {
          String target = targets.get(1).get("targets").get(0).asText();
          Exposition c = Exposition.scrape("http://" + target + "/metrics");
          if (c.value("loadlab_interval_operations_per_second", "step", "rr") != null) {
            client = c;
            assertEquals("local", targets.get(1).get("labels").get("machine").asText());
          }
        }
      } catch (IOException betweenRunsOrAtTheEnd) {
        // a client endpoint comes and goes with its run; the campaign's closes at the end
      }
      Thread.sleep(200);
    }
    assertEquals(0, run.await(), run.out() + run.err());
    assertTrue(left.contains(2.0) || left.contains(1.0), "runs left seen: " + left);
    assertTrue(left.contains(0.0), "runs left seen: " + left);
    assertTrue(done.contains(1.0), "runs done seen: " + done);
    assertNotNull(runningCell, "the running cell was named");
    assertNotNull(campaignText);
    Promtool.assertAccepts(campaignText);
    assertNotNull(client, "a client's endpoint, from the targets file, was scraped");
    assertNotNull(
        client.value(
            "loadlab_interval_operations_per_second",
            "campaign",
            "watched",
            "configuration",
            "local",
            "step",
            "rr",
            "machine",
            "local"),
        client.text());
  }
}
