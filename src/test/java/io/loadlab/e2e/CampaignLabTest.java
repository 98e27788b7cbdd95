package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
    assumeTrue(
        "root".equals(System.getProperty("user.name")),
        "skipped: network namespaces need root (running as "
            + System.getProperty("user.name")
            + "); CI runs as root");
    assumeTrue(
        Files.isExecutable(Path.of("/usr/sbin/ip")) || Files.isExecutable(Path.of("/sbin/ip")),
        "skipped: the 'ip' command (Debian package iproute2) is not installed");
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
    assertEquals(0, run.code(), run.out() + run.err() + logs(out));
    JsonNode m = new ObjectMapper().readTree(out.resolve("campaign.json").toFile());
    assertEquals(2, m.get("runs").size());
    for (JsonNode r : m.get("runs")) {
      assertEquals("ok", r.get("status").asText(), r.toString());
      assertEquals(2, r.get("clients").size(), r.toString());
      double sum = 0;
      for (JsonNode c : r.get("clients")) {
        JsonNode result =
            new ObjectMapper()
                .readTree(out.resolve(c.get("dir").asText()).resolve("result.json").toFile());
        String op = result.get("totals").fieldNames().next();
        long count = result.get("totals").get(op).get("count").asLong();
        assertTrue(count > 0, c.toString());
        sum += count;
        // Each client ran in its own lab host and recorded the lab as its testbed.
        assertTrue(
            result.get("testbed").toString().contains("ctest-"), result.get("testbed").toString());
      }
      assertEquals(sum, r.get("figures").get("count").asDouble(), 0.5, "combined count is the sum");
    }
    assertFalse(Files.exists(dir.resolve("lab-bridge.yaml.d")), "the lab was brought down");
    assertFalse(Files.exists(dir.resolve("lab-jumbo.yaml.d")), "the lab was brought down");
    String report = Files.readString(out.resolve("report.md"));
    assertTrue(report.contains("| point | mtu1500 | mtu9000 |"), report);
  }

  private static String logs(Path out) {
    try (var files = Files.walk(out)) {
      StringBuilder sb = new StringBuilder();
      files
          .filter(p -> p.toString().endsWith(".log"))
          .forEach(p -> sb.append("\n== ").append(p).append('\n').append(ChildJvm.text(p)));
      return sb.toString();
    } catch (Exception e) {
      return "";
    }
  }
}
