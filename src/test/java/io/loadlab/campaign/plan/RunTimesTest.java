package io.loadlab.campaign.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.loadlab.campaign.StepCommands;
import io.loadlab.campaign.check.CampaignValidator;
import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.results.Manifest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Run times learnt from measured runs, in their two parts (measured time and start-up): per step,
 * else the step's durations and default start-up, each scaled as the measured runs took.
 */
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
    Campaign c = CampaignValidator.read(file, StepCommands.installed()::check);
    List<Matrix.Cell> cells = Matrix.cells(c);
    Campaign.Step a = c.steps().get(0);
    Campaign.Step b = c.steps().get(1);
    // Three clients (on testbed machines, as a step's clients: would give).
    Campaign.Step three =
        new Campaign.Step(
            "c",
            a.command(),
            a.options(),
            a.sweep(),
            a.iterations(),
            List.of(
                new Campaign.Client("m1", Map.of()),
                new Campaign.Client("m2", Map.of()),
                new Campaign.Client("m3", Map.of())),
            a.operation(),
            a.figures(),
            a.bestOver());
    assertEquals(1.0, RunTimes.plannedWork(a), 1e-9);
    assertEquals(6.0, RunTimes.plannedWork(b), 1e-9);
    assertEquals(1.5, RunTimes.plannedStartUp(a), 1e-9, "one client's JVM");
    assertEquals(1.5 + 2 * 1.5, RunTimes.plannedStartUp(three), 1e-9, "and two more clients'");
    RunTimes none = new RunTimes();
    assertEquals(1.0 + 1.5 + 0.2, none.seconds(a), 1e-9, "nothing measured: the defaults");

    Manifest m = new Manifest();
    Manifest.RunEntry a1 = run(cells.get(0), 1, "ok", 6.0);
    a1.overheadSeconds = 2.5; // so 3.5 s measured by the run itself
    a1.bookkeepingMs = 500.0;
    m.runs.add(a1);
    m.runs.add(run(cells.get(0), 2, "running", 1.0)); // interrupted: not a measurement
    Manifest.RunEntry other = run(cells.get(1), 1, "ok", 100.0);
    other.commandLines = List.of(List.of("net", "rr", "--duration", "99s"));
    m.runs.add(other); // another version of the file: left out
    RunTimes t = RunTimes.of(cells, m);

    assertEquals(1, t.measuredRuns());
    assertEquals(1, t.foreignRuns());
    assertEquals(3.5, t.work(a), 1e-9, "a: its measured run's own time");
    assertEquals(2.5 + 0.5, t.startUp(a), 1e-9, "a: its start-up and the bookkeeping");
    assertEquals(6.5, t.seconds(a), 1e-9);
    assertEquals(6.0 * 3.5 / 1.0, t.work(b), 1e-9, "b: 6 s planned x (3.5 s measured / 1 s)");
    assertEquals(1.5 * 2.5 / 1.5 + 0.5, t.startUp(b), 1e-9, "b: 1.5 s x (2.5 s / 1.5 s) + 0.5 s");
    assertEquals(4.5 * 2.5 / 1.5 + 0.5, t.startUp(three), 1e-9, "three clients, scaled alike");

    // Left, after the runs a resumed campaign keeps: a 1 run, b 2 runs.
    Manifest kept = new Manifest();
    kept.runs = t.kept();
    assertEquals(1, kept.runs.size());
    ConfigurationTimes here = new ConfigurationTimes();
    CampaignEstimate left = CampaignEstimate.left(cells, 0, kept, true, t, here, null);
    assertEquals(3.5 + 2 * 21.0, left.runs(), 1e-9);
    assertEquals(3.0 + 2 * 3.0, left.startUps(), 1e-9);
    assertEquals(0, left.configurations(), 1e-9, "this machine as it is: nothing around");
    CampaignEstimate fromB = CampaignEstimate.left(cells, 1, kept, true, t, here, null);
    assertEquals(2 * 21.0, fromB.runs(), 1e-9, "from b's cell on");

    Manifest.RunEntry b1 = run(cells.get(1), 2, "failed", 10.0);
    t.add(b, b1);
    assertEquals(8.5, t.work(b), 1e-9, "b: measured now; recorded without overheadSeconds,");
    assertEquals(1.5 + 0.5, t.startUp(b), 1e-9, "the default start-up taken from its seconds");
    assertEquals(1, t.measuredRuns(b), "runs counted, not seconds");
    assertEquals(2, t.measuredRuns());
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

  /**
   * A step whose clients run over SSH (the SSH rehearsal's lab: sshd hosts on a bridge that joins
   * this machine) costs each of them its SSH start and the copy of its results back, in the plan
   * and in the ETA; the same step in a lab without sshd does not.
   */
  @Test
  void eachClientOverSshAddsItsStartAndTheCopyOfItsResults() throws Exception {
    Path root = Path.of(System.getProperty("user.dir")).getParent();
    Campaign ssh =
        CampaignValidator.read(
            root.resolve("examples/net-transactions/rehearsal-ssh.yaml"), args -> {});
    Campaign.Step rr = ssh.steps().get(0);
    Campaign.Configuration lab = ssh.configurations().get(0);
    assertEquals(2, SshClients.count(lab, rr), "client1 and client2 run sshd on the local bridge");
    double sshClient = RunTimes.SSH_CLIENT_START_SECONDS + RunTimes.SSH_RESULT_COPY_SECONDS;
    double twoClients = RunTimes.RUN_START_SECONDS + RunTimes.EXTRA_CLIENT_SECONDS;
    RunTimes none = new RunTimes();
    double bookkeeping = RunTimes.BOOKKEEPING_SECONDS;
    assertEquals(twoClients + 2 * sshClient + bookkeeping, none.startUp(rr, lab), 1e-9, "plan");
    assertEquals(twoClients + 2 * sshClient + bookkeeping, none.startUp(lab, rr), 1e-9, "ETA");
    assertEquals(10 + twoClients + 2 * sshClient + bookkeeping, none.seconds(rr, lab), 1e-9);
    assertEquals(twoClients + bookkeeping, none.startUp(rr), 1e-9, "no configuration: no SSH");

    // The same lab without sshd: its clients run in their namespaces (ip netns exec).
    Path noSshd = dir.resolve("lab.yaml");
    Files.writeString(
        noSshd,
        Files.readString(lab.file()).replace("{sshd: true}", "{}").replace("ntx-ssh1500", "nossh"));
    Campaign.Configuration plain =
        new Campaign.Configuration(
            "plain",
            lab.kind(),
            noSshd,
            lab.keep(),
            lab.vars(),
            "nossh",
            lab.machines(),
            lab.services());
    assertEquals(0, SshClients.count(plain, rr));
    assertEquals(twoClients + bookkeeping, none.startUp(plain, rr), 1e-9);
  }
}
