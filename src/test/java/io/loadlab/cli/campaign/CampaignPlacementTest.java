package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.cli.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A step's {@code nice} and {@code cpus} on this machine: the run's child process (the one the
 * campaign tracks by pid) really has that niceness and CPU affinity while it runs, as {@code nice}
 * and {@code numactl} (which CI installs) set them; bad values are refused up front.
 */
@Timeout(120)
class CampaignPlacementTest {
  @TempDir Path dir;

  @Test
  void theRunsChildRunsWithTheNicenessAndCpusGiven() throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: placed
        iterations: 1
        steps:
          - name: rr
            run: net rr
            nice: 5
            cpus: "0"
            options: {duration: 3s, interval: 500ms, warmup: 0s}
        """);
    CliRun plan = CliRun.of("campaign", "plan", file.toString());
    assertEquals(0, plan.code(), plan.out() + plan.err());
    assertTrue(
        plan.out().contains("e.g. nice -n 5 numactl --physcpubind=0 loadlab net rr "), plan.out());

    Path out = dir.resolve("out");
    CompletableFuture<CliRun> run =
        CompletableFuture.supplyAsync(
            () -> CliRun.of("campaign", "run", file.toString(), "--output", out.toString()));
    long pid = awaitPid(out.resolve("campaign.json"), run);
    Path proc = Path.of("/proc", Long.toString(pid));
    // The wrappers exec the run: once /proc shows loadlab's JVM (not nice or numactl, whose own
    // command lines hold the run's too), the pid is the run itself, niced and placed.
    String cmdline = "";
    for (int i = 0;
        i < 1500 && (!cmdline.contains("io.loadlab.cli.Main") || isWrapper(cmdline));
        i++) {
      cmdline = Files.readString(proc.resolve("cmdline")).replace('\0', ' ');
      Thread.sleep(20);
    }
    assertTrue(cmdline.contains("io.loadlab.cli.Main net rr"), cmdline);
    String stat = Files.readString(proc.resolve("stat"));
    // Fields after the command's ")": state is field 3, nice field 19.
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    assertEquals("5", fields[19 - 3], stat);
    String cpus =
        Files.readString(proc.resolve("status"))
            .lines()
            .filter(l -> l.startsWith("Cpus_allowed_list:"))
            .findFirst()
            .orElseThrow();
    assertEquals("Cpus_allowed_list:\t0", cpus);

    CliRun done = run.get();
    assertEquals(0, done.code(), done.out() + done.err());
    JsonNode r = new ObjectMapper().readTree(out.resolve("campaign.json").toFile()).get("runs");
    assertEquals("ok", r.get(0).get("status").asText(), r.toString());
    assertEquals(
        "[[\"nice\",\"-n\",\"5\",\"numactl\",\"--physcpubind=0\"]]",
        r.get(0).get("wrappers").toString());
    assertEquals("net", r.get(0).get("commandLines").get(0).get(0).asText(), "loadlab's own args");
  }

  private static boolean isWrapper(String cmdline) {
    String program = cmdline.split(" ", 2)[0];
    return program.endsWith("nice") || program.endsWith("numactl");
  }

  /** The pid the campaign records for its first run while it runs. */
  private static long awaitPid(Path manifest, CompletableFuture<CliRun> run) throws Exception {
    for (int i = 0; i < 600; i++) {
      if (run.isDone()) {
        CliRun r = run.get();
        throw new AssertionError("the campaign ended first: " + r.out() + r.err());
      }
      try {
        JsonNode runs = new ObjectMapper().readTree(manifest.toFile()).get("runs");
        if (runs != null && runs.size() > 0 && runs.get(0).has("pids")) {
          return runs.get(0).get("pids").get(0).asLong();
        }
      } catch (IOException e) {
        // not written yet
      }
      Thread.sleep(50);
    }
    throw new AssertionError("no pid in " + manifest);
  }

  @Test
  void badPlacementIsRefusedUpFrontNamingEachField() throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: bad
        steps:
          - name: rr
            run: net rr
            nice: 20
            numa-node: 4096
            options: {duration: 1s}
          - name: crr
            run: net crr
            cpus: "0-8191"
            options: {duration: 1s}
          - name: far
            run: net rr
            cpus: "3-1"
            options: {duration: 1s}
        """);
    for (String command : new String[] {"plan", "run"}) {
      CliRun r =
          CliRun.of(
              "campaign", command, file.toString(), "--output", dir.resolve("out").toString());
      assertEquals(2, r.code(), r.out() + r.err());
      String err = r.err();
      assertTrue(err.contains("steps[0].nice: 20 is out of range; give a niceness"), err);
      assertTrue(err.contains("steps[0].numa-node: 4096 is not a NUMA node of this machine"), err);
      assertTrue(
          err.contains("steps[1].cpus: '0-8191' names CPUs this machine does not have online"),
          err);
      assertTrue(err.contains("steps[2].cpus: '3-1' is not a CPU list"), err);
      assertTrue(!Files.exists(dir.resolve("out/campaign.json")), "nothing ran");
    }
  }
}
