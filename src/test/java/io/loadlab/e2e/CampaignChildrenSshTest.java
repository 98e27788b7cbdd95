package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign SIGKILLed while its run goes on a lab host over SSH and its server in another lab host
 * (root, sshd): neither the remote run nor the server outlives it.
 */
@Timeout(150)
class CampaignChildrenSshTest {
  private static final String ID = String.valueOf(ProcessHandle.current().pid() % 10_000);

  @TempDir Path dir;

  @Test
  void aKilledCampaignLeavesNoRemoteRunAndNoServerBehind() throws Exception {
    NamespaceLabs.assumeNamespacesWithSshd();
    Path lab = dir.resolve("lab.yaml");
    Files.writeString(
        lab,
        """
        name: kc-%s
        hosts: {client1: {sshd: true}, server1: {}}
        links: [{name: lan, kind: bridge, hosts: [client1, server1], subnet: 10.213.57.0/24, local: true}]
        """
            .formatted(ID));
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: killed-over-ssh
        iterations: 1
        configurations:
          - name: lab
            lab: lab.yaml
            keep: true
            services: [{on: server1, run: net serve, options: {port: 12865}, ready-port: 12865}]
        steps:
          - {run: net rr, on: [client1], options: {host: 10.213.57.3, port: 12865, duration: 90s, interval: 500ms}}
        """);
    Path out = dir.resolve("out");
    Process campaign =
        ChildJvm.start(
            List.of(),
            dir.resolve("campaign.log"),
            "campaign",
            "run",
            file.toString(),
            "--output",
            out.toString());
    try {
      AtomicReference<ProcessHandle> run = new AtomicReference<>();
      AtomicReference<ProcessHandle> serve = new AtomicReference<>();
      assertTrue(
          ChildJvm.await(
              Duration.ofSeconds(90),
              () -> {
                find("net rr", "10.213.57.3", campaign).ifPresent(run::set);
                find("net serve", "12865", null).ifPresent(serve::set);
                return run.get() != null && serve.get() != null;
              }),
          "the remote run and the server are going: " + ChildJvm.text(dir.resolve("campaign.log")));
      ProcessHandle remote = run.get();
      ProcessHandle server = serve.get();
      assertTrue(
          remote.parent().map(p -> p.pid() != campaign.pid()).orElse(true),
          "the run came over SSH, not as the campaign's own child");
      campaign.destroyForcibly(); // SIGKILL
      campaign.waitFor(10, TimeUnit.SECONDS);
      assertTrue(
          ChildJvm.await(Duration.ofSeconds(30), () -> !remote.isAlive()),
          "the run on client1 ended with its SSH session");
      assertTrue(
          ChildJvm.await(Duration.ofSeconds(30), () -> !server.isAlive()),
          "the server on server1 ended with the campaign");
    } finally {
      campaign.destroyForcibly();
      CliRun.of("lab", "down", lab.toString());
    }
  }

  /** A live loadlab process whose command line has both words, not {@code notUnder} itself. */
  private static Optional<ProcessHandle> find(String command, String word, Process notUnder) {
    return ProcessHandle.allProcesses()
        .filter(h -> notUnder == null || h.pid() != notUnder.pid())
        .filter(
            h -> {
              String c = commandLine(h);
              return c.contains("io.loadlab.cli.Main " + command) && c.contains(word);
            })
        .findFirst();
  }

  private static String commandLine(ProcessHandle h) {
    try {
      return new String(Files.readAllBytes(Path.of("/proc", String.valueOf(h.pid()), "cmdline")))
          .replace('\0', ' ');
    } catch (Exception e) {
      return "";
    }
  }
}
