package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * CPU per transaction as a campaign records it in a namespace lab ({@code cpuProcessUsPerOp}, and
 * the client's and the server's parts of it) is the lab's two processes' own CPU: checked against
 * their {@code utime + stime} in {@code /proc/PID/stat}, read every 20 ms while they run, over the
 * run's measured window. Threads of this JVM keep every CPU busy meanwhile, so the machine-wide
 * figure ({@code cpuUsPerOp}) is far from the processes' and the check would fail on it (asserted
 * too, so the test says when it cannot tell the two apart). Tolerances are generous: the machine is
 * shared and /proc counts in 10 ms ticks.
 */
@Timeout(300)
class CampaignProcessCpuTest {
  @TempDir Path dir;

  @Test
  void cpuPerTransactionIsTheLabProcessesOwnAsProcCountsIt() throws Exception {
    NamespaceLabs.assumeNamespaces();
    String lab = "pcpu" + ProcessHandle.current().pid() % 100000;
    Files.writeString(
        dir.resolve("lab.yaml"),
        """
        name: %s
        hosts: {client1: {}, server1: {}}
        links: [{name: lan, kind: veth, hosts: [client1, server1], subnet: 10.213.47.0/30}]
        """
            .formatted(lab));
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: process-cpu
        iterations: 1
        configurations:
          - name: veth
            lab: lab.yaml
            services: [{on: server1, run: net serve, options: {port: 12871}, ready-port: 12871}]
        steps:
          - name: rr
            run: net rr
            on: [client1]
            options: {host: 10.213.47.2, port: 12871, warmup: 1s, duration: 4s, interval: 500ms}
            figures: [rate, cpuProcessUsPerOp, cpuClientUsPerOp, cpuServerUsPerOp, cpuUsPerOp]
        """);
    Path out = dir.resolve("out");
    CompletableFuture<CliRun> campaign =
        CompletableFuture.supplyAsync(
            () -> CliRun.of("campaign", "run", file.toString(), "--output", out.toString()));
    CliRun run;
    ProcCpuWatch client = null;
    ProcCpuWatch server = null;
    List<Thread> burners = new ArrayList<>();
    try {
      server = new ProcCpuWatch("ll-" + lab + "-server1", "serve");
      client = new ProcCpuWatch("ll-" + lab + "-client1", "rr");
      while (client.pid() < 0 && !campaign.isDone()) {
        Thread.sleep(20);
      }
      // Every CPU busy with work that is no lab process's, while the client runs.
      for (int i = 0; i < Runtime.getRuntime().availableProcessors() + 1; i++) {
        Thread t = new Thread(CampaignProcessCpuTest::burn, "burner-" + i);
        t.setDaemon(true);
        t.start();
        burners.add(t);
      }
      while (!client.ended() && !campaign.isDone()) {
        Thread.sleep(20);
      }
    } finally {
      burners.forEach(Thread::interrupt);
      run = campaign.get(240, TimeUnit.SECONDS);
      if (client != null) {
        client.close();
      }
      if (server != null) {
        server.close();
      }
    }
    assertEquals(0, run.code(), run.out() + run.err() + NamespaceLabs.logs(out));

    ObjectMapper json = new ObjectMapper();
    JsonNode r = json.readTree(out.resolve("campaign.json").toFile()).get("runs").get(0);
    JsonNode result =
        json.readTree(out.resolve(r.get("dir").asText()).resolve("result.json").toFile());
    double from = Double.NaN;
    double to = Double.NaN;
    for (JsonNode i : result.get("intervals")) {
      if (!i.get("warmup").asBoolean() && !i.get("operations").isEmpty()) {
        from = Double.isNaN(from) ? i.get("startEpochMs").asDouble() : from;
        to = i.get("endEpochMs").asDouble();
      }
    }
    JsonNode f = r.get("figures");
    double count = f.get("count").asDouble();
    assertTrue(count > 0, f.toString());
    Double clientProc = client.nanos(from, to);
    Double serverProc = server.nanos(from, to);
    assertNotNull(clientProc, "the client was not read over its window: " + client.readings());
    assertNotNull(serverProc, "the server was not read over the window: " + server.readings());
    double clientRecorded = f.get("cpuClientUsPerOp").asDouble() * count * 1000;
    double serverRecorded = f.get("cpuServerUsPerOp").asDouble() * count * 1000;
    double bothRecorded = f.get("cpuProcessUsPerOp").asDouble() * count * 1000;
    double machine = f.get("cpuUsPerOp").asDouble() * count * 1000;
    String seen =
        String.format(
            Locale.ROOT,
            "over %.0f ms: recorded client %.0f ms, server %.0f ms, both %.0f ms, machine %.0f ms;"
                + " /proc client %.0f ms, server %.0f ms",
            to - from,
            clientRecorded / 1e6,
            serverRecorded / 1e6,
            bothRecorded / 1e6,
            machine / 1e6,
            clientProc / 1e6,
            serverProc / 1e6);
    System.out.println("CampaignProcessCpuTest " + seen);
    assertEquals(clientRecorded + serverRecorded, bothRecorded, 1e6, seen);
    assertNear(clientRecorded, clientProc, "client", seen);
    assertNear(serverRecorded, serverProc, "server", seen);
    assertNear(bothRecorded, clientProc + serverProc, "both", seen);
    // The machine-wide figure is far outside that band: this check tells the two apart.
    assertTrue(machine > 1.5 * (clientProc + serverProc) + SLACK_NS, "machine-wide: " + seen);
  }

  /** Two readings of each end (20 ms apart) and the 10 ms ticks: a tenth of a second. */
  private static final double SLACK_NS = 100e6;

  /** {@code recorded} within half to one and a half times {@code proc}, give or take the slack. */
  private static void assertNear(double recorded, double proc, String which, String seen) {
    assertTrue(
        recorded >= 0.5 * proc - SLACK_NS && recorded <= 1.5 * proc + SLACK_NS,
        which + " is not its process's own CPU: " + seen);
  }

  private static void burn() {
    long x = 0;
    while (!Thread.currentThread().isInterrupted()) {
      x += System.nanoTime() % 7;
    }
    if (x == 42) {
      System.out.print("");
    }
  }
}
