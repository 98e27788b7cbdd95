package io.loadlab.campaign.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.plan.CampaignPlan;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.workload.Workloads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A workload registered only through the SPI (core's test-only {@link
 * io.loadlab.core.workload.sleep.SleepWorkload}, named by this module's test resources'
 * META-INF/services) is a campaign step like any other: its options checked by its description,
 * swept, planned; nothing of the command line needed but the last whole check, handed in. The top
 * level's SleepCampaignRunTest runs such a step for real.
 */
class SleepWorkloadCampaignTest {
  @TempDir Path dir;

  private Path file(String step) throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(file, "name: naps\niterations: 2\nsteps:\n  - " + step + "\n");
    return file;
  }

  @Test
  void aStepOfItsCommandIsSweptAndPlanned() throws Exception {
    assertTrue(Workloads.installed().command("sleep").runsLoad(), "found by ServiceLoader");
    List<List<String>> checked = new ArrayList<>();
    Campaign c =
        CampaignValidator.read(
            file("{run: sleep, options: {duration: 1s}, sweep: {pause: [10ms, 20ms]}}"),
            checked::add);
    assertEquals(2, Matrix.cells(c).size(), "a cell per point");
    assertEquals(2, c.iterations().max(), "each run twice");
    assertEquals(2, checked.size(), "each point's command line checked whole: " + checked);
    assertTrue(checked.get(0).containsAll(List.of("sleep", "--pause", "10ms")), "" + checked);
    String plan = CampaignPlan.describe(c, dir.resolve("out"));
    assertTrue(plan.contains("sleep"), plan);
  }

  @Test
  void anOptionItsDescriptionDoesNotHaveIsRefused() throws Exception {
    UsageException e =
        assertThrows(
            UsageException.class,
            () -> CampaignValidator.read(file("{run: sleep, options: {nap: 1s}}"), args -> {}));
    assertTrue(e.getMessage().contains("nap"), e.getMessage());
  }
}
