package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * examples/guest-lab-direct/campaign.yaml end to end on real libvirt guests (KVM or emulated): net
 * rr from the client guest to the server guest over the Linux bridge (bridged), then over the
 * macvtaps on the host's dummy interface (direct), on the same two guests, brought up once (the
 * direct configuration finds the bridged one's guests in place); every run ok, each configuration's
 * runs sent to the server's address on its own NIC, from the client's on the same network (the
 * client address its result records), the report giving direct's ratio to bridged; and nothing left
 * afterwards: no domain, bridge, dummy, macvtap or qemu. Tagged {@code guest-lab}: {@code ./mvnw -B
 * verify -Pguest-lab -pl dist -am} as root with libvirtd running ({@code .ci/run} installs and
 * starts it). Skips naming the missing piece.
 */
@Tag("guest-lab")
@Timeout(value = 45, unit = TimeUnit.MINUTES)
class GuestLabDirectCampaignTest {
  static final Path EXAMPLE =
      Path.of(System.getProperty("user.dir"))
          .resolveSibling("examples")
          .resolve("guest-lab-direct");

  static final Path ACTIONS = EXAMPLE.resolve("testbed.yaml.actions.log");

  /** Each configuration's server address and the client's on the same network (testbed.yaml). */
  static final Map<String, List<String>> ADDRESSES =
      Map.of(
          "bridged", List.of("10.231.74.11", "10.231.74.12"),
          "direct", List.of("10.231.75.11", "10.231.75.12"));

  @TempDir Path dir;

  @Test
  void comparesBridgedWithDirectOnTheSameGuestsAndLeavesNothing() throws Exception {
    assumeTrue(
        "root".equals(System.getProperty("user.name")),
        "skipped: the guest lab needs root (libvirt's qemu:///system, a bridge, a dummy)");
    assumeTrue(
        Files.exists(Path.of("/run/libvirt/libvirt-sock")),
        "skipped: no libvirtd running (no /run/libvirt/libvirt-sock); .ci/run installs and starts"
            + " it");
    assumeTrue(
        Files.isExecutable(Path.of("/usr/bin/qemu-system-x86_64")),
        "skipped: qemu-system-x86 is not installed");
    assumeTrue(
        Files.isExecutable(Path.of("/usr/bin/virsh")), "skipped: virsh (libvirt-clients) missing");
    assumeTrue(
        Files.exists(Path.of(System.getProperty("user.home"), ".ssh/id_ed25519.pub")),
        "skipped: no ~/.ssh/id_ed25519.pub for the guests to authorize (ssh-keygen -t ed25519)");
    assumeTrue(
        Files.exists(
            Path.of(System.getProperty("user.dir"), "target/loadlab-0.1.0-SNAPSHOT-bin.tar.gz")),
        "skipped: no dist/target/loadlab-0.1.0-SNAPSHOT-bin.tar.gz for the guests' install"
            + " (build it first: ./mvnw -B -pl dist -am package -DskipTests; surefire runs"
            + " before packaging)");
    long before = Files.exists(ACTIONS) ? Files.readString(ACTIONS).length() : 0;
    Path out = dir.resolve("out");
    Process p =
        ChildJvm.start(
            List.of(),
            dir.resolve("run.log"),
            "campaign",
            "run",
            EXAMPLE.resolve("campaign.yaml").toString(),
            "--output",
            out.toString());
    try {
      assertTrue(p.waitFor(40, TimeUnit.MINUTES), "the campaign ended");
    } finally {
      p.destroyForcibly();
      p.waitFor(30, TimeUnit.SECONDS);
      if (virsh("list --all --name").contains("ll-gd-")) {
        // A failed or cut-off run: take the lab down as its last configuration would have.
        Process down =
            ChildJvm.start(
                List.of(),
                dir.resolve("teardown.log"),
                "provision",
                "teardown",
                EXAMPLE.resolve("testbed.yaml").toString());
        down.waitFor(5, TimeUnit.MINUTES);
      }
    }
    String log = ChildJvm.text(dir.resolve("run.log"));
    assertEquals(0, p.exitValue(), log);
    JsonNode m = new ObjectMapper().readTree(out.resolve("campaign.json").toFile());
    assertEquals("complete", m.get("status").asText(), m.toString());
    assertEquals("bridged", m.get("baseline").asText());
    int ok = 0;
    for (JsonNode r : m.get("runs")) {
      assertEquals("ok", r.get("status").asText(), r.toString());
      ok++;
      String configuration = r.get("configuration").asText();
      JsonNode result =
          new ObjectMapper()
              .readTree(out.resolve(r.get("dir").asText()).resolve("result.json").toFile());
      JsonNode c = result.get("configuration");
      List<String> addresses = ADDRESSES.get(configuration);
      assertEquals(addresses.get(0), c.get("host").asText(), r.toString());
      assertEquals(addresses.get(1), c.get("clientAddress").asText(), c.toString());
      assertTrue(r.get("figures").get("rate").asDouble() > 0, r.toString());
    }
    assertEquals(6, ok, "3 user counts in each configuration: " + m);
    // One bring-up: each guest defined and started once, the direct configuration found them in
    // place; the dummy made once and removed at the end.
    String actions = Files.readString(ACTIONS).substring((int) before);
    for (String guest : List.of("ll-gd-server", "ll-gd-client")) {
      assertEquals(
          1,
          actions.lines().filter(l -> l.contains(" apply ok " + guest + ": define domain")).count(),
          actions);
    }
    assertEquals(
        1,
        actions.lines().filter(l -> l.contains(" apply ok this: create dummy")).count(),
        actions);
    assertTrue(actions.lines().anyMatch(l -> l.contains(" teardown ok ")), actions);
    JsonNode facts =
        new ObjectMapper().readTree(out.resolve("configurations/direct.machines.json").toFile());
    String virt = facts.get("ll-gd-client").get("virtualization").asText();
    assertTrue(List.of("kvm", "tcg").contains(virt), facts.toString());
    // Direct's ratio to bridged, in every cell of the default tables.
    String report = Files.readString(out.resolve("report.md"));
    assertTrue(report.contains("Linux bridge") && report.contains("macvtap (direct)"), report);
    assertTrue(report.contains("(1.00×)"), report);
    assertTrue(Files.exists(out.resolve("report.html")), "report.html");
    // Nothing left.
    assertFalse(virsh("list --all --name").contains("ll-gd-"), virsh("list --all --name"));
    for (String nic : List.of("ll-gd0", "ll-gd1")) {
      assertFalse(Files.exists(Path.of("/sys/class/net", nic)), nic + " left");
    }
    try (var nics = Files.list(Path.of("/sys/class/net"))) {
      assertTrue(
          nics.noneMatch(n -> Files.exists(n.resolve("lower_ll-gd1"))), "a macvtap on ll-gd1 left");
    }
    assertTrue(
        ProcessHandle.allProcesses()
            .noneMatch(h -> h.info().commandLine().orElse("").contains("guest=ll-gd-")),
        "a qemu of the lab is left");
    assertFalse(Files.exists(EXAMPLE.resolve("testbed.yaml.state.json")), "apply state left");
  }

  private static String virsh(String args) {
    try {
      List<String> cmd = new java.util.ArrayList<>(List.of("virsh", "-c", "qemu:///system"));
      cmd.addAll(List.of(args.split(" ")));
      Process v = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      String text = new String(v.getInputStream().readAllBytes());
      v.waitFor();
      return text;
    } catch (Exception e) {
      return "";
    }
  }
}
