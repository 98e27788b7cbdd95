package io.loadlab.campaign.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.cli.SleepCli;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A workload registered only through the SPI (the test-only {@code sleep}, its jar on loadlab's
 * class path) runs for real as a campaign step with a sweep: the campaign checks the step by the
 * descriptor, starts a child run per point, and records each run's result and figures.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class SleepCampaignRunTest {
  @TempDir Path dir;

  @Test
  void aSweptSleepStepRunsEveryPoint() throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: naps
        iterations: 1
        steps:
          - name: nap
            run: sleep
            options: {duration: 2s, interval: 500ms}
            sweep: {pause: [10ms, 50ms]}
        """);
    Path out = dir.resolve("out");
    SleepCli.Finished run =
        SleepCli.in(dir)
            .run(
                dir,
                Duration.ofSeconds(240),
                "campaign",
                "run",
                file.toString(),
                "--output",
                out.toString());
    assertEquals(0, run.code(), run.out() + run.err());
    JsonNode manifest = new ObjectMapper().readTree(out.resolve("campaign.json").toFile());
    JsonNode runs = manifest.get("runs");
    assertEquals(2, runs.size(), "a run per point: " + manifest);
    List<String> pauses = new ArrayList<>();
    long operations = 0;
    StringBuilder seen = new StringBuilder();
    for (JsonNode r : runs) {
      Path runDir = out.resolve(r.get("dir").asText());
      RunResult result = ResultJson.read(runDir.resolve("result.json"));
      assertEquals("sleep", result.workload());
      assertEquals(RunStatus.OK, result.status(), result.statusReason());
      assertTrue(Files.exists(runDir.resolve("intervals.csv")), "its run directory: " + runDir);
      pauses.add((String) result.configuration().get("pause"));
      // A child JVM starved for its whole window (load in the hundreds) records nothing in it:
      // every point must run, and the operations be counted in one of them at least.
      OperationStats sleep = result.totals().get("sleep");
      operations += sleep == null ? 0 : sleep.count();
      seen.append(r).append(' ').append(result.totals().keySet()).append('\n');
    }
    assertEquals(List.of("10ms", "50ms"), pauses.stream().sorted().toList());
    assertTrue(operations > 0, "sleep operations recorded and read back:\n" + seen);
    assertTrue(Files.exists(out.resolve("report.md")), "the campaign's report");
  }
}
