package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.campaign.report.CampaignReport;
import io.loadlab.campaign.results.BringUps;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A resume keeps the history (issue 48): a guest lab killed during its runs had recorded its real
 * bring-up (8 minutes: booting and installing the guests); the resume reuses the guests, so its own
 * bring-up takes seconds with boot and install at 0. campaign.json keeps the first bring-up and
 * adds the resume's beside it, the report shows both, and the next plan estimates from the real
 * one.
 */
@Timeout(120)
class CampaignResumeBringUpTest {
  @TempDir Path dir;

  /**
   * The same through {@code campaign run} itself: a testbed of this machine (no guests, so its
   * bring-up takes seconds) resumed where the first campaign recorded 8 minutes.
   */
  @Test
  void aResumedRunKeepsTheFirstBringUpAndAddsItsOwn() throws Exception {
    Files.writeString(
        dir.resolve("testbed.yaml"),
        """
        name: resume-here
        hosts:
          here: {local: true}
        """);
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: resumed
        iterations: 1
        configurations:
          - name: guests
            testbed: testbed.yaml
        steps:
          - name: rr
            run: net rr
            options: {duration: 1s, interval: 500ms}
        """);
    Path out = Files.createDirectories(dir.resolve("out"));
    Files.writeString(
        out.resolve("campaign.json"),
        """
        {"format": 1, "campaign": "resumed", "status": "running", "runs": [],
         "configurationTimes": {
           "guests": {"upSeconds": 480.0, "servicesSeconds": 20.0, "setupSeconds": 0,
                      "phases": {"apply": 10.0, "bootToSsh": 300.0, "install": 150.0,
                                 "servicesReady": 20.0}}}}
        """);
    CliRun run = CliRun.of("campaign", "run", file.toString(), "--output", out.toString());
    assertEquals(0, run.code(), run.out() + run.err());
    JsonNode guests =
        new ObjectMapper()
            .readTree(out.resolve("campaign.json").toFile())
            .get("configurationTimes")
            .get("guests");
    assertEquals(480.0, guests.get("upSeconds").asDouble(), guests.toString());
    assertEquals(300.0, guests.get("phases").get("bootToSsh").asDouble(), guests.toString());
    JsonNode resume = guests.get("laterBringUps").get(0);
    assertTrue(resume.get("upSeconds").asDouble() < 480, resume.toString());
    assertTrue(resume.get("phases").has("teardown"), resume.toString());
    CliRun plan =
        CliRun.of("campaign", "plan", file.toString(), "--output", out.toString(), "--offline");
    assertEquals(0, plan.code(), plan.out() + plan.err());
    assertTrue(plan.out().contains(": bring-up 8m, services 20s"), plan.out());
  }

  @Test
  void theResumesBringUpGoesBesideTheFirstAndThePlanEstimatesFromTheRealOne() throws Exception {
    Files.writeString(
        dir.resolve("testbed.yaml"),
        """
        name: resume-lab
        hosts:
          here: {local: true}
        """);
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: resumed
        iterations: 1
        configurations:
          - name: guests
            testbed: testbed.yaml
        steps:
          - name: rr
            run: net rr
            options: {host: 127.0.0.1, port: 12999, duration: 1s}
        """);
    Path out = Files.createDirectories(dir.resolve("out"));
    // As the first run left it, killed during its runs: the bring-up's parts and its phases so far.
    Files.writeString(
        out.resolve("campaign.json"),
        """
        {"format": 1, "campaign": "resumed", "status": "running", "runs": [],
         "configurationTimes": {
           "guests": {"upSeconds": 480.0, "servicesSeconds": 20.0, "setupSeconds": 0,
                      "phases": {"apply": 10.0, "bootToSsh": 300.0, "install": 150.0,
                                 "servicesReady": 20.0}}}}
        """);
    // The resume brings the configuration up again, as CampaignRunner records it: guests reused.
    Manifest m = Manifest.read(out.resolve("campaign.json"));
    Manifest.ConfigurationTime resume = new Manifest.ConfigurationTime();
    resume.upSeconds = 15.0;
    resume.servicesSeconds = 10.0;
    resume.setupSeconds = 0.0;
    BringUps.record(m.configurationTimes, "guests", resume);
    // ... and fills in the rest of it as it goes (teardown), the same entry.
    resume.downSeconds = 5.0;
    resume.phases = new LinkedHashMap<>();
    resume.phases.putAll(
        Map.of(
            "apply", 5.0,
            "bootToSsh", 0.0,
            "install", 0.0,
            "servicesReady", 10.0,
            "runs", 1.5,
            "teardown", 5.0));
    BringUps.record(m.configurationTimes, "guests", resume); // once more: still one later
    m.write(out);

    JsonNode times =
        new ObjectMapper()
            .readTree(out.resolve("campaign.json").toFile())
            .get("configurationTimes");
    JsonNode guests = times.get("guests");
    assertEquals(480.0, guests.get("upSeconds").asDouble(), guests.toString());
    assertEquals(300.0, guests.get("phases").get("bootToSsh").asDouble(), guests.toString());
    assertEquals(1, guests.get("laterBringUps").size(), guests.toString());
    assertEquals(15.0, guests.get("laterBringUps").get(0).get("upSeconds").asDouble());
    assertEquals(0.0, guests.get("laterBringUps").get(0).get("phases").get("bootToSsh").asDouble());

    String report = CampaignReport.markdown(m);
    assertTrue(report.contains("| guests | 10.0 | 300.0 | 150.0 | 20.0 |  |  |"), report);
    assertTrue(
        report.contains("| guests, resumed (1) | 5.0 | 0.0 | 0.0 | 10.0 | 1.5 | 5.0 |"), report);

    CliRun plan =
        CliRun.of("campaign", "plan", file.toString(), "--output", out.toString(), "--offline");
    assertEquals(0, plan.code(), plan.out() + plan.err());
    String text = plan.out();
    // The first bring-up's phases, the resume's runs and teardown where the first had none.
    assertTrue(
        text.contains(
            "phases as its longest bring-up took them: apply 10.0 s, boot to SSH 300.0 s, install"
                + " 150.0 s, services ready 20.0 s, runs 1.5 s, teardown 5.0 s"),
        text);
    assertTrue(
        text.contains("around its runs ~8m25s: bring-up 8m, services 20s, setup 0s, bring-down 5s"),
        "the real bring-up, not the resume's: " + text);
  }
}
