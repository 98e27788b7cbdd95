package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import io.loadlab.provision.ssh.KnownHosts;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code campaign plan} of a hardware campaign checks what {@code provision apply} and the runs
 * would need: the testbed's key file, host keys, install tarball, the steps' password files, and
 * whether each host answers on its SSH port (a loopback port here: listening, or closed). Each
 * missing piece is one line naming its file and field, exit 2; {@code --offline} tries no port.
 */
@Timeout(60)
class CampaignPlanChecksTest {
  @TempDir Path dir;

  private ServerSocket sshd;
  private final AtomicInteger connections = new AtomicInteger();
  private Thread acceptor;

  /** A stand-in for a host's sshd: accepts TCP connections and counts them. */
  @BeforeEach
  void listen() throws Exception {
    sshd = new ServerSocket(0);
    acceptor =
        new Thread(
            () -> {
              while (!sshd.isClosed()) {
                try (Socket s = sshd.accept()) {
                  connections.incrementAndGet();
                } catch (IOException e) {
                  return;
                }
              }
            });
    acceptor.setDaemon(true);
    acceptor.start();
  }

  @AfterEach
  void close() throws Exception {
    sshd.close();
    acceptor.join(5000);
  }

  /** A port nothing listens on: bound, then closed. */
  private static int closedPort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /**
   * Writes a testbed whose pieces are all there (a key file, known_hosts holding the host's key,
   * the tarball, the password file), then removes what {@code broken} names; returns the campaign.
   */
  private Path campaign(String broken, int port) throws Exception {
    Files.writeString(dir.resolve("id_test"), "not a real key; only its readability is checked\n");
    KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
    g.initialize(256);
    Path kh = dir.resolve("known_hosts");
    Files.writeString(kh, "");
    if (!broken.equals("host key")) {
      KnownHosts.record(kh, "127.0.0.1", port, g.generateKeyPair().getPublic());
    }
    Files.writeString(dir.resolve("loadlab-9-bin.tar.gz"), "x");
    Files.writeString(dir.resolve("ds2.password"), "secret\n");
    if (broken.equals("tarball")) {
      Files.delete(dir.resolve("loadlab-9-bin.tar.gz"));
    }
    if (broken.equals("password file")) {
      Files.delete(dir.resolve("ds2.password"));
    }
    Files.writeString(
        dir.resolve("testbed.yaml"),
        """
        name: rack
        hosts:
          client1: {address: 127.0.0.1, port: %d, user: lab, key-file: %s, known-hosts: known_hosts}
        install: {loadlab: loadlab-9-bin.tar.gz, on: [client1]}
        """
            .formatted(port, broken.equals("key") ? "id_missing" : "id_test"));
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: rack
        configurations: [{name: bare, testbed: testbed.yaml}]
        steps:
          - run: ds2 run
            on: [client1]
            options: {user: ds2, password-file: ds2.password, duration: 1s,
                      url: "jdbc:postgresql://10.0.0.5:5432/ds2"}
        """);
    return file;
  }

  @Test
  void aTestbedWithEveryPiecePlansAndItsHostIsTried() throws Exception {
    Path file = campaign("nothing", sshd.getLocalPort());
    CliRun r = CliRun.of("campaign", "plan", file.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(r.out().contains("step run (loadlab ds2 run) on client1"), r.out());
    // The connection completes before the acceptor takes it: give it a moment.
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (connections.get() == 0 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertTrue(connections.get() >= 1, "the host's SSH port was tried");
  }

  static Stream<Arguments> missing() {
    return Stream.of(
        Arguments.of("key", "testbed.yaml: hosts.client1.key-file: 'id_missing' cannot be read"),
        Arguments.of("host key", "testbed.yaml: hosts.client1.known-hosts: no key for 127.0.0.1:"),
        Arguments.of("tarball", "testbed.yaml: install.loadlab: cannot read "),
        Arguments.of(
            "password file",
            "campaign.yaml: steps[0].options.password-file: 'ds2.password' cannot be read"),
        Arguments.of(
            "reachability",
            "testbed.yaml: hosts.client1.address: 127.0.0.1 port %d refused the connection"));
  }

  @ParameterizedTest(name = "missing {0}")
  @MethodSource("missing")
  void eachMissingPieceIsOneLineNamingFileAndField(String broken, String expected)
      throws Exception {
    int port = broken.equals("reachability") ? closedPort() : sshd.getLocalPort();
    Path file = campaign(broken, port);
    CliRun r = CliRun.of("campaign", "plan", file.toString());
    assertEquals(2, r.code(), r.out() + r.err());
    List<String> lines = problems(r.err());
    assertEquals(1, lines.size(), "one problem: " + r.err());
    assertTrue(
        lines.get(0).startsWith(dir + "/") && lines.get(0).contains(expected.formatted(port)),
        "expected '" + expected.formatted(port) + "' in: " + lines.get(0));
    assertFalse(r.err().contains("\tat "), r.err());
  }

  @Test
  void offlineTriesNoPortButStillRefusesLocalProblems() throws Exception {
    int closed = closedPort();
    Path file = campaign("nothing", closed);
    CliRun r = CliRun.of("campaign", "plan", file.toString(), "--offline");
    assertEquals(0, r.code(), "the closed port was not tried: " + r.out() + r.err());
    assertTrue(
        r.err()
            .contains(
                "--offline: not tried whether these testbed hosts answer on their SSH"
                    + " port: client1 127.0.0.1:"
                    + closed),
        r.err());

    file = campaign("tarball", sshd.getLocalPort());
    r = CliRun.of("campaign", "plan", file.toString(), "--offline");
    assertEquals(2, r.code(), r.out() + r.err());
    List<String> lines = problems(r.err());
    assertEquals(1, lines.size(), r.err());
    assertTrue(lines.get(0).contains("testbed.yaml: install.loadlab: cannot read"), r.err());
    Thread.sleep(300); // a connection, if one was made, reaches the acceptor
    assertEquals(0, connections.get(), "no connection with --offline");
  }

  @Test
  void runRefusesTheSameLocalProblemsBeforeAnythingStarts() throws Exception {
    Path file = campaign("key", sshd.getLocalPort());
    Path out = dir.resolve("out");
    CliRun r = CliRun.of("campaign", "run", file.toString(), "--output", out.toString());
    assertEquals(2, r.code(), r.out() + r.err());
    assertTrue(r.err().contains("testbed.yaml: hosts.client1.key-file:"), r.err());
    assertFalse(Files.exists(out), "nothing started");
  }

  /** The problem lines of an error output, without the "loadlab: " of the first and notes. */
  private static List<String> problems(String err) {
    List<String> lines = new ArrayList<>();
    for (String line : err.strip().split("\n")) {
      if (!line.startsWith("--offline:")) {
        lines.add(line.startsWith("loadlab: ") ? line.substring("loadlab: ".length()) : line);
      }
    }
    return lines;
  }
}
