package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code campaign plan} after a guest lab's run: the campaign.json of that run holds, for the
 * configuration whose testbed had guests, the phases of its last bring-up (as GuestLabRecords
 * writes them: apply, boot to SSH, install, services ready, runs, teardown, in seconds); the plan
 * shows them on one line under that configuration, in the order they happen whatever the file's
 * order, and no such line for a configuration that recorded none.
 */
@Timeout(120)
class CampaignPlanPhasesTest {
  @TempDir Path dir;

  @Test
  void planShowsTheLastBringUpsPhasesFromCampaignJson() throws Exception {
    Files.writeString(
        dir.resolve("testbed.yaml"),
        """
        name: phases-lab
        hosts:
          here: {local: true}
        """);
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: phases
        iterations: 1
        configurations:
          - name: guests
            testbed: testbed.yaml
          - name: plain
        steps:
          - name: rr
            run: net rr
            options: {host: 127.0.0.1, port: 12999, duration: 1s}
        """);
    Path out = Files.createDirectories(dir.resolve("out"));
    // What a guest lab's run recorded (configurations/guests.phases.json, copied into
    // campaign.json), its keys in another order than they happen.
    Files.writeString(
        out.resolve("campaign.json"),
        """
        {"format": 1, "campaign": "phases", "status": "complete", "runs": [],
         "configurationTimes": {
           "guests": {"upSeconds": 75.5, "servicesSeconds": 20.5, "setupSeconds": 0,
                      "downSeconds": 5.25,
                      "phases": {"teardown": 5.25, "runs": 100, "install": 12,
                                 "apply": 3.1, "servicesReady": 20.5, "bootToSsh": 40.2}}}}
        """);
    CliRun plan =
        CliRun.of("campaign", "plan", file.toString(), "--output", out.toString(), "--offline");
    assertEquals(0, plan.code(), plan.out() + plan.err());
    String text = plan.out();
    String line =
        "  phases as its longest bring-up took them: apply 3.1 s, boot to SSH 40.2 s, install 12.0 s,"
            + " services ready 20.5 s, runs 100.0 s, teardown 5.3 s\n";
    int guests = text.indexOf("configuration guests: ");
    int plain = text.indexOf("configuration plain: ");
    assertTrue(guests >= 0 && plain > guests, text);
    int at = text.indexOf(line);
    assertTrue(at > guests && at < plain, "under configuration guests: " + text);
    assertFalse(text.substring(plain).contains("phases as its longest bring-up"), text);
    assertTrue(
        text.contains("around its runs ~1m41s: bring-up 1m16s, services 21s, setup 0s,"),
        "the parts measured beside the phases: " + text);
  }
}
