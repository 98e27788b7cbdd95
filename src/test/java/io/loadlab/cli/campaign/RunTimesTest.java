package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Run times learnt from measured runs: per step, else the step's durations scaled. */
class RunTimesTest {
  @TempDir Path dir;

  @Test
  void aMeasuredStepTakesItsMeanAndAnotherItsDurationsScaledAsTheMeasuredRuns() throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: times
        iterations: 2
        steps:
          - {name: a, run: net rr, options: {duration: 1s}}
          - {name: b, run: net rr, options: {duration: 5s, warmup: 1s}}
        """);
    Campaign c = CampaignValidator.read(file);
    List<Matrix.Cell> cells = Matrix.cells(c);
    Campaign.Step a = c.steps().get(0);
    Campaign.Step b = c.steps().get(1);
    assertEquals(3.0, RunTimes.planned(a), 1e-9);
    assertEquals(8.0, RunTimes.planned(b), 1e-9);

    Manifest m = new Manifest();
    m.runs.add(run(cells.get(0), 1, "ok", 6.0));
    m.runs.add(run(cells.get(0), 2, "running", 1.0)); // interrupted: not a measurement
    Manifest.RunEntry other = run(cells.get(1), 1, "ok", 100.0);
    other.commandLines = List.of(List.of("net", "rr", "--duration", "99s"));
    m.runs.add(other); // another version of the file: left out
    RunTimes t = RunTimes.of(cells, m);

    assertEquals(1, t.measuredRuns());
    assertEquals(1, t.foreignRuns());
    assertEquals(6.0, t.seconds(a), 1e-9, "a: its measured run");
    assertEquals(16.0, t.seconds(b), 1e-9, "b: 8 s planned x (6 s measured / 3 s planned)");
    // Left, after the runs a resumed campaign keeps: a 1 run of 6 s, b 2 runs of 16 s.
    Manifest kept = new Manifest();
    kept.runs = t.kept();
    assertEquals(1, kept.runs.size());
    assertEquals(6.0 + 2 * 16.0, t.left(cells, 0, kept, true), 1e-9);
    assertEquals(2 * 16.0, t.left(cells, 1, kept, true), 1e-9, "from b's cell on");

    Manifest.RunEntry b1 = run(cells.get(1), 2, "failed", 10.0);
    t.add(b, b1);
    assertEquals(10.0, t.seconds(b), 1e-9, "b: measured now");
  }

  private static Manifest.RunEntry run(Matrix.Cell cell, int i, String status, double seconds) {
    Manifest.RunEntry r = new Manifest.RunEntry();
    r.id = cell.runId(i);
    r.cell = cell.id();
    r.step = cell.step().name();
    r.iteration = i;
    r.status = status;
    r.seconds = seconds;
    r.commandLines = cell.commandLines();
    return r;
  }
}
