package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.cli.CliRun;
import io.loadlab.core.export.HlogExporter;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.provision.ssh.KnownHosts;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyEncryptionContext;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter;
import org.apache.sshd.common.file.virtualfs.VirtualFileSystemFactory;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.scp.server.ScpCommandFactory;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.shell.ProcessShellFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A step on two testbed machines at once over the provisioner's SSH: two MINA SSHD servers on
 * loopback stand in for client1 and client2 (each its own host key, checked against the testbed's
 * known_hosts; commands run by a real {@code sh}; SCP served). The campaign brings the testbed up
 * with {@code provision apply}, which installs a loadlab tarball; each client runs that {@code
 * bin/loadlab} remotely into its own run directory, which comes back over the same connection. The
 * run's count is the sum of the clients', and its percentiles those of the clients' histograms
 * merged here.
 */
@Timeout(180)
class CampaignSshTest {
  @TempDir Path dir;
  private final List<SshServer> servers = new ArrayList<>();
  private final List<String> commands = new CopyOnWriteArrayList<>();
  private KeyPair clientKey;
  private Path keyFile;
  private Path knownHosts;

  @AfterEach
  void stopServers() throws Exception {
    for (SshServer s : servers) {
      s.stop(true);
    }
  }

  @Test
  void oneStepOnTwoMachinesAtOnceCombinesCountsAndMergesHistograms() throws Exception {
    String client1 = sshHost("client1");
    String client2 = sshHost("client2");
    Path tarball = tarball();
    Path installDir = dir.resolve("installed/loadlab");
    Path testbed = dir.resolve("testbed.yaml");
    Files.writeString(
        testbed,
        """
        name: ssh-pair
        hosts:
          %s
          %s
        install: {loadlab: %s, dir: %s, on: [client1, client2]}
        """
            .formatted(client1, client2, tarball, installDir));
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: ssh-pair
        iterations: 1
        configurations: [{name: pair, testbed: testbed.yaml}]
        steps:
          - name: rr
            run: net rr
            on: [client1, client2]
            nice: 3
            options: {duration: 1s, interval: 250ms, warmup: 0s}
        """);

    CliRun plan = CliRun.of("campaign", "plan", file.toString());
    assertEquals(0, plan.code(), plan.out() + plan.err());
    assertTrue(plan.out().contains("2 clients at once [client1, client2] over SSH"), plan.out());

    Path out = dir.resolve("out");
    // How the configuration's guests ran, as the campaign records it once they are up (here by
    // hand: these machines are no guests); each client's run gets it over SSH as --testbed.
    Files.createDirectories(out.resolve("configurations"));
    Files.writeString(
        out.resolve("configurations/pair.testbed.json"),
        "{\"name\": \"ssh-pair\", \"virtualization\": {\"kvm1\": \"tcg\"},"
            + " \"cpuModel\": \"qemu64\"}");
    CliRun run = CliRun.of("campaign", "run", file.toString(), "--output", out.toString());
    assertEquals(0, run.code(), run.out() + run.err() + logs(out));

    assertTrue(
        commands.stream()
            .anyMatch(
                c ->
                    c.matches(
                        ".*net rr .*--testbed loadlab-campaigns/ssh-pair/files/[0-9a-f]{8}"
                            + "-pair\\.testbed\\.json.*")),
        "each client names its copy of the configuration's testbed: " + commands);
    assertTrue(
        commands.stream()
            .anyMatch(
                c ->
                    c.contains(
                        "=parent LOADLAB_AOT=0 nice -n 3 " + installDir + "/bin/loadlab net rr")),
        "ran the installed loadlab over SSH under the step's nice: " + commands);
    JsonNode m = new ObjectMapper().readTree(out.resolve("campaign.json").toFile());
    JsonNode r = m.get("runs").get(0);
    assertEquals("ok", r.get("status").asText(), r.toString());
    assertEquals("merged", r.get("latency").asText(), r.toString());
    assertEquals("[[\"nice\",\"-n\",\"3\"],[\"nice\",\"-n\",\"3\"]]", r.get("wrappers").toString());
    assertEquals(2, r.get("clients").size(), r.toString());
    long sum = 0;
    long successes = 0;
    Histogram merged = new Histogram(3);
    for (JsonNode c : r.get("clients")) {
      Path clientDir = out.resolve(c.get("dir").asText());
      JsonNode result = new ObjectMapper().readTree(clientDir.resolve("result.json").toFile());
      String op = result.get("totals").fieldNames().next();
      long count = result.get("totals").get(op).get("count").asLong();
      assertTrue(count > 0, c.toString());
      assertEquals("qemu64", result.get("testbed").get("cpuModel").asText(), c.toString());
      sum += count;
      successes += count - result.get("totals").get(op).path("errors").asLong();
      List<Boolean> warmup = new ArrayList<>();
      result.get("intervals").forEach(i -> warmup.add(i.path("warmup").asBoolean(false)));
      mergeInto(merged, clientDir.resolve("histograms.hlog"), HlogExporter.tag(op), warmup);
    }
    assertEquals(List.of("client1", "client2"), machines(r));
    assertEquals(sum, r.get("figures").get("count").asDouble(), 0.5, "combined count is the sum");
    LatencySummary expected = LatencySummary.ofNanos(merged);
    // Every measured success is in the merged histogram (failures are counted, not timed); the
    // recorder takes an interval's count of successes from its histogram, so they agree exactly.
    assertEquals(
        successes, merged.getTotalCount(), "every measured sample is in the merged histogram");
    assertEquals(expected.p50(), r.get("figures").get("p50Us").asDouble(), 1e-9);
    assertEquals(expected.p99(), r.get("figures").get("p99Us").asDouble(), 1e-9);
    assertEquals(expected.max(), r.get("figures").get("maxUs").asDouble(), 1e-9);
    // The remote run directories were removed after they came back; teardown removed the install.
    assertFalse(
        Files.exists(
            dir.resolve(
                "home-client1/loadlab-campaigns/ssh-pair/runs/pair/rr/default/1/1-client1")),
        "the remote copy is removed once it is back");
    assertFalse(Files.exists(installDir), "teardown removes the install");
    try (var left = Files.list(dir.resolve("home-client1/loadlab-campaigns/ssh-pair/files"))) {
      assertEquals(0, left.count(), "the testbed's copy is removed after the run");
    }
  }

  /**
   * A file a step's options name (here a DS2 password file beside the campaign file) is copied to
   * the testbed machine over the same SSH connection (mode 600), named there by its copy, and
   * removed when the run ends. The database is unreachable on purpose: the run gets past reading
   * its password file (exit 2 if it could not) and fails reaching the database (exit 3).
   */
  @Test
  void aFileAStepNamesIsCopiedToTheMachineAndRemovedAfter() throws Exception {
    Files.writeString(
        dir.resolve("testbed.yaml"),
        """
        name: ssh-one
        hosts:
          %s
        install: {loadlab: %s, dir: %s, on: [client1]}
        """
            .formatted(sshHost("client1"), tarball(), dir.resolve("installed/loadlab")));
    Files.writeString(dir.resolve("ds2.password"), "not-a-real-one\n");
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: ssh-files
        iterations: 1
        configurations: [{name: one, testbed: testbed.yaml}]
        steps:
          - name: ds2
            run: ds2 run
            on: [client1]
            options: {url: "jdbc:postgresql://127.0.0.1:%d/ds2", user: ds2, password-file: ds2.password, run-time: 1s}
        """
            .formatted(closedPort()));

    Path out = dir.resolve("out");
    CliRun run = CliRun.of("campaign", "run", file.toString(), "--output", out.toString());
    assertEquals(1, run.code(), run.out() + run.err() + logs(out));
    String log = logs(out);
    assertTrue(log.contains("cannot reach the database"), "read its password file: " + log);
    String remoteDir = "loadlab-campaigns/ssh-files/files";
    assertTrue(
        commands.stream().anyMatch(c -> c.contains("cat > " + remoteDir + "/")),
        "copied over SSH: " + commands);
    assertTrue(
        commands.stream()
            .anyMatch(
                c ->
                    c.contains("ds2 run")
                        && c.matches(
                            ".*--password-file " + remoteDir + "/[0-9a-f]{8}-ds2\\.password .*")),
        "the run names the copy: " + commands);
    try (var left = Files.list(Files.createDirectories(dir.resolve("home-client1/" + remoteDir)))) {
      assertEquals(0, left.count(), "the copy is removed after the run");
    }
  }

  private static int closedPort() throws Exception {
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private static List<String> machines(JsonNode run) {
    List<String> m = new ArrayList<>();
    run.get("clients").forEach(c -> m.add(c.get("machine").asText()));
    return m;
  }

  /**
   * Adds a run's histograms of an operation over its measured intervals: the n-th histogram tagged
   * with it is the run's n-th interval, and one flagged {@code warmup} (before the window, or after
   * its end) is not measured.
   */
  private static void mergeInto(Histogram into, Path hlog, String tag, List<Boolean> warmup)
      throws Exception {
    HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
    int n = 0;
    for (EncodableHistogram e = reader.nextIntervalHistogram();
        e != null;
        e = reader.nextIntervalHistogram()) {
      if (tag.equals(e.getTag())) {
        boolean measured = n >= warmup.size() || !warmup.get(n);
        n++;
        if (measured) {
          into.add((Histogram) e);
        }
      }
    }
    reader.close();
  }

  /**
   * Starts an SSH server for the testbed host {@code name} (the first call makes the client key and
   * an empty known_hosts that each server records its host key in); returns the host's testbed
   * entry.
   */
  private String sshHost(String name) throws Exception {
    if (clientKey == null) {
      clientKey = KeyUtils.generateKeyPair(KeyPairProvider.ECDSA_SHA2_NISTP256, 256);
      keyFile = dir.resolve("id_client");
      try (OutputStream out = Files.newOutputStream(keyFile)) {
        OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(
            clientKey, "test", (OpenSSHKeyEncryptionContext) null, out);
      }
      knownHosts = dir.resolve("known_hosts");
      Files.writeString(knownHosts, "");
    }
    int port = server(name, clientKey, knownHosts);
    return "%s: {address: 127.0.0.1, port: %d, user: lab, key-file: %s, known-hosts: %s}"
        .formatted(name, port, keyFile, knownHosts);
  }

  /** An SSH server whose commands run in {@code home-<name>} with {@code sh -c}; SCP served. */
  private int server(String name, KeyPair clientKey, Path knownHosts) throws Exception {
    Path home = Files.createDirectories(dir.resolve("home-" + name));
    KeyPair hostKey = KeyUtils.generateKeyPair(KeyPairProvider.ECDSA_SHA2_NISTP256, 256);
    SshServer s = SshServer.setUpDefaultServer();
    s.setHost("127.0.0.1");
    s.setPort(0);
    s.setKeyPairProvider(KeyPairProvider.wrap(hostKey));
    s.setPublickeyAuthenticator(
        (user, key, session) -> KeyUtils.compareKeys(key, clientKey.getPublic()));
    s.setFileSystemFactory(new VirtualFileSystemFactory(home));
    s.setCommandFactory(
        new ScpCommandFactory.Builder()
            .withDelegate(
                (channel, command) -> {
                  commands.add(command);
                  return new ProcessShellFactory(
                          command, "sh", "-c", "cd '" + home + "' && " + command)
                      .createShell(channel);
                })
            .build());
    s.start();
    servers.add(s);
    KnownHosts.record(knownHosts, "127.0.0.1", s.getPort(), hostKey.getPublic());
    return s.getPort();
  }

  /** A loadlab "binary tarball" whose bin/loadlab runs this test's classes. */
  private Path tarball() throws Exception {
    Path root = Files.createDirectories(dir.resolve("tar/loadlab-test/bin"));
    Path launcher = root.resolve("loadlab");
    Files.writeString(
        launcher,
        "#!/bin/sh\nexec '"
            + Path.of(System.getProperty("java.home"), "bin", "java")
            + "' -Xmx256m -XX:TieredStopAtLevel=1 -cp '"
            + System.getProperty("java.class.path")
            + "' io.loadlab.cli.Main \"$@\"\n");
    Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path tarball = dir.resolve("loadlab-test-bin.tar.gz");
    Process p =
        new ProcessBuilder(
                "tar",
                "czf",
                tarball.toString(),
                "-C",
                dir.resolve("tar").toString(),
                "loadlab-test")
            .redirectErrorStream(true)
            .start();
    assertEquals(0, p.waitFor(), new String(p.getInputStream().readAllBytes()));
    return tarball;
  }

  private static String logs(Path out) {
    StringBuilder sb = new StringBuilder();
    try (var files = Files.walk(out)) {
      for (Path p : files.filter(x -> x.toString().endsWith(".log")).toList()) {
        sb.append("\n== ").append(p).append('\n').append(Files.readString(p));
      }
    } catch (Exception e) {
      // no logs
    }
    return sb.toString();
  }
}
