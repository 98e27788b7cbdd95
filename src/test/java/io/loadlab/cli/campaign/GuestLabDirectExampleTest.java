package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.loadlab.campaign.file.CampaignSpec;
import io.loadlab.cli.CliRun;
import io.loadlab.provision.testbed.Guest;
import io.loadlab.provision.testbed.Host;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.testbed.TestbedFile;
import io.loadlab.provision.testbed.YamlFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * examples/guest-lab-direct is what examples/README.md says: bridged against direct-attached
 * (macvtap, bridge mode, on a dummy the testbed makes) client and server guests, the same two
 * guests for both configurations (the first keeps them up, the second tears them down), each
 * configuration's {@code server} the server guest's address on the NIC of its kind, and the client
 * guest on that network too; {@code campaign plan} of it plans both configurations' {@code net rr}
 * over the users it sweeps (exit 0) on a machine that has what the guests need, and refuses a bad
 * field with exit 2 naming it. Its run is GuestLabDirectCampaignTest (tag guest-lab).
 */
@Timeout(120)
class GuestLabDirectExampleTest {
  static final Path EXAMPLE =
      Path.of(System.getProperty("user.dir"))
          .resolveSibling("examples")
          .resolve("guest-lab-direct");

  static final Path CAMPAIGN = EXAMPLE.resolve("campaign.yaml");

  static final Path TESTBED = EXAMPLE.resolve("testbed.yaml");

  @TempDir Path dir;

  @Test
  void bridgedAndDirectConfigurationsShareTheGuestsAndAddressTheirOwnNic() {
    CampaignSpec spec = YamlFiles.read(CAMPAIGN, CampaignSpec.class);
    List<CampaignSpec.ConfigurationSpec> cs = spec.configurations();
    assertEquals(
        List.of("bridged", "direct"),
        cs.stream().map(CampaignSpec.ConfigurationSpec::name).toList());
    assertEquals("bridged", spec.baseline(), "ratios are direct's to bridged");
    for (CampaignSpec.ConfigurationSpec c : cs) {
      assertEquals(TESTBED, EXAMPLE.resolve(c.testbed()).normalize(), c.name());
    }
    assertEquals(Boolean.TRUE, cs.get(0).keep(), "bridged leaves the guests up for direct");
    assertTrue(cs.get(1).keep() == null || !cs.get(1).keep(), "direct tears them down");

    Testbed t = TestbedFile.read(TESTBED);
    Host host = t.hosts().get("this");
    assertTrue(host.isLocal(), "the guests run on this machine");
    Guest server = t.guests().get("ll-gd-server");
    Guest client = t.guests().get("ll-gd-client");
    Map<String, String> mode = Map.of("bridged", "bridge", "direct", "direct");
    for (CampaignSpec.ConfigurationSpec c : cs) {
      String address = c.vars().get("server").toString();
      Guest.Network serverNic = nicAt(server, address);
      assertEquals(mode.get(c.name()), serverNic.mode(), c.name() + ": " + address);
      // The client guest has a NIC of the same kind on the same network.
      Guest.Network clientNic =
          client.networks().stream()
              .filter(n -> n.mode().equals(serverNic.mode()))
              .findFirst()
              .orElseThrow();
      assertEquals(subnet(serverNic.address()), subnet(clientNic.address()), c.name());
      if (serverNic.mode().equals("direct")) {
        assertTrue(host.dummies().contains(serverNic.source()), "a dummy the testbed makes");
        assertEquals(serverNic.source(), clientNic.source(), "one macvtap parent");
        assertEquals("bridge", serverNic.sourceModeOrDefault(), "guest to guest over it");
        assertEquals("bridge", clientNic.sourceModeOrDefault());
      } else {
        assertTrue(host.bridges().containsKey(serverNic.bridge()), "a bridge the testbed makes");
        assertEquals(serverNic.bridge(), clientNic.bridge());
      }
    }
    CampaignSpec.StepSpec rr = spec.steps().get(0);
    assertEquals("net rr", rr.run());
    assertEquals(List.of("ll-gd-client"), rr.on());
    assertEquals("${server}", rr.options().get("host"));
    assertEquals(List.of(1, 4, 16), rr.sweep().get("users"));
  }

  @Test
  void plansBothConfigurationsOnAMachineWithWhatTheGuestsNeed() throws Exception {
    assumeTrue(
        "root".equals(System.getProperty("user.name")),
        "skipped: planning the guest lab checks libvirt's qemu:///system, which needs root");
    assumeTrue(
        Files.exists(Path.of("/run/libvirt/libvirt-sock")),
        "skipped: no libvirtd running (no /run/libvirt/libvirt-sock); .ci/run installs and starts"
            + " it");
    assumeTrue(
        Files.isExecutable(Path.of("/usr/bin/qemu-system-x86_64")),
        "skipped: qemu-system-x86 is not installed");
    assumeTrue(
        Files.isExecutable(Path.of("/usr/bin/ssh-keygen")),
        "skipped: no ssh-keygen (openssh-client) to make the key the guests authorize");
    assumeTrue(
        !Files.exists(Path.of("/sys/class/net/ll-gd0")),
        "skipped: the example's lab is up here (interface ll-gd0 exists: a run of it in"
            + " progress?), which a copy of it may not plan beside");
    Path home = Files.createDirectories(dir.resolve("home/.ssh"));
    Process keygen =
        new ProcessBuilder(
                "ssh-keygen",
                "-q",
                "-t",
                "ed25519",
                "-N",
                "",
                "-f",
                home.resolve("id_ed25519").toString())
            .redirectErrorStream(true)
            .start();
    assertEquals(0, keygen.waitFor(), new String(keygen.getInputStream().readAllBytes()));
    Path copy = copyWithTarball();
    List<String> before = listing(copy.getParent());
    CliRun r =
        HardwareExamples.withHome(
            home.getParent(),
            "campaign",
            "plan",
            copy.toString(),
            "--output",
            dir.resolve("out").toString());
    assertEquals(0, r.code(), r.out() + r.err());
    String tb = copy.resolveSibling("testbed.yaml").toString();
    String out = r.out();
    assertTrue(
        out.contains("configuration bridged: testbed " + tb + " (provision apply, kept after)"),
        out);
    assertTrue(
        out.contains("configuration direct: testbed " + tb + " (provision apply; teardown after)"),
        out);
    assertTrue(out.contains("step rr (loadlab net rr) on ll-gd-client over SSH"), out);
    assertEquals(2, count(out, "3 points x 1 iterations"), out);
    assertTrue(out.contains("sweep: {users=[1, 4, 16]}"), out);
    assertTrue(
        out.contains(
            "e.g. loadlab net rr --host 10.231.74.11 --port 12965 --request 1 --response 1"
                + " --warmup 1s --duration 3s --users 1 --label bridged"),
        out);
    assertTrue(out.contains("e.g. loadlab net rr --host 10.231.75.11 "), out);
    assertTrue(out.contains("2 configurations x 1 step = 6 runs"), out);
    assertTrue(out.contains("baseline: bridged"), out);
    assertEquals(before, listing(copy.getParent()), "the plan made nothing beside the example");
    assertTrue(!Files.exists(dir.resolve("out")), "nor in the output directory");
  }

  @Test
  void aBadFieldIsRefusedWithExitTwoNamingIt() throws Exception {
    Path copy = copyWithTarball();
    Path tb = copy.resolveSibling("testbed.yaml");
    String text = Files.readString(tb);
    assertTrue(text.contains("source: ll-gd1, source-mode: bridge,"), text);
    Files.writeString(
        tb,
        text.replaceFirst(
            "source: ll-gd1, source-mode: bridge,", "source: ll-gd1, source-mode: bridg,"));
    CliRun r = CliRun.of("campaign", "plan", copy.toString(), "--offline");
    assertEquals(2, r.code(), r.out() + r.err());
    String err = r.err().strip();
    assertEquals(1, err.lines().count(), err);
    assertTrue(err.contains(tb + ": guests.ll-gd-server.networks[1].source-mode: 'bridg'"), err);
    assertEquals("", r.out(), "nothing planned");

    Files.writeString(tb, text);
    Files.writeString(
        copy, Files.readString(copy).replace("baseline: bridged", "baseline: bridge"));
    r = CliRun.of("campaign", "plan", copy.toString(), "--offline");
    assertEquals(2, r.code(), r.out() + r.err());
    assertTrue(r.err().contains(copy + ": baseline: "), r.err());
  }

  /** The example's files in {@code dir}, as in the repository, with a stand-in tarball. */
  private Path copyWithTarball() throws Exception {
    Path to = Files.createDirectories(dir.resolve("examples/guest-lab-direct"));
    for (String f : List.of("campaign.yaml", "testbed.yaml")) {
      Files.copy(EXAMPLE.resolve(f), to.resolve(f));
    }
    Path tarball = to.resolve(TestbedFile.read(TESTBED).install().loadlab()).normalize();
    Files.createDirectories(tarball.getParent());
    Files.writeString(tarball, "a tarball");
    return to.resolve("campaign.yaml");
  }

  private static Guest.Network nicAt(Guest g, String address) {
    return g.networks().stream()
        .filter(n -> address.equals(n.hostAddress()))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no NIC of the server guest at " + address));
  }

  private static String subnet(String cidr) {
    String ip = cidr.substring(0, cidr.indexOf('/'));
    return ip.substring(0, ip.lastIndexOf('.')) + cidr.substring(cidr.indexOf('/'));
  }

  private static long count(String text, String part) {
    return text.lines().filter(l -> l.contains(part)).count();
  }

  private static List<String> listing(Path d) throws Exception {
    try (Stream<Path> files = Files.list(d)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
