package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Server and client in two network namespaces joined by a veth pair that the test makes: traffic
 * crosses a real (virtual) link instead of loopback, over IPv4 and IPv6. Needs root and iproute2;
 * CI has both, elsewhere the test says why it skipped.
 */
@Timeout(90)
class NetNamespacesTest {
  private static final long ID = ProcessHandle.current().pid() % 10_000;
  private static final String SERVER_NS = "ll-srv-" + ID;
  private static final String CLIENT_NS = "ll-cli-" + ID;
  private static final String VETH_SERVER = "llv" + ID + "s";
  private static final String VETH_CLIENT = "llv" + ID + "c";
  private static final String SUBNET = "10.213." + (ID % 250) + ".";
  private static final String SERVER_V4 = SUBNET + "1";
  private static final String SERVER_V6 = "fd00:213:" + Long.toHexString(ID) + "::1";
  private static final String PORT = "12865";
  private static final int MTU = 9000;

  private static String ip;
  private static Process server;
  private static Path dir;

  @BeforeAll
  static void makeTwoNamespaces() throws Exception {
    assumeTrue(
        isRoot(),
        "skipped: network namespaces need root (running as "
            + System.getProperty("user.name")
            + "); CI runs as root");
    ip = findIp();
    assumeTrue(ip != null, "skipped: the 'ip' command (Debian package iproute2) is not installed");
    dir = Files.createTempDirectory("loadlab-netns");
    sh(ip, "netns", "add", SERVER_NS);
    sh(ip, "netns", "add", CLIENT_NS);
    sh(ip, "link", "add", VETH_SERVER, "type", "veth", "peer", "name", VETH_CLIENT);
    sh(ip, "link", "set", VETH_SERVER, "netns", SERVER_NS);
    sh(ip, "link", "set", VETH_CLIENT, "netns", CLIENT_NS);
    sh(ip, "-n", SERVER_NS, "addr", "add", SERVER_V4 + "/24", "dev", VETH_SERVER);
    sh(ip, "-n", CLIENT_NS, "addr", "add", SUBNET + "2/24", "dev", VETH_CLIENT);
    sh(ip, "-n", SERVER_NS, "addr", "add", SERVER_V6 + "/64", "dev", VETH_SERVER, "nodad");
    sh(
        ip,
        "-n",
        CLIENT_NS,
        "addr",
        "add",
        "fd00:213:" + Long.toHexString(ID) + "::2/64",
        "dev",
        VETH_CLIENT,
        "nodad");
    for (String[] nsDev : new String[][] {{SERVER_NS, VETH_SERVER}, {CLIENT_NS, VETH_CLIENT}}) {
      // Jumbo frames, as the namespace lab's mtu rehearsal sets them: the results must say so.
      sh(ip, "-n", nsDev[0], "link", "set", nsDev[1], "mtu", String.valueOf(MTU));
      sh(ip, "-n", nsDev[0], "link", "set", "lo", "up");
      sh(ip, "-n", nsDev[0], "link", "set", nsDev[1], "up");
    }
    Path log = dir.resolve("server.log");
    server =
        ChildJvm.start(
            List.of(ip, "netns", "exec", SERVER_NS), log, "net", "serve", "--port", PORT);
    assertTrue(
        ChildJvm.await(Duration.ofSeconds(30), () -> ChildJvm.text(log).contains("listening")),
        "the server started: " + ChildJvm.text(log));
  }

  @AfterAll
  static void removeNamespaces() throws Exception {
    if (server != null) {
      server.destroyForcibly();
      server.waitFor(10, TimeUnit.SECONDS);
    }
    if (ip != null) {
      // Deleting a namespace deletes the veth end inside it, and with it the pair.
      run(ip, "netns", "del", SERVER_NS);
      run(ip, "netns", "del", CLIENT_NS);
    }
    if (dir != null) {
      try (var files = Files.walk(dir)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  @Test
  void rrAcrossTheVethPairOverIpv4AndIpv6() throws Exception {
    for (String host : List.of(SERVER_V4, SERVER_V6)) {
      Path out = dir.resolve("rr-" + host.replace(':', '_'));
      Path log = dir.resolve("client-" + host.replace(':', '_') + ".log");
      Process client =
          ChildJvm.start(
              List.of(ip, "netns", "exec", CLIENT_NS),
              log,
              "net",
              "rr",
              "--host",
              host,
              "--port",
              PORT,
              "--users",
              "1,3",
              "--request",
              "200",
              "--response",
              "1000",
              "--duration",
              "1s",
              "--output",
              out.toString(),
              "--quiet");
      assertTrue(client.waitFor(60, TimeUnit.SECONDS), "the client finished");
      assertEquals(0, client.exitValue(), ChildJvm.text(log));
      RunResult r = ResultJson.read(out.resolve("result.json"));
      assertEquals(RunStatus.OK, r.status());
      assertEquals(host, r.configuration().get("host"));
      assertEquals("tcp", r.configuration().get("protocol"));
      assertEquals(VETH_CLIENT, r.configuration().get("interface"));
      assertEquals(MTU, ((Number) r.configuration().get("mtu")).intValue());
      for (OperationStats s : r.totals().values()) {
        assertTrue(s.count() > 0 && s.errors() == 0, s.toString());
        assertNotNull(s.cpu().serverUsPerOp(), "the server's CPU came back over the link");
      }
    }
  }

  @Test
  void udpRrAndStreamAcrossTheVethPairCountTheSameAtBothEnds() throws Exception {
    for (String host : List.of(SERVER_V4, SERVER_V6)) {
      String tag = host.replace(':', '_');
      RunResult rr =
          runClient(
              "udp-rr-" + tag,
              "rr",
              "--protocol",
              "udp",
              "--host",
              host,
              "--users",
              "1,3",
              "--request",
              "200",
              "--response",
              "8000",
              "--udp-timeout",
              "1s");
      assertEquals(RunStatus.OK, rr.status(), rr.statusReason());
      assertEquals("udp", rr.configuration().get("protocol"));
      assertEquals(MTU, ((Number) rr.configuration().get("mtu")).intValue());
      for (String op : rr.totals().keySet()) {
        OperationStats s = rr.totals().get(op);
        assertTrue(s.count() > 0 && s.errors() == 0, s.toString());
        // Both ends counted every transaction (a difference would fail the run as lost).
        assertEquals(0.0, rr.figures().get(op + ": lost"), op);
        assertNotNull(s.cpu().serverUsPerOp(), "the server's CPU came back over the link");
      }
      RunResult stream =
          runClient(
              "udp-stream-" + tag,
              "stream",
              "--protocol",
              "udp",
              "--host",
              host,
              "--request",
              "1400",
              "--rate",
              "1000",
              "--rate-tolerance",
              "50%");
      assertEquals(RunStatus.OK, stream.status(), stream.statusReason());
      double sent = stream.figures().get("stream users=1: sent");
      double lost = stream.figures().get("stream users=1: lost");
      assertTrue(sent > 500, "sent " + sent);
      double received = stream.figures().get("stream users=1: received datagrams/s");
      assertTrue(received > 0, "the server counted what arrived");
      // A loaded machine can stall the server long enough to overflow its receive buffer.
      assertTrue(lost <= sent * 0.2, "little loss at 1000/s: " + lost + " of " + sent);
    }
  }

  /** Runs the client in its namespace against the server; returns its result. */
  private static RunResult runClient(String name, String workload, String... args)
      throws Exception {
    Path out = dir.resolve(name);
    Path log = dir.resolve(name + ".log");
    List<String> all = new ArrayList<>(List.of("net", workload));
    all.addAll(List.of(args));
    all.addAll(List.of("--port", PORT, "--duration", "1s", "--output", out.toString(), "--quiet"));
    Process client =
        ChildJvm.start(List.of(ip, "netns", "exec", CLIENT_NS), log, all.toArray(String[]::new));
    assertTrue(client.waitFor(60, TimeUnit.SECONDS), "the client finished");
    assertEquals(0, client.exitValue(), ChildJvm.text(log));
    return ResultJson.read(out.resolve("result.json"));
  }

  @Test
  void theServerIsNotReachableFromTheClientNamespaceOnLoopback() throws Exception {
    Path log = dir.resolve("loopback.log");
    Process client =
        ChildJvm.start(
            List.of(ip, "netns", "exec", CLIENT_NS),
            log,
            "net",
            "rr",
            "--host",
            "127.0.0.1",
            "--port",
            PORT,
            "--duration",
            "1s",
            "--output",
            dir.resolve("loopback").toString());
    assertTrue(client.waitFor(60, TimeUnit.SECONDS));
    assertEquals(3, client.exitValue(), ChildJvm.text(log));
  }

  /** True if the effective user id is 0 (from /proc/self/status; false where there is none). */
  private static boolean isRoot() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("Uid:")) {
          return line.split("\\s+")[2].equals("0");
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux
    }
    return false;
  }

  private static String findIp() {
    for (String candidate : List.of("/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip")) {
      if (Files.isExecutable(Path.of(candidate))) {
        return candidate;
      }
    }
    return null;
  }

  private static void sh(String... cmd) throws IOException, InterruptedException {
    String output = run(cmd);
    if (output != null) {
      throw new IllegalStateException(String.join(" ", cmd) + " failed: " + output);
    }
  }

  /** Runs a command; returns null on success, else its output. */
  private static String run(String... cmd) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(new ArrayList<>(List.of(cmd))).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes());
    return p.waitFor() == 0 ? null : output.strip();
  }
}
