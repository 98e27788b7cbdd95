package io.loadlab.provision.testbed;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
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

@Timeout(30)
class TestbedValidatorTest {
  @TempDir Path dir;
  TestbedFixture fx;

  @BeforeEach
  void setUp() throws Exception {
    fx = new TestbedFixture(dir);
  }

  private UsageException failure(String yaml) throws Exception {
    Path file = fx.write(yaml);
    Testbed t = TestbedFile.read(file);
    TestbedValidator v = new TestbedValidator(file, new KnownHosts(), false);
    UsageException e =
        assertThrows(
            UsageException.class, () -> v.check(t, Map.of("kvm1", TestbedFixture.facts())));
    assertEquals(2, e.exitCode());
    assertTrue(e.getMessage().startsWith(file.toString() + ": "), e.getMessage());
    return e;
  }

  private static void assertMentions(UsageException e, String... parts) {
    for (String part : parts) {
      assertTrue(e.getMessage().contains(part), "'" + part + "' missing from: " + e.getMessage());
    }
  }

  @Test
  void installNamesTheTarballTheDirectoryAndTheMachines() throws Exception {
    UsageException e =
        failure(
            TestbedFixture.valid()
                + "install: {loadlab: missing-bin.tar.gz, dir: ~/loadlab, on: [client9]}\n");
    assertMentions(
        e,
        "install.loadlab: cannot read",
        "missing-bin.tar.gz",
        "install.dir: relative paths are under the home directory already",
        "install.on[0]: 'client9' is not a host or guest");
    java.nio.file.Files.writeString(dir.resolve("dist.zip"), "x");
    assertMentions(
        failure(TestbedFixture.valid() + "install: {loadlab: dist.zip, dir: ../up}\n"),
        "install.loadlab: 'dist.zip' is not a .tar.gz",
        "install.dir: '../up' is not a directory of its own");
    java.nio.file.Files.writeString(dir.resolve("plugin-bin.tar.gz"), "x");
    assertMentions(
        failure(TestbedFixture.valid() + "install: {jmeter-plugin: plugin-bin.tar.gz}\n"),
        "install.jmeter-home: missing; give JMeter's home");
    assertMentions(
        failure(TestbedFixture.valid() + "install: {dir: x}\n"),
        "install.loadlab: missing; give the binary tarball");
  }

  @Test
  void rolePlacementAndOptionsAreCheckedUpFront() throws Exception {
    String roles =
        TestbedFixture.valid()
            .replace(
                "{role: broker, on: broker1, port: 5672}",
                "{role: broker, on: broker1, nice: -21, cpus: \"5-2\","
                    + " options: {Threads: 8, port: 1, persistent: false, users: [a]}}")
            .replace(
                "{role: net-serve, on: kvm1}",
                "{role: jmeter-server, on: kvm1, options: {threads: 2}}");
    assertMentions(
        failure(roles),
        "roles[0].nice: -21 is out of range; give a niceness from -20",
        "roles[0].cpus: '5-2' is not a CPU list",
        "roles[0].options.Threads: 'Threads' is not an option name",
        "roles[0].options.port: the role's port gives --port",
        "roles[0].options.persistent: false passes nothing",
        "roles[0].options.users: give one value",
        "roles[1].options: only roles that run loadlab (broker, net-serve) take options");
    String good =
        TestbedFixture.valid()
            .replace(
                "{role: broker, on: broker1, port: 5672}",
                "{role: broker, on: broker1, nice: -20, numa-node: 0, cpus: \"0-1\","
                    + " options: {threads: 8, persistent: true}}");
    Path file = fx.write(good);
    Testbed t = TestbedFile.read(file);
    assertEquals(Map.of("threads", 8, "persistent", true), t.roles().get(0).options());
    assertEquals("0-1", t.roles().get(0).cpus());
    assertDoesNotThrow(
        () ->
            new TestbedValidator(file, new KnownHosts(), false)
                .check(t, Map.of("kvm1", TestbedFixture.facts())));
  }

  @Test
  void validTestbedPassesAndKeepsFileOrder() throws Exception {
    Path file = fx.write(TestbedFixture.valid());
    Testbed t = TestbedFile.read(file);
    assertEquals(List.of("broker1", "broker2"), List.copyOf(t.guests().keySet()));
    assertEquals("eth2", t.guests().get("broker2").network().pf());
    assertEquals(4096, t.hosts().get("kvm1").tuning().hugepages().count());
    assertDoesNotThrow(
        () ->
            new TestbedValidator(file, new KnownHosts(), false)
                .check(t, Map.of("kvm1", TestbedFixture.facts())));
    // The numa-node policy gives broker2 (the first guest using it) node 0.
    assertEquals(
        List.of(0, 1), Pinnings.resolve(t, Map.of("kvm1", TestbedFixture.facts())).get("broker2"));
  }

  @Test
  void pinningToCpuTheHostLacks() throws Exception {
    UsageException e = failure(TestbedFixture.valid().replace("cpus: [2, 3]", "cpus: [2, 40]"));
    assertMentions(e, "guests.broker1.pinning.cpus", "CPU 40 is not on host kvm1", "0-15");
  }

  @Test
  void pinningListMustMatchVcpus() throws Exception {
    UsageException e = failure(TestbedFixture.valid().replace("cpus: [2, 3]", "cpus: [2]"));
    assertMentions(e, "guests.broker1.pinning.cpus", "1 CPUs for 2 vCPUs");
  }

  @Test
  void hugepagePoolLargerThanHostMemory() throws Exception {
    UsageException e = failure(TestbedFixture.valid().replace("count: 4096", "count: 9000"));
    assertMentions(e, "hosts.kvm1.tuning.hugepages.count", "9000 pages of 2M", "reserve fewer");
  }

  @Test
  void guestsNeedMoreHugepagesThanThePool() throws Exception {
    UsageException e = failure(TestbedFixture.valid().replace("count: 4096", "count: 1000"));
    assertMentions(
        e,
        "hosts.kvm1.tuning.hugepages",
        "need 4 GiB",
        "pool holds 1.95 GiB",
        "raise the page count");
  }

  @Test
  void unknownBridge() throws Exception {
    UsageException e = failure(TestbedFixture.valid().replace("bridge: br0", "bridge: br9"));
    assertMentions(e, "guests.broker1.network.bridge", "no bridge 'br9'", "bridges: br0");
  }

  @Test
  void unknownPhysicalFunction() throws Exception {
    UsageException e = failure(TestbedFixture.valid().replace("pf: eth2", "pf: eth7"));
    assertMentions(e, "guests.broker2.network.pf", "no SR-IOV physical function 'eth7'");
  }

  @Test
  void vfIndexBeyondTheFunctions() throws Exception {
    UsageException e = failure(TestbedFixture.valid().replace("vf: 0", "vf: 4"));
    assertMentions(e, "guests.broker2.network.vf", "has 4 VFs (0-3)");
  }

  @Test
  void twoGuestsOnOneVf() throws Exception {
    String yaml =
        TestbedFixture.valid()
            .replace(
                "network: {mode: bridge, bridge: br0}", "network: {mode: sriov, pf: eth2, vf: 0}");
    UsageException e = failure(yaml);
    assertMentions(e, "guests.broker2.network.vf", "already given to guest broker1");
  }

  @Test
  void hostWhoseKeyIsUnknown() throws Exception {
    UsageException e = failure(TestbedFixture.valid().replace("10.0.0.1", "10.0.0.99"));
    assertMentions(e, "hosts.kvm1.known-hosts", "no key for 10.0.0.99", "--record-host-keys");
  }

  @Test
  void guestWithRoleWhoseKeyIsUnknown() throws Exception {
    UsageException e = failure(TestbedFixture.valid().replace("10.0.0.21", "10.0.0.22"));
    assertMentions(e, "guests.broker1.known-hosts", "no key for 10.0.0.22");
  }

  @Test
  void recordingHostKeysAllowsUnknownHosts() throws Exception {
    Path file = fx.write(TestbedFixture.valid().replace("10.0.0.1", "10.0.0.99"));
    Testbed t = TestbedFile.read(file);
    assertDoesNotThrow(
        () ->
            new TestbedValidator(file, new KnownHosts(), true)
                .check(t, Map.of("kvm1", TestbedFixture.facts())));
  }

  @Test
  void tooManyGuestsForOneNumaNodeEach() throws Exception {
    String yaml = TestbedFixture.valid().replace("cpus: [2, 3]", "policy: numa-node");
    yaml =
        yaml.replace(
            "roles:",
            """
              broker3:
                host: kvm1
                base-volume: base.qcow2
                vcpus: 1
                memory: 1G
                pinning: {policy: numa-node}
            roles:""");
    UsageException e = failure(yaml);
    assertMentions(e, "guests.broker3.pinning.policy", "2 NUMA node(s)");
  }

  @Test
  void referencesAndRequiredFields() throws Exception {
    UsageException e =
        failure(
            TestbedFixture.valid()
                .replace(
                    "host: kvm1\n    base-volume: base.qcow2\n    vcpus: 2\n    memory: 4G",
                    "host: kvm9\n    vcpus: 0\n    memory: lots")
                .replace("role: broker,", "role: mysql,"));
    assertMentions(
        e,
        "guests.broker1.host: 'kvm9' is not a host",
        "guests.broker1.base-volume: missing",
        "guests.broker1.vcpus",
        "guests.broker1.memory",
        "roles[0].role: 'mysql' is unknown");
  }

  @Test
  void badNetworkMode() throws Exception {
    UsageException e = failure(TestbedFixture.valid().replace("mode: bridge,", "mode: macvtap,"));
    assertMentions(e, "guests.broker1.network.mode", "use bridge, direct, sriov, pci or none");
  }

  @Test
  void directBootNeedsAnAbsoluteKernel() throws Exception {
    UsageException e =
        failure(
            TestbedFixture.valid()
                .replace(
                    "network: {mode: bridge,",
                    "boot: {initrd: initrd.gz, cmdline: console=ttyS0}\n    network: {mode: bridge,"));
    assertMentions(
        e,
        "guests.broker1.boot.kernel: missing or relative",
        "guests.broker1.boot.initrd: relative");
  }

  @Test
  void unknownFieldNamesTheFieldAndTheKnownOnes() throws Exception {
    Path file =
        fx.write(
            TestbedFixture.valid().replace("vcpus: 2\n    memory: 4G", "vcpu: 2\n    memory: 4G"));
    UsageException e = assertThrows(UsageException.class, () -> TestbedFile.read(file));
    assertMentions(e, file.toString(), "guests.broker1.vcpu: unknown field", "vcpus");
  }

  @Test
  void wrongTypeAndBadYaml() throws Exception {
    Path file = fx.write(TestbedFixture.valid().replace("vcpus: 2", "vcpus: two"));
    UsageException e = assertThrows(UsageException.class, () -> TestbedFile.read(file));
    assertMentions(e, "guests.broker1.vcpus");
    Path bad = fx.write("name: \"unterminated\nhosts: {}\n");
    assertMentions(
        assertThrows(UsageException.class, () -> TestbedFile.read(bad)), "not valid YAML");
    assertMentions(
        assertThrows(UsageException.class, () -> TestbedFile.read(dir.resolve("nope.yaml"))),
        "no such file");
  }

  @Test
  void memoryTooLargeSaysSoAndMoreThanTheHostHasToo() throws Exception {
    assertMentions(
        failure(TestbedFixture.valid().replace("memory: 4G", "memory: 999999999999G")),
        "guests.broker1.memory: '999999999999G' is too large: more memory than any machine has");
    assertMentions(
        failure(TestbedFixture.valid().replace("memory: 4G", "memory: 1T")),
        "guests.broker1.memory: 1T is more than host kvm1 has (16 GiB); give the guest less");
    assertMentions(
        failure(TestbedFixture.valid().replace("memory: 4G", "memory: ١٠G")),
        "guests.broker1.memory: '١٠G' is not a size",
        "0-9");
  }

  @Test
  void numbersAreWrittenAsNumbersWithAsciiDigits() throws Exception {
    for (String v : new String[] {"'2'", "١٠"}) {
      Path file = fx.write(TestbedFixture.valid().replace("vcpus: 2", "vcpus: " + v));
      assertMentions(
          assertThrows(UsageException.class, () -> TestbedFile.read(file)),
          "guests.broker1.vcpus: a whole number is expected");
    }
    Path file = fx.write(TestbedFixture.valid().replace("vcpus: 2", "vcpus: 99999999999999999999"));
    assertMentions(
        assertThrows(UsageException.class, () -> TestbedFile.read(file)),
        "guests.broker1.vcpus (line",
        "the number is out of range");
  }

  @Test
  void cpuRangesAreCompact() {
    assertEquals("0-3,8,10-11", TestbedValidator.ranges(List.of(0, 1, 2, 3, 8, 10, 11)));
  }

  @Test
  void aHostRootGuestNeedsThisMachineABridgeAnAddressAndItsKey() throws Exception {
    UsageException e =
        failure(
            """
            name: hr
            hosts:
              kvm1: {address: 10.0.0.1, user: root, key-file: id_test, known-hosts: known_hosts,
                     libvirt: "test:///default", virtualization: fast,
                     bridges: {ll-hr0: {address: 10.0.0.1}}}
            guests:
              g1: {host: kvm1, vcpus: 1, memory: 512M, key-file: nokey, boot: {host-root: true}}
            """);
    assertMentions(
        e,
        "hosts.kvm1.virtualization: 'fast' is unknown; use kvm, tcg or auto",
        "hosts.kvm1.bridges.ll-hr0.address: missing or not an IPv4 address with its prefix",
        "guests.g1.boot.host-root: needs its host to be this machine (hosts.kvm1.local: true)",
        "guests.g1.network: a host-root guest needs virtio NICs: mode bridge",
        "guests.g1.address: missing",
        "guests.g1.key-file: 'nokey.pub' cannot be read");
    assertTrue(!e.getMessage().contains("base-volume: missing"), e.getMessage());
  }

  @Test
  void guestAddressesAreTheirOwnAndInTheirBridgesSubnet() throws Exception {
    String yaml =
        """
        name: addresses
        hosts:
          kvm1:
            address: 10.0.0.1
            user: root
            key-file: id_test
            known-hosts: known_hosts
            libvirt: test:///default
            bridges: {ll-t0: {address: 10.9.0.1/24}}
        guests:
          g1: {host: kvm1, base-volume: b.qcow2, vcpus: 1, memory: 1G, address: 10.9.0.5,
               network: {mode: bridge, bridge: ll-t0}}
          g2: {host: kvm1, base-volume: b.qcow2, vcpus: 1, memory: 1G, address: 10.9.0.5,
               network: {mode: bridge, bridge: ll-t0}}
          g3: {host: kvm1, base-volume: b.qcow2, vcpus: 1, memory: 1G, address: 10.9.1.7,
               network: {mode: bridge, bridge: ll-t0}}
          g4: {host: kvm1, base-volume: b.qcow2, vcpus: 1, memory: 1G, address: 10.9.0.1,
               network: {mode: bridge, bridge: ll-t0}}
          g5: {host: kvm1, base-volume: b.qcow2, vcpus: 1, memory: 1G, address: 10.9.0.255,
               network: {mode: bridge, bridge: ll-t0}}
          g6: {host: kvm1, base-volume: b.qcow2, vcpus: 1, memory: 1G, address: 10.0.0.30}
        """;
    Path file = fx.write(yaml);
    List<String> lines =
        new TestbedValidator(file, new KnownHosts(), false).checkFile(TestbedFile.read(file));
    String at = file + ": ";
    assertEquals(
        List.of(
            at
                + "guests.g2.address: 10.9.0.5 is also guests.g1.address; give each guest an"
                + " address of its own",
            at
                + "guests.g3.address: 10.9.1.7 is outside the subnet 10.9.0.0/24 of bridge ll-t0"
                + " (10.9.0.1/24); give an address in 10.9.0.0/24",
            at
                + "guests.g4.address: 10.9.0.1 is also hosts.kvm1.bridges.ll-t0.address; give"
                + " each guest an address of its own",
            at
                + "guests.g5.address: 10.9.0.255 is the broadcast address of bridge ll-t0"
                + " (10.9.0.1/24); give an address in 10.9.0.0/24"),
        lines);
  }

  @Test
  void vcpuOvercommitIsARatioAboveZero() throws Exception {
    UsageException e =
        failure(
            TestbedFixture.valid()
                .replace(
                    "libvirt: test:///default",
                    "libvirt: test:///default\n    vcpu-overcommit: 0"));
    assertMentions(e, "hosts.kvm1.vcpu-overcommit: 0.0 is out of range", "(default 2)");
  }

  @Test
  void vcpusBeyondTheHostsOvercommitAreRefused() throws Exception {
    Path file =
        fx.write(
            TestbedFixture.valid()
                .replace(
                    "libvirt: test:///default",
                    "libvirt: test:///default\n    vcpu-overcommit: 0.2"));
    Testbed t = TestbedFile.read(file);
    TestbedValidator v = new TestbedValidator(file, new KnownHosts(), false);
    assertEquals(
        List.of(
            file
                + ": hosts.kvm1.vcpu-overcommit: its guests have 4 vCPUs on 16 CPUs (0.25 per"
                + " CPU), more than the 0.2 allowed; give the guests fewer vCPUs, or allow more"
                + " with vcpu-overcommit"),
        v.checkAgainstHosts(t, Map.of("kvm1", TestbedFixture.facts())));
    assertEquals(
        List.of(),
        v.checkAgainstHosts(
            TestbedFile.read(fx.write(TestbedFixture.valid())),
            Map.of("kvm1", TestbedFixture.facts())));
  }
}
