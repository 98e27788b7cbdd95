package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rehearsal on namespace labs where a step's clients are reached over SSH (root only): two lab
 * configurations whose client hosts run OpenSSH's sshd and sit on a bridge this machine joins
 * ({@code local: true}); the campaign runs {@code net rr} on both clients at once through the
 * provisioner's SSH client (host keys checked against the lab's known_hosts), the run directories
 * come back over SCP, and the run's count is the sum of the two clients' counts.
 */
@Timeout(120)
class CampaignLabSshTest {
  private static final String ID = String.valueOf(ProcessHandle.current().pid() % 10_000);

  @TempDir Path dir;

  @Test
  void aStepOnTwoLabHostsAtOnceOverSsh() throws Exception {
    NamespaceLabs.assumeNamespacesWithSshd();
    String[] kinds = {"a", "b"};
    for (int k = 0; k < 2; k++) {
      Files.writeString(
          dir.resolve("lab-" + kinds[k] + ".yaml"),
          """
          name: cs%s-%s
          hosts: {client1: {sshd: true}, client2: {sshd: true}, server1: {}}
          links: [{name: lan, kind: bridge, hosts: [client1, client2, server1], subnet: 10.213.%d.0/24, mtu: %d, local: true}]
          """
              .formatted(kinds[k], ID, 51 + k, k == 0 ? 1500 : 9000));
    }
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: lab-ssh
        iterations: 1
        configurations:
          - name: mtu1500
            lab: lab-a.yaml
            keep: true
            vars: {server: 10.213.51.3}
            services: [{on: server1, run: net serve, options: {port: 12865}, ready-port: 12865}]
          - name: mtu9000
            lab: lab-b.yaml
            keep: true
            vars: {server: 10.213.52.3}
            services: [{on: server1, run: net serve, options: {port: 12865}, ready-port: 12865}]
        steps:
          - name: rr
            run: net rr
            on: [client1, client2]
            options: {host: "${server}", port: 12865, duration: 1s, interval: 250ms, warmup: 0s}
        """);
    CliRun plan = CliRun.of("campaign", "plan", file.toString());
    assertEquals(0, plan.code(), plan.out() + plan.err());
    assertTrue(
        plan.out().contains("[client1, client2] over SSH to the lab hosts' sshd"), plan.out());
    NamespaceLabs.downLeftoverLabs(plan.out());
    Path out = dir.resolve("out");
    try {
      CliRun run = CliRun.of("campaign", "run", file.toString(), "--output", out.toString());
      assertEquals(0, run.code(), run.out() + run.err() + NamespaceLabs.logs(out));
      NamespaceLabs.assertRunsAddUpTheirClients(out, 2, result -> {});
      // Each client host's own sshd accepted the lab key: the clients ran over SSH, not netns exec.
      for (String kind : kinds) {
        for (String host : new String[] {"client1", "client2"}) {
          Path log = dir.resolve("lab-" + kind + ".yaml.d").resolve(host).resolve("sshd.log");
          String text = Files.readString(log);
          assertTrue(text.contains("Accepted publickey for root"), log + ":\n" + text);
        }
      }
    } finally {
      for (String kind : kinds) {
        if (Files.exists(dir.resolve("lab-" + kind + ".yaml.d"))) {
          CliRun.of("lab", "down", dir.resolve("lab-" + kind + ".yaml").toString());
        }
      }
    }
  }
}
