package io.loadlab.provision.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.loadlab.core.failure.UsageException;
import io.loadlab.provision.ssh.CommandResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A three-namespace lab: bridge, veth pair with delay and MTU, sshd. Root only (CI is root). */
@Timeout(90)
class LabNetworkTest {
  static final String NAME = "t" + (ProcessHandle.current().pid() % 100_000);

  @TempDir Path dir;
  LabNetwork net;
  boolean netem;

  @BeforeEach
  void up() throws Exception {
    assumeTrue(
        "root".equals(System.getProperty("user.name")),
        "skipped: network namespaces need root (running as "
            + System.getProperty("user.name")
            + "); CI runs as root");
    assumeTrue(
        Files.isExecutable(Path.of("/usr/sbin/ip")) || Files.isExecutable(Path.of("/sbin/ip")),
        "skipped: the 'ip' command (Debian package iproute2) is not installed");
    boolean sshd = Files.isExecutable(Path.of(LabSshd.SSHD));
    netem = LabNetwork.netemAvailable();
    Path file = dir.resolve("lab.yaml");
    Files.writeString(
        file,
        """
        name: %s
        hosts:
          client1: {}
          client2: {}
          server1: {sshd: %s}
        links:
          - {name: lan, kind: bridge, hosts: [client1, client2, server1], subnet: 10.213.1.0/24}
          - {name: direct, kind: veth, hosts: [client1, server1], subnet: 10.213.2.0/24, mtu: 9000%s}
        """
            .formatted(NAME, sshd, netem ? ", delay: 2ms" : ""));
    net = new LabNetwork(LabFile.read(file), dir.resolve("state"));
    net.up(null);
  }

  @AfterEach
  void down() {
    if (net != null) {
      net.down(null);
      String list = LocalCommands.must("ip", "netns", "list");
      assertFalse(list.contains("ll-" + NAME + "-"), "every namespace is gone: " + list);
    }
  }

  private CommandResult in(String host, String... command) {
    List<String> cmd =
        new java.util.ArrayList<>(List.of("ip", "netns", "exec", net.namespace(host)));
    cmd.addAll(List.of(command));
    return LocalCommands.run(cmd);
  }

  private static double rttMs(CommandResult ping) {
    Matcher m = Pattern.compile("time=([0-9.]+) ms").matcher(ping.stdout());
    assertTrue(m.find(), ping.stdout() + ping.stderr());
    return Double.parseDouble(m.group(1));
  }

  /** The minimum of ping's summary line ("rtt min/avg/max/mdev = 0.05/…"). */
  private static double minRttMs(CommandResult ping) {
    Matcher m = Pattern.compile("= ([0-9.]+)/[0-9.]+/[0-9.]+/").matcher(ping.stdout());
    assertTrue(m.find(), ping.stdout() + ping.stderr());
    return Double.parseDouble(m.group(1));
  }

  private static void assumePing() {
    assumeTrue(
        Files.isExecutable(Path.of("/usr/bin/ping")) || Files.isExecutable(Path.of("/bin/ping")),
        "skipped: ping (Debian package iputils-ping) is not installed; CI installs it");
  }

  @Test
  void hostsReachEachOtherOverTheBridgeAndTheDirectLink() {
    assumePing();
    assertEquals(
        Map.of("lan", "10.213.1.3", "direct", "10.213.2.2"), net.addresses().get("server1"));
    // The fastest of ten: one ping on a busy machine (or the first, with ARP) can take ms.
    CommandResult bridged = in("client2", "ping", "-c", "10", "-i", "0.2", "-W", "3", "10.213.1.3");
    assertTrue(bridged.ok(), bridged.stdout() + bridged.stderr());
    assertTrue(minRttMs(bridged) < 2.0, "no delay on the bridge: " + bridged.stdout());
    CommandResult direct = in("client1", "ping", "-c", "1", "-W", "3", "10.213.2.2");
    assertTrue(direct.ok(), direct.stdout() + direct.stderr());
    assertTrue(in("client1", "ip", "link", "show", "l1").stdout().contains("mtu 9000"));
    // client2 is not on the direct link, and nothing is reachable from here.
    assertNotEquals(0, in("client2", "ping", "-c", "1", "-W", "1", "10.213.2.2").exitStatus());
  }

  @Test
  void delayOnTheDirectLink() {
    assumePing();
    assumeTrue(netem, "skipped: this kernel has no sch_netem (tc netem), so links get no delay");
    CommandResult direct = in("client1", "ping", "-c", "1", "-W", "3", "10.213.2.2");
    assertTrue(rttMs(direct) >= 4.0, "2 ms each way on the veth link: " + direct.stdout());
  }

  @Test
  void describesTheLabAndTheLinkOfAnAddress() {
    Map<String, Object> d = net.describe();
    assertEquals("netns-lab", d.get("mode"));
    @SuppressWarnings("unchecked")
    Map<String, Object> link = (Map<String, Object>) net.describeAddress("10.213.2.2").get("link");
    assertEquals("veth", link.get("kind"));
    assertEquals(9000, link.get("mtu"));
    assertEquals(netem ? "2ms" : null, link.get("delayPerDirection"));
    assertTrue(Files.exists(dir.resolve("state/lab.json")));
  }

  @Test
  void secondUpIsRefused() {
    UsageException e =
        org.junit.jupiter.api.Assertions.assertThrows(UsageException.class, () -> net.up(null));
    assertTrue(e.getMessage().contains("already up"), e.getMessage());
  }

  @Test
  void sshdAnswersWithTheLabsKeyAndKnownHosts() {
    assumeTrue(
        Files.isExecutable(Path.of(LabSshd.SSHD)),
        "skipped: sshd (Debian openssh-server) is not installed");
    Path state = dir.resolve("state");
    CommandResult r =
        in(
            "client2",
            "ssh",
            "-i",
            state.resolve("id_ed25519").toString(),
            "-o",
            "UserKnownHostsFile=" + state.resolve("known_hosts"),
            "-o",
            "StrictHostKeyChecking=yes",
            "-o",
            "BatchMode=yes",
            "-o",
            "ConnectTimeout=5",
            "root@10.213.1.3",
            "ip -o -4 addr show l0");
    assertTrue(r.ok(), r.stdout() + r.stderr());
    assertTrue(r.stdout().contains("10.213.1.3/24"), r.stdout());
  }
}
