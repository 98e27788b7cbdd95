package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Estimates from measurements: a small local net rr campaign (two runs of 1 s against a loopback
 * server) is planned, run, and planned again; the second plan estimates from the measured runs in
 * its campaign.json, and the ETA while it ran came from the runs done.
 */
@Timeout(120)
class CampaignEstimateTest {
  @TempDir Path dir;

  private static final Pattern PROGRESS =
      Pattern.compile("\\[1/2] here · rr · iteration 1/2 · ([0-9.]+) s · ok · ETA (\\S+)");
  private static final Pattern STEP = Pattern.compile("~([0-9]+) s a run");
  private static final Pattern TOTAL = Pattern.compile("= 2 runs, about (\\S+) \\(");

  @Test
  void planAfterARunEstimatesFromItsMeasuredRuns() throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: measured
        iterations: 2
        steps:
          - {name: rr, run: net rr, options: {duration: 1s, interval: 200ms}}
        """);
    Path out = dir.resolve("out");
    CliRun before = CliRun.of("campaign", "plan", file.toString(), "--output", out.toString());
    assertEquals(0, before.code(), before.out() + before.err());
    assertTrue(before.out().contains("~3 s a run\n"), "1 s + 2 s overhead: " + before.out());
    assertTrue(before.out().contains("(from the steps' durations; no "), before.out());

    CliRun run = CliRun.of("campaign", "run", file.toString(), "--output", out.toString());
    assertEquals(0, run.code(), run.out() + run.err());
    Matcher p = PROGRESS.matcher(run.out());
    assertTrue(p.find(), run.out());
    // One run left after the first: the ETA is what the first one took.
    assertEquals(Double.parseDouble(p.group(1)), seconds(p.group(2)), 1.0, p.group());

    JsonNode m = new ObjectMapper().readTree(out.resolve("campaign.json").toFile());
    double mean =
        (m.get("runs").get(0).get("seconds").asDouble()
                + m.get("runs").get(1).get("seconds").asDouble())
            / 2;

    CliRun after = CliRun.of("campaign", "plan", file.toString(), "--output", out.toString());
    assertEquals(0, after.code(), after.out() + after.err());
    assertTrue(after.out().contains("(measured: mean of 2 runs)"), after.out());
    assertTrue(
        after.out().contains("(from 2 measured runs in " + out.resolve("campaign.json") + ")"),
        after.out());
    assertTrue(after.out().contains("2 runs done, about 0s left"), after.out());
    Matcher step = STEP.matcher(after.out());
    assertTrue(step.find(), after.out());
    assertEquals(mean, Double.parseDouble(step.group(1)), 0.51, "a run: " + after.out());
    Matcher total = TOTAL.matcher(after.out());
    assertTrue(total.find(), after.out());
    assertEquals(2 * mean, seconds(total.group(1)), 0.51, "the campaign: " + after.out());
  }

  /** Seconds of an ETA text: 45s, 3m05s, 2h10m. */
  private static double seconds(String eta) {
    Matcher m = Pattern.compile("(?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+)s)?").matcher(eta);
    assertTrue(m.matches(), eta);
    double s = 0;
    for (int g = 1; g <= 3; g++) {
      if (m.group(g) != null) {
        s += Integer.parseInt(m.group(g)) * new int[] {3600, 60, 1}[g - 1];
      }
    }
    return s;
  }
}
