package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rehearsal campaign on namespace labs (root): two lab configurations brought up and down by the
 * campaign, {@code net serve} started in the server host of each, and one step run on two lab hosts
 * at once; the run's count is the sum of the two clients' counts.
 */
@Timeout(240)
class CampaignLabTest {
  @TempDir Path dir;

  @Test
  void twoLabConfigurationsWithAStepOnTwoHostsAtOnce() throws Exception {
    NamespaceLabs.assumeNamespaces();
    for (String kind : new String[] {"bridge", "jumbo"}) {
      Files.writeString(
          dir.resolve("lab-" + kind + ".yaml"),
          """
          name: ctest-%s
          hosts: {client1: {}, client2: {}, server1: {}}
          links: [{name: lan, kind: bridge, hosts: [client1, client2, server1], subnet: 10.213.%d.0/24, mtu: %d}]
          """
              .formatted(
                  kind, kind.equals("bridge") ? 41 : 42, kind.equals("bridge") ? 1500 : 9000));
    }
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: lab-rehearsal
        iterations: 1
        configurations:
          - name: mtu1500
            lab: lab-bridge.yaml
            vars: {server: 10.213.41.3}
            services: [{on: server1, run: net serve, options: {port: 12865}, ready-port: 12865}]
          - name: mtu9000
            lab: lab-jumbo.yaml
            vars: {server: 10.213.42.3}
            services: [{on: server1, run: net serve, options: {port: 12865}, ready-port: 12865}]
        steps:
          - name: rr
            run: net rr
            on: [client1, client2]
            options: {host: "${server}", port: 12865, duration: 1s, interval: 250ms}
        """);
    Path out = dir.resolve("out");
    CliRun run = CliRun.of("campaign", "run", file.toString(), "--output", out.toString());
    assertEquals(0, run.code(), run.out() + run.err() + NamespaceLabs.logs(out));
    NamespaceLabs.assertRunsAddUpTheirClients(
        out,
        2,
        // Each client ran in its own lab host and recorded the lab as its testbed.
        result ->
            assertTrue(
                result.get("testbed").toString().contains("ctest-"),
                result.get("testbed").toString()));
    assertFalse(Files.exists(dir.resolve("lab-bridge.yaml.d")), "the lab was brought down");
    assertFalse(Files.exists(dir.resolve("lab-jumbo.yaml.d")), "the lab was brought down");
    String report = Files.readString(out.resolve("report.md"));
    assertTrue(report.contains("| point | mtu1500 | mtu9000 |"), report);
  }
}
