package io.loadlab.campaign.run;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.campaign.StepCommands;
import io.loadlab.campaign.check.CampaignValidator;
import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.results.Manifest;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resuming stops what an interrupted run left going: here a process writing into the run's
 * directory whose parent is gone (as the JMeter of a {@code jmeter run} whose loadlab was killed on
 * its own), found by its command line, while one writing into another run's directory is left.
 */
@Timeout(60)
class CampaignOrphansTest {
  @TempDir Path dir;

  @Test
  void resumeStopsAProcessStillWritingIntoTheInterruptedRun() throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file, "name: orphans\niterations: 1\nsteps:\n  - {run: net rr, options: {duration: 1s}}\n");
    Campaign campaign = CampaignValidator.read(file, StepCommands.installed()::check);
    Path out = dir.resolve("out");
    Files.createDirectories(out);
    Manifest m = new Manifest();
    Manifest.RunEntry r = new Manifest.RunEntry();
    r.id = "here/rr/-/1";
    r.cell = "here/rr/-";
    r.dir = "runs/here/rr/default/1";
    r.status = "running";
    m.runs.add(r);
    m.write(out);
    Path runDir = out.resolve(r.dir);
    Process orphan = sleeper(runDir.resolve("run.jtl").toString());
    Process other = sleeper(runDir + "0/run.jtl");
    try {
      new CampaignRunner(campaign, out, new PrintStream(new ByteArrayOutputStream())).open(false);
      assertTrue(orphan.waitFor(10, TimeUnit.SECONDS), "the orphan was stopped");
      assertTrue(other.isAlive(), "another run's process is left");
    } finally {
      orphan.destroyForcibly();
      other.destroyForcibly();
    }
    assertFalse(CampaignResume.writesInto("x " + runDir + "0/a", runDir.toString()));
    assertTrue(CampaignResume.writesInto("x --output " + runDir, runDir.toString()));
  }

  @Test
  void aRunWithALongCommandLineIsFoundToo() throws Exception {
    // A run's JVM started with a long class path: the JDK's ProcessHandle.Info gives no arguments
    // past 4 KB of command line on Linux.
    Path runDir = dir.resolve("out/runs/here/rr/default/1");
    Process orphan = sleeper("x".repeat(6000), "--output", runDir.toString());
    try {
      String seen = "";
      for (int i = 0; i < 100 && !seen.endsWith(runDir.toString()); i++) {
        Thread.sleep(50);
        seen = CampaignResume.commandLine(orphan.toHandle());
      }
      assertTrue(seen.length() > 6000, "the whole command line: " + seen.length() + " chars");
      assertTrue(CampaignResume.writesInto(seen, runDir.toString()), seen);
    } finally {
      orphan.destroyForcibly();
    }
  }

  /** {@code sh -c 'sleep 120' ARGS}: a process whose command line names {@code args}. */
  private static Process sleeper(String... args) throws Exception {
    List<String> cmd = new java.util.ArrayList<>(List.of("sh", "-c", "sleep 120"));
    cmd.addAll(List.of(args));
    return new ProcessBuilder(cmd).start();
  }
}
