package io.loadlab.campaign.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.campaign.StepCommands;
import io.loadlab.campaign.check.CampaignValidator;
import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.results.Manifest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The estimate printed before {@code campaign run --retry-failed}: a retried run costs what it took
 * when it last ran long enough to measure, else what the ok runs say a run of its step takes, never
 * its first, fast failure (nor its configuration's other fast failures, kept unretried).
 */
@Timeout(60)
class RetryEtaTest {
  @TempDir Path dir;

  private static final double BOOKKEEPING = RunTimes.BOOKKEEPING_SECONDS;

  @Test
  void retriedRunsCostTheirLastMeasuredTimeOrTheOkRunsNotTheirFastFailure() throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: retry-eta
        iterations: 2
        configurations:
          - {name: local, vars: {port: "12865"}}
          - {name: remote, vars: {port: "12866"}}
        steps:
          - {name: rr, run: net rr, options: {duration: 5s, host: 127.0.0.1, port: "${port}"}, sweep: {users: [1, 10]}}
        """);
    Campaign c = CampaignValidator.read(file, StepCommands.installed()::check);
    List<Matrix.Cell> cells = Matrix.cells(c);
    Manifest m = new Manifest();
    Map<String, List<Manifest.Attempt>> retried = new LinkedHashMap<>();
    for (Matrix.Cell cell : cells) {
      boolean local = cell.configuration().name().equals("local");
      boolean users10 = cell.point().get("users").equals("10");
      for (int i = 1; i <= 2; i++) {
        if (local) {
          m.runs.add(run(cell, i, "ok", 7.0, 2.0)); // 5 s measured, 2 s around it
        } else if (!users10) {
          m.runs.add(run(cell, i, "failed", 1.0, 1.0)); // refused at once; not retried
        } else {
          // Retried: run 1 once ran its 10 s before failing, then was refused at once; run 2 was
          // only ever refused.
          List<Manifest.Attempt> attempts = new ArrayList<>();
          if (i == 1) {
            attempts.add(attempt(12.0, 2.0));
          }
          attempts.add(attempt(1.0, 1.0));
          retried.put(cell.runId(i), attempts);
        }
      }
    }
    RunTimes times = RunTimes.of(cells, m);
    times.retrying(retried, cells);
    double left =
        CampaignEstimate.left(cells, 0, m, true, times, new ConfigurationTimes(), null).total();
    // Run 1: its measured attempt, 10 + 2 s; run 2: as the ok runs of rr took, 5 + 2 s.
    double expected = (12.0 + BOOKKEEPING) + (7.0 + BOOKKEEPING);
    assertEquals(expected, left, 0.01);
    // Before, both cost remote's fast failures: about 1 s each.
    assertTrue(left > 4 * (1.0 + BOOKKEEPING), "not the fast failures' " + left);

    // The plan printed before the retry says the same.
    m.write(dir);
    String plan = CampaignPlan.describe(c, dir, retried);
    assertTrue(plan.contains("6 runs done, about " + Eta.format(expected) + " left"), plan);
  }

  @Test
  void aRunThatFailedAtItsStartMeasuredNothing() throws Exception {
    Path file = dir.resolve("c.yaml");
    Files.writeString(
        file,
        """
        name: m
        steps:
          - {name: rr, run: net rr, options: {duration: 4s, warmup: 2s}}
        """);
    Campaign.Step step =
        CampaignValidator.read(file, StepCommands.installed()::check).steps().get(0);
    assertTrue(RunTimes.measuredLongEnough(step, 9.0, 2.0), "7 s of 6 asked");
    assertTrue(RunTimes.measuredLongEnough(step, 5.0, 2.0), "3 s: half of 6");
    assertTrue(!RunTimes.measuredLongEnough(step, 2.5, 2.0), "0.5 s measured: a failed start");
    assertTrue(!RunTimes.measuredLongEnough(step, 1.0, null), "no result.json");
  }

  private static Manifest.RunEntry run(
      Matrix.Cell cell, int i, String status, double seconds, double overhead) {
    Manifest.RunEntry r = new Manifest.RunEntry();
    r.id = cell.runId(i);
    r.cell = cell.id();
    r.configuration = cell.configuration().name();
    r.step = cell.step().name();
    r.point = cell.point();
    r.iteration = i;
    r.status = status;
    r.seconds = seconds;
    r.overheadSeconds = overhead;
    r.commandLines = cell.commandLines();
    return r;
  }

  private static Manifest.Attempt attempt(double seconds, double overhead) {
    Manifest.Attempt a = new Manifest.Attempt();
    a.status = "failed";
    a.seconds = seconds;
    a.overheadSeconds = overhead;
    return a;
  }
}
