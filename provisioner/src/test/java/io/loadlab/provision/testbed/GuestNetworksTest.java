package io.loadlab.provision.testbed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import io.loadlab.provision.ssh.KnownHosts;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A guest's direct-attached (macvtap) NICs, several NICs with their addresses, the NIC its SSH goes
 * over, emulator pinning, and the names unique-names gives: each bad value one line naming the
 * field and the fix (exit 2).
 */
@Timeout(30)
class GuestNetworksTest {
  @TempDir Path dir;
  TestbedFixture fx;

  @BeforeEach
  void setUp() throws Exception {
    fx = new TestbedFixture(dir);
  }

  /** A lab on this machine: a bridge for management, a dummy for the direct NICs. */
  static String lab(String guestLines) {
    return """
        name: direct-lab
        hosts:
          this:
            local: true
            libvirt: test:///default
            bridges: {llm0: {address: 10.231.80.1/24}}
            dummies: [lld0]
        guests:
        """
        + guestLines;
  }

  static final String TWO_NICS =
      """
        g1:
          host: this
          base-volume: base.qcow2
          vcpus: 1
          memory: 256M
          networks:
            - {name: mgmt, mode: bridge, bridge: llm0, address: 10.231.80.11/24}
            - {name: client, mode: direct, source: lld0, address: 10.231.81.11/24}
      """;

  private Testbed valid(String yaml) throws Exception {
    Path file = fx.write(yaml);
    Testbed t = TestbedFile.read(file);
    List<String> problems = new TestbedValidator(file, new KnownHosts(), false).checkFile(t);
    assertEquals(List.of(), problems);
    return t;
  }

  private String failure(String yaml) throws Exception {
    Path file = fx.write(yaml);
    Testbed t = TestbedFile.read(file);
    TestbedValidator v = new TestbedValidator(file, new KnownHosts(), false);
    UsageException e =
        assertThrows(
            UsageException.class, () -> v.check(t, Map.of("this", TestbedFixture.facts())));
    assertEquals(2, e.exitCode());
    for (String line : e.getMessage().split("\n")) {
      assertTrue(line.startsWith(file + ": "), line);
    }
    return e.getMessage();
  }

  private static void assertMentions(String message, String... parts) {
    for (String part : parts) {
      assertTrue(message.contains(part), "'" + part + "' missing from: " + message);
    }
  }

  @Test
  void twoNicsGiveTheGuestItsManagementAddressFromTheFirst() throws Exception {
    Guest g = valid(lab(TWO_NICS)).guests().get("g1");
    assertEquals("10.231.80.11", g.address());
    assertEquals("mgmt", g.managementNic().name());
    assertEquals(2, g.nics().size());
    assertEquals("direct", g.nics().get(1).mode());
    assertEquals("bridge", g.nics().get(1).sourceModeOrDefault());
    assertEquals(24, g.nics().get(1).prefix());
    assertEquals("networks[1]", g.nicField(1));
  }

  @Test
  void aDirectNicNeedsASourceAndAKnownMode() throws Exception {
    String m =
        failure(
            lab(
                TWO_NICS
                    .replace("source: lld0", "source-mode: hairpin")
                    .replace(
                        "{name: mgmt, mode: bridge, bridge: llm0,",
                        "{mode: bridge, bridge: llm0, source-mode: vepa,")));
    assertMentions(
        m,
        "guests.g1.networks[1].source: missing; name the host interface its macvtap sits on",
        "guests.g1.networks[1].source-mode: 'hairpin' is unknown; use bridge",
        "guests.g1.networks[0].source-mode: only a direct NIC has one (mode bridge)");
  }

  @Test
  void theHostCannotManageItsOwnMacvtapGuest() throws Exception {
    String m =
        failure(
            lab(
                """
                  g1: {host: this, base-volume: b, vcpus: 1, memory: 256M, address: 10.231.81.11,
                       network: {mode: direct, source: lld0}}
                """));
    assertMentions(
        m,
        "guests.g1.address: 10.231.81.11 is on its direct (macvtap) NIC, which this machine cannot"
            + " reach",
        "add a bridge NIC for management");
    assertEquals(1, m.lines().count(), m);
  }

  @Test
  void theAddressMustBeOneOfTheNicsAndEachNicAddressItsOwn() throws Exception {
    String m =
        failure(
            lab(
                TWO_NICS.replace("memory: 256M", "memory: 256M\n    address: 10.231.99.1")
                    + """
                      g2:
                        host: this
                        base-volume: base.qcow2
                        vcpus: 1
                        memory: 256M
                        networks:
                          - {mode: bridge, bridge: llm0, address: 10.231.70.12/24}
                          - {mode: direct, source: lld0, address: 10.231.81.11/33}
                          - {mode: direct, source: lld0, address: not-an-ip}
                          - {mode: none}
                    """));
    assertMentions(
        m,
        "guests.g1.address: 10.231.99.1 is none of its NICs' addresses",
        "guests.g2.networks[0].address: 10.231.70.12 is outside the subnet 10.231.80.0/24 of"
            + " bridge llm0",
        "guests.g2.networks[1].address: prefix /33 leaves no hosts",
        "guests.g2.networks[2].address: 'not-an-ip' is not an IPv4 address with its prefix",
        "guests.g2.networks[3].mode: none in networks; remove the entry");
  }

  @Test
  void twoGuestsWithOneClientAddressAndNetworkBesideNetworks() throws Exception {
    String second = TWO_NICS.replace("g1:", "g2:").replace("10.231.80.11", "10.231.80.12");
    String m =
        failure(
            lab(
                TWO_NICS.replace(
                        "networks:", "network: {mode: bridge, bridge: llm0}\n    networks:")
                    + second));
    assertMentions(
        m,
        "guests.g1.network: given beside networks; give either network (one NIC) or networks",
        "guests.g2.networks[1].address: 10.231.81.11 is also guests.g1.networks[1].address");
  }

  @Test
  void passthroughGivesAnInterfaceToOneNic() throws Exception {
    String a = TWO_NICS.replace("source: lld0", "source: lld0, source-mode: passthrough");
    String b = a.replace("g1:", "g2:").replace(".11/", ".12/");
    assertMentions(
        failure(lab(a + b)),
        "guests.g2.networks[1].source: lld0 is already passed through to guest g1");
  }

  @Test
  void emulatorPinningIsACpuListOfTheHost() throws Exception {
    Guest g =
        valid(
                lab(
                    TWO_NICS.replace(
                        "memory: 256M", "memory: 256M\n    pinning: {emulator: \"0-1\"}")))
            .guests()
            .get("g1");
    assertEquals("0-1", g.pinning().emulator());
    assertMentions(
        failure(
            lab(TWO_NICS.replace("memory: 256M", "memory: 256M\n    pinning: {emulator: 1-x}"))),
        "guests.g1.pinning.emulator: '1-x' is not a CPU list");
    assertMentions(
        failure(
            lab(
                TWO_NICS.replace(
                    "memory: 256M",
                    "memory: 256M\n    pinning: {cpus: [2], emulator: \"15-17\"}"))),
        "guests.g1.pinning.emulator: CPUs 16-17 are not on host this (it has CPUs 0-15)");
  }

  @Test
  void uniqueNamesLeaveRoomForTheCheckoutsIdInInterfaceNames() throws Exception {
    String m =
        failure(
            "unique-names: true\n"
                + lab(TWO_NICS)
                    .replace("llm0", "ll-management")
                    .replace("dummies: [lld0]", "dummies: [lld0, lld0, \"bad name\"]"));
    assertMentions(
        m,
        "hosts.this.bridges.ll-management: longer than 10 characters (unique-names adds the"
            + " checkout's id",
        "hosts.this.dummies[1]: lld0 is named twice",
        "hosts.this.dummies[2]: 'bad name' is not an interface name");
  }

  @Test
  void uniqueNamesAreStablePerCheckoutAndFitAnInterface() throws Exception {
    Path file = fx.write("unique-names: true\n" + lab(TWO_NICS));
    Testbed t = TestbedFile.read(file);
    GuestNames names = GuestNames.of(t, file);
    String id = GuestNames.id(file);
    assertTrue(id.matches("[0-9a-f]{4}"), id);
    assertEquals("g1-" + id, names.domain("g1"));
    assertEquals("g1-" + id + ".qcow2", names.volume("g1"));
    assertEquals("llm0-" + id, names.hostInterface(t.hosts().get("this"), "llm0"));
    assertEquals("lld0-" + id, names.hostInterface(t.hosts().get("this"), "lld0"));
    assertEquals("eth1", names.hostInterface(t.hosts().get("this"), "eth1"), "the host's own");
    assertTrue(names.hostInterface("ll-gl-d0ab").length() <= GuestNames.MAX_INTERFACE);
    assertEquals(id, GuestNames.id(dir.resolve("other.yaml")), "one directory, one id");
    assertEquals(
        GuestNames.id(Path.of("/srv/alice/loadlab/examples/x.yaml")),
        GuestNames.id(Path.of("/srv/alice/loadlab/examples/y.yaml")));
    assertTrue(
        !GuestNames.id(Path.of("/srv/alice/loadlab/examples/x.yaml"))
            .equals(GuestNames.id(Path.of("/srv/bob/loadlab/examples/x.yaml"))),
        "another checkout, another id");
    Testbed plain = TestbedFile.read(fx.write(lab(TWO_NICS)));
    assertEquals("g1", GuestNames.of(plain, file).domain("g1"));
    assertEquals("llm0", GuestNames.of(plain, file).hostInterface("llm0"));
  }
}
