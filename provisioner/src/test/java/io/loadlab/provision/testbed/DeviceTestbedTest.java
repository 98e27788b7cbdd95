package io.loadlab.provision.testbed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import io.loadlab.provision.ssh.KnownHosts;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Whole PCI devices, MTUs, VFs per port, offloads and coalescing in a testbed file. */
@Timeout(30)
class DeviceTestbedTest {
  @TempDir Path dir;
  TestbedFixture fx;

  @BeforeEach
  void setUp() throws Exception {
    fx = new TestbedFixture(dir);
  }

  /** The fixture's host with a plain NIC at 0000:03:00.0 besides the SR-IOV port. */
  static HostFacts facts() {
    HostFacts f = TestbedFixture.facts();
    return new HostFacts(
        f.cpus(),
        f.numaNodes(),
        f.memoryBytes(),
        f.hugepagesTotal(),
        f.bridges(),
        f.physicalFunctions(),
        Set.of("pci_0000_03_00_0", "pci_0000_3b_00_0", "pci_0000_3b_10_0", "pci_0000_3b_10_2"));
  }

  /** The problems of a testbed (file first, then facts), without the file name. */
  private List<String> problems(String yaml) throws Exception {
    Path file = fx.write(yaml);
    Testbed t = TestbedFile.read(file);
    UsageException e =
        assertThrows(
            UsageException.class,
            () ->
                new TestbedValidator(file, new KnownHosts(), false)
                    .check(t, Map.of("kvm1", facts())));
    assertEquals(2, e.exitCode());
    return e.getMessage().lines().map(l -> l.substring(file.toString().length() + 2)).toList();
  }

  private Testbed valid(String yaml) throws Exception {
    Path file = fx.write(yaml);
    Testbed t = TestbedFile.read(file);
    new TestbedValidator(file, new KnownHosts(), false).check(t, Map.of("kvm1", facts()));
    return t;
  }

  private static String withBroker1Network(String network) {
    return TestbedFixture.valid().replace("network: {mode: bridge, bridge: br0}", network);
  }

  @Test
  void aWholePciDeviceAndMtusPass() throws Exception {
    Testbed t =
        valid(
            withBroker1Network("network: {mode: pci, device: \"0000:03:00.0\", mtu: 9000}")
                .replace("vf: 0}", "vf: 0, mtu: 9000}"));
    assertEquals("0000:03:00.0", t.guests().get("broker1").network().device());
    assertEquals(9000, t.guests().get("broker2").network().mtu());
    assertEquals("pci_0000_03_00_0", Guest.Network.nodeDevice("0000:03:00.0"));
  }

  @Test
  void pciAddressesAreCheckedForFormatAndOwner() throws Exception {
    assertEquals(
        List.of(
            "guests.broker1.network.device: '03:00.0' is not a PCI address; give"
                + " domain:bus:slot.function as lspci -D prints it, e.g. \"0000:03:00.0\""),
        problems(withBroker1Network("network: {mode: pci, device: \"03:00.0\"}")));
    assertEquals(
        List.of(
            "guests.broker1.network.device: missing; give the PCI address of the device to"
                + " assign, e.g. \"0000:03:00.0\""),
        problems(withBroker1Network("network: {mode: pci}")));
    assertEquals(
        List.of(
            "guests.broker2.network.device: 0000:03:00.0 is already assigned to guest broker1; a"
                + " device has one guest"),
        problems(
            withBroker1Network("network: {mode: pci, device: \"0000:03:00.0\"}")
                .replace(
                    "network: {mode: sriov, pf: eth2, vf: 0}",
                    "network: {mode: pci, device: \"0000:03:00.0\"}")));
  }

  @Test
  void pciDevicesAreCheckedAgainstTheHost() throws Exception {
    assertEquals(
        List.of(
            "guests.broker1.network.device: host kvm1 has no PCI device 0000:04:00.0 (libvirt"
                + " node device pci_0000_04_00_0); check the address with lspci -D on the host"),
        problems(withBroker1Network("network: {mode: pci, device: \"0000:04:00.0\"}")));
    assertEquals(
        List.of(
            "guests.broker1.network.device: 0000:3b:00.0 is the physical function of guest"
                + " broker2's VF; assign a device the testbed uses nowhere else"),
        problems(withBroker1Network("network: {mode: pci, device: \"0000:3b:00.0\"}")));
    assertEquals(
        List.of(
            "guests.broker1.network.device: 0000:3b:10.0 is VF 0 of eth2, given to guest broker2;"
                + " assign a device the testbed uses nowhere else"),
        problems(withBroker1Network("network: {mode: pci, device: \"0000:3b:10.0\"}")));
  }

  @Test
  void mtusAreInLinuxsRange() throws Exception {
    assertEquals(
        List.of(
            "hosts.kvm1.tuning.mtu.eth2: 20 is not an MTU; give 68-65535, e.g. 1500 or 9000",
            "guests.broker1.network.mtu: 70000 is not an MTU; give 68-65535, e.g. 1500 or 9000",
            "guests.broker2.network.mtu: the guest has no NIC (mode none); remove mtu"),
        problems(
            withBroker1Network("network: {mode: bridge, bridge: br0, mtu: 70000}")
                .replace(
                    "network: {mode: sriov, pf: eth2, vf: 0}", "network: {mode: none, mtu: 9000}")
                .replace("    tuning:\n", "    tuning:\n      mtu: {eth2: 20}\n")));
  }

  @Test
  void aVfIndexIsCheckedAgainstTheCountGivenForItsPort() throws Exception {
    String tuned =
        TestbedFixture.valid()
            .replace("    tuning:\n", "    tuning:\n      sriov: [{device: eth2, vfs: 2}]\n");
    assertEquals(
        List.of(
            "guests.broker2.network.vf: VF 2 but hosts.kvm1.tuning.sriov gives eth2 2 VF(s) (0-1);"
                + " use an index in that range or give the port more VFs"),
        problems(tuned.replace("vf: 0}", "vf: 2}")));
    // The count the host has now (4) does not limit a port whose count the file sets.
    valid(tuned.replace("vfs: 2", "vfs: 6").replace("vf: 0}", "vf: 5}"));
    assertEquals(
        List.of(
            "hosts.kvm1.tuning.sriov[0].vfs: missing or negative; give the number of VFs, e.g. 2",
            "hosts.kvm1.tuning.sriov[1].device: eth2 is listed twice; give each port once",
            "hosts.kvm1.tuning.sriov[2].device: 'eth 3' is not an interface; name the physical"
                + " function's interface, e.g. {device: eth2, vfs: 2}"),
        problems(
            tuned.replace(
                "{device: eth2, vfs: 2}",
                "{device: eth2}, {device: eth2, vfs: 1}, {device: eth 3, vfs: 1}")));
  }

  @Test
  void offloadsAndCoalescingNamesAndValuesAreCheckedUpFront() throws Exception {
    Testbed t =
        valid(
            TestbedFixture.valid()
                .replace(
                    "    tuning:\n",
                    "    tuning:\n"
                        + "      offloads: [{device: eth2, lro: off, gro: on, rx-gro-hw: off}]\n"
                        + "      coalescing: [{device: eth2, rx-usecs: 0, adaptive-rx: off}]\n"));
    // YAML reads off as false; ethtool's words come back.
    assertEquals(
        List.of(
            new NicSettings.Entry("eth2", Map.of("lro", "off", "gro", "on", "rx-gro-hw", "off"))),
        NicSettings.offloads(t.hosts().get("kvm1").tuning()));
    assertEquals(
        "0",
        NicSettings.coalescing(t.hosts().get("kvm1").tuning()).get(0).values().get("rx-usecs"));
    List<String> p =
        problems(
            TestbedFixture.valid()
                .replace(
                    "    tuning:\n",
                    "    tuning:\n"
                        + "      offloads: [{device: eth2, lrp: off, gro: maybe}, {lro: off}, {device: eth3}]\n"
                        + "      coalescing: [{device: eth2, rx-usecs: -1, adaptive-rx: 1,"
                        + " rx-usec: 0}]\n"));
    assertEquals(7, p.size(), p.toString());
    assertTrue(
        p.get(0)
            .startsWith(
                "hosts.kvm1.tuning.offloads[0].lrp: unknown feature; did you mean 'lro'?; use lro, gro"),
        p.get(0));
    assertEquals(
        "hosts.kvm1.tuning.offloads[0].gro: 'maybe' is not on or off; use on or off", p.get(1));
    assertEquals(
        "hosts.kvm1.tuning.offloads[1].device: missing; give the interface, e.g. {device: eth2,"
            + " lro: off}",
        p.get(2));
    assertEquals(
        "hosts.kvm1.tuning.offloads[2]: no settings; give at least one, e.g. {device: eth2, lro:"
            + " off}",
        p.get(3));
    assertEquals(
        "hosts.kvm1.tuning.coalescing[0].rx-usecs: '-1' is not a whole number of 0 or more; give"
            + " e.g. 0 or 64",
        p.get(4));
    assertEquals(
        "hosts.kvm1.tuning.coalescing[0].adaptive-rx: '1' is not on or off; use on or off",
        p.get(5));
    assertTrue(
        p.get(6)
            .startsWith(
                "hosts.kvm1.tuning.coalescing[0].rx-usec: unknown coalescing parameter; did you"
                    + " mean 'rx-usecs'?"),
        p.get(6));
  }
}
