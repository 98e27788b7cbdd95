package io.loadlab.provision.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import io.loadlab.provision.action.Action;
import io.loadlab.provision.action.Plan;
import io.loadlab.provision.libvirt.TestDriver;
import io.loadlab.provision.ssh.HostKeyPolicy;
import io.loadlab.provision.testbed.TestbedFixture;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Plan, apply, idempotency, status and teardown of guests on libvirt's test driver. */
@Timeout(60)
class ProvisionerLibvirtTest {
  @TempDir Path dir;
  Path file;

  static final ShellFactory NO_SSH =
      (target, policy) -> {
        throw new AssertionError("no SSH expected, but asked for " + target.name());
      };

  @BeforeEach
  void setUp() throws Exception {
    TestDriver.assumeLibvirt();
    TestbedFixture fx = new TestbedFixture(dir);
    file =
        fx.write(
            """
            name: kvm-guests
            hosts:
              kvm1:
                address: 10.0.0.1
                user: root
                key-file: id_test
                known-hosts: known_hosts
                libvirt: %s
            guests:
              bridged1:
                host: kvm1
                base-volume: base.qcow2
                vcpus: 2
                memory: 1G
                pinning: {cpus: [2, 3]}
                network: {mode: bridge, bridge: br0}
              sriov1:
                host: kvm1
                base-volume: base.qcow2
                vcpus: 4
                memory: 2G
                pinning: {policy: numa-node}
                network: {mode: sriov, pf: eth2, vf: 1}
            """
                .formatted(TestDriver.uri()));
  }

  private static List<String> descriptions(Plan p) {
    return p.changes().stream().map(Action::toString).toList();
  }

  @Test
  void planApplyApplyAgainStatusTeardown() throws Exception {
    try (Provisioner p = Provisioner.open(file, ProvisionOptions.defaults(), NO_SSH)) {
      Plan plan = p.plan();
      List<String> d = descriptions(plan);
      assertEquals(6, d.size(), d.toString());
      assertTrue(
          d.get(0).startsWith("bridged1: clone volume base.qcow2 to bridged1.qcow2"), d.get(0));
      assertTrue(
          d.get(1)
              .contains("define domain (2 vCPUs, 1G, pinned to [2, 3] (node 0), virtio on br0)"),
          d.get(1));
      assertEquals("bridged1: start", d.get(2));
      assertTrue(d.get(4).contains("pinned to [0, 1, 2, 3] (node 0), VF 1 of eth2"), d.get(4));
      assertEquals(List.of(), plan.warnings(), "sriov1 is on the NIC's node");

      ByteArrayOutputStream out = new ByteArrayOutputStream();
      assertTrue(p.apply(new PrintStream(out, true, StandardCharsets.UTF_8)));
      String log = Files.readString(p.actionLogFile());
      assertEquals(6, log.lines().filter(l -> l.contains(" apply ok ")).count(), log);
      assertTrue(Files.exists(p.stateFile()));

      // A second apply changes nothing.
      Plan again = p.plan();
      assertTrue(again.isEmpty(), again.render());
      assertTrue(again.unchanged().contains("bridged1: running"), again.unchanged().toString());
      ByteArrayOutputStream out2 = new ByteArrayOutputStream();
      assertTrue(p.apply(new PrintStream(out2, true, StandardCharsets.UTF_8)));
      assertTrue(out2.toString(StandardCharsets.UTF_8).contains("No changes"));

      String status = p.status();
      assertTrue(
          status.contains("guest bridged1 on kvm1: running, vCPU pinning [[2], [3]]"), status);
      assertTrue(
          status.contains("guest sriov1 on kvm1: running, vCPU pinning [[0], [1], [2], [3]]"),
          status);
      assertTrue(status.contains("in step with the file"), status);

      Map<String, Object> described = p.describe();
      assertEquals("mixed", described.get("mode"));
      @SuppressWarnings("unchecked")
      Map<String, Map<String, Object>> guests =
          (Map<String, Map<String, Object>>) described.get("guests");
      assertEquals(List.of(0, 1, 2, 3), guests.get("sriov1").get("pinning"));
      assertEquals("running", guests.get("sriov1").get("state"));
      assertEquals(
          Map.of("mode", "sriov", "pf", "eth2", "vf", 1), guests.get("sriov1").get("network"));

      ByteArrayOutputStream down = new ByteArrayOutputStream();
      assertTrue(p.teardown(new PrintStream(down, true, StandardCharsets.UTF_8)));
      String text = down.toString(StandardCharsets.UTF_8);
      assertTrue(text.contains("ok      sriov1: shut down"), text);
      assertTrue(text.contains("ok      bridged1: delete volume bridged1.qcow2"), text);
      assertFalse(Files.exists(p.stateFile()), "teardown leaves no state behind");
      // Everything is gone: the plan is the full one again.
      assertEquals(6, p.plan().changes().size());
    }
  }

  @Test
  void driftedPinningOfARunningGuestIsRepinnedLive() throws Exception {
    try (Provisioner p = Provisioner.open(file, ProvisionOptions.defaults(), NO_SSH)) {
      assertTrue(p.apply(null));
      p.libvirtHost("kvm1").stats().pin("bridged1", 0, 7);
      List<String> d = descriptions(p.plan());
      assertEquals(List.of("bridged1: pin running vCPUs: vCPU 0 [7]->2"), d);
      assertTrue(p.apply(null));
      assertEquals(
          List.of(List.of(2), List.of(3)), p.libvirtHost("kvm1").stats().livePinning("bridged1"));
      assertTrue(p.plan().isEmpty());
      assertTrue(p.teardown(null));
    }
  }

  @Test
  void warnsWhenAGuestIsPinnedAwayFromItsVirtualFunction() throws Exception {
    Files.writeString(
        file,
        Files.readString(file)
            .replace("pinning: {policy: numa-node}", "pinning: {cpus: [8, 9, 10, 11]}"));
    try (Provisioner p = Provisioner.open(file, ProvisionOptions.defaults(), NO_SSH)) {
      Plan plan = p.plan();
      assertEquals(1, plan.warnings().size(), plan.render());
      assertTrue(
          plan.warnings().get(0).startsWith("sriov1: pinned to NUMA node 1 but eth2 is on node 0"),
          plan.render());
      assertTrue(plan.render().contains("Warnings:"));
    }
  }

  @Test
  void validationFailsBeforeAnythingIsTouched() throws Exception {
    Files.writeString(
        file,
        Files.readString(file).replace("vf: 1", "vf: 9").replace("bridge: br0", "bridge: br7"));
    UsageException e =
        assertThrows(
            UsageException.class,
            () -> Provisioner.open(file, ProvisionOptions.defaults(), NO_SSH));
    assertTrue(
        e.getMessage().contains("guests.bridged1.network.bridge: host kvm1 has no bridge 'br7'"),
        e.getMessage());
    assertTrue(
        e.getMessage().contains("guests.sriov1.network.vf: eth2 has 4 VFs (0-3)"), e.getMessage());
    assertFalse(Files.exists(dir.resolve("testbed.yaml.actions.log")));
  }

  @Test
  void recordHostKeysOptionIsNeededForUnknownHosts() throws Exception {
    Files.writeString(file, Files.readString(file).replace("10.0.0.1", "10.0.0.77"));
    assertThrows(
        UsageException.class, () -> Provisioner.open(file, ProvisionOptions.defaults(), NO_SSH));
    try (Provisioner p =
        Provisioner.open(
            file, ProvisionOptions.defaults().withHostKeys(HostKeyPolicy.RECORD_NEW), NO_SSH)) {
      assertEquals(6, p.plan().changes().size());
    }
  }

  @Test
  void aWholePciDeviceIsAssignedAndAnAssignedNicsMtuIsAManualStep() throws Exception {
    Files.writeString(
        file,
        Files.readString(file)
            .replace(
                "network: {mode: bridge, bridge: br0}",
                "network: {mode: pci, device: \"0000:03:00.0\", mtu: 9000}")
            .replace("vf: 1}", "vf: 1, mtu: 9000}"));
    try (Provisioner p = Provisioner.open(file, ProvisionOptions.defaults(), NO_SSH)) {
      Plan plan = p.plan();
      assertTrue(
          descriptions(plan)
              .get(1)
              .endsWith(
                  "(2 vCPUs, 1G, pinned to [2, 3] (node 0), PCI device 0000:03:00.0"
                      + " assigned whole, MTU 9000)"),
          plan.render());
      assertEquals(2, plan.manual().size(), plan.render());
      assertTrue(
          plan.manual()
              .get(0)
              .startsWith(
                  "bridged1: set the MTU of its assigned NIC to 9000 in the guest's OS (ip link set"
                      + " dev <interface> mtu 9000"),
          plan.render());
      assertTrue(plan.manual().get(1).startsWith("sriov1: set the MTU of its VF to 9000"));
      assertTrue(p.apply(null));
      assertTrue(
          p.libvirtHost("kvm1")
              .xml("bridged1")
              .contains("<hostdev mode='subsystem' type='pci' managed='yes'>"));
      assertTrue(p.plan().isEmpty(), p.plan().render());
      @SuppressWarnings("unchecked")
      Map<String, Map<String, Object>> guests =
          (Map<String, Map<String, Object>>) p.describe().get("guests");
      assertEquals(
          Map.of("mode", "pci", "device", "0000:03:00.0", "mtu", 9000),
          guests.get("bridged1").get("network"));
      assertTrue(p.teardown(null));
    }
  }

  @Test
  void aBridgedNicWithoutTheMtuIsRedefined() throws Exception {
    Files.writeString(
        file,
        Files.readString(file)
            .replace(
                "network: {mode: bridge, bridge: br0}",
                "network: {mode: bridge, bridge: br0, mtu: 9000}"));
    try (Provisioner p = Provisioner.open(file, ProvisionOptions.defaults(), NO_SSH)) {
      // bridged1 as defined before the file gave it an MTU
      p.libvirtHost("kvm1")
          .define(
              io.loadlab.provision.libvirt.DomainXml.of(
                  new io.loadlab.provision.libvirt.DomainSpec(
                      "bridged1",
                      "test",
                      2,
                      1 << 20,
                      0,
                      List.of(2, 3),
                      0,
                      "/var/lib/libvirt/images/base.qcow2",
                      "br0",
                      null,
                      io.loadlab.provision.libvirt.DomainXml.mac("kvm-guests", "bridged1"),
                      null,
                      null,
                      0,
                      false)));
      List<String> d = descriptions(p.plan());
      assertTrue(
          d.contains("bridged1: redefine domain: network bridge:br0->bridge:br0 mtu:9000"),
          d.toString());
      assertTrue(p.apply(null));
      assertTrue(p.libvirtHost("kvm1").xml("bridged1").contains("<mtu size='9000'/>"));
      assertTrue(p.plan().isEmpty(), p.plan().render());
    }
  }
}
