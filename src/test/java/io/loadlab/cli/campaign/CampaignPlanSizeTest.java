package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign of 10,000 sweep points plans: every point's command line is checked as the command
 * would check it, and the plan counts them all. (How long it takes is measured in
 * docs/benchmarks.md; the time-out here only catches a plan that got orders of magnitude slower.)
 */
@Timeout(60)
class CampaignPlanSizeTest {
  @TempDir Path dir;

  @Test
  void tenThousandPointsPlan() throws Exception {
    String hundred =
        IntStream.rangeClosed(1, 100).mapToObj(String::valueOf).collect(Collectors.joining(", "));
    Path file = dir.resolve("big.yaml");
    Files.writeString(
        file,
        """
        name: big
        iterations: 1
        steps:
          - {run: net rr, options: {duration: 1s}, sweep: {users: [%s], request: [%s]}}
        """
            .formatted(hundred, hundred));
    long t0 = System.nanoTime();
    CliRun plan =
        CliRun.of("campaign", "plan", file.toString(), "--output", dir.resolve("out").toString());
    double seconds = (System.nanoTime() - t0) / 1e9;
    assertEquals(0, plan.code(), plan.err());
    assertTrue(plan.out().contains("10000 points x 1 iterations"), plan.out());
    assertTrue(plan.out().contains("= 10000 runs"), plan.out());
    System.out.printf("planned 10,000 points in %.1f s%n", seconds);
  }
}
