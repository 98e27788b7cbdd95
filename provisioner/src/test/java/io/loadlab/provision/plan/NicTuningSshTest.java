package io.loadlab.provision.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import io.loadlab.provision.action.Action;
import io.loadlab.provision.action.Plan;
import io.loadlab.provision.ssh.EmbeddedSshServer;
import io.loadlab.provision.ssh.KnownHosts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** VFs per port, MTU, offloads and coalescing planned, applied and undone over SSH. */
@Timeout(60)
class NicTuningSshTest {
  @TempDir Path dir;
  FakeHost host;
  EmbeddedSshServer server;

  @BeforeEach
  void setUp() throws Exception {
    host = new FakeHost();
    server = new EmbeddedSshServer(dir, c -> host.answer(c));
    KnownHosts.record(
        dir.resolve("known_hosts"), "127.0.0.1", server.port(), server.hostKey.getPublic());
  }

  @AfterEach
  void tearDown() throws Exception {
    server.close();
  }

  private Path testbed(String tuning) throws Exception {
    Path file = dir.resolve("nic.yaml");
    Files.writeString(
        file,
        """
        name: nic
        hosts:
          server1:
            address: 127.0.0.1
            port: %d
            user: lab
            key-file: id_client
            known-hosts: known_hosts
            tuning:
        %s
        """
            .formatted(server.port(), tuning.indent(6)));
    return file;
  }

  @Test
  void vfsMtuOffloadsAndCoalescingApplyOnceAndTeardownRestoresThem() throws Exception {
    Path file =
        testbed(
            """
            sriov: [{device: eth2, vfs: 2}]
            mtu: {eth2: 9000}
            offloads: [{device: eth2, lro: off, gro: on}]
            coalescing: [{device: eth2, rx-usecs: 0, adaptive-rx: off, tx-usecs: 0}]
            kernel-cmdline: [intel_iommu=on, quiet]
            """);
    try (Provisioner p = Provisioner.open(file, ProvisionOptions.defaults(), ShellFactory.SSH)) {
      Plan plan = p.plan();
      assertEquals(
          List.of(
              "server1: set the SR-IOV VFs of eth2 to 2 (was 4)",
              "server1: MTU of eth2 9000 (was 1500)",
              "server1: ethtool -K eth2 lro off (was lro on)",
              "server1: ethtool -C eth2 rx-usecs 0 adaptive-rx off (was rx-usecs 3 adaptive-rx"
                  + " on)"),
          plan.changes().stream().map(Action::toString).toList());
      assertEquals(
          List.of(
              "server1: needs reboot: add intel_iommu=on to the kernel command line"
                  + " (GRUB_CMDLINE_LINUX in /etc/default/grub, then update-grub or"
                  + " grub2-mkconfig) and reboot"),
          plan.manual());
      assertTrue(
          plan.unchanged().contains("server1: kernel command line: quiet present"),
          plan.unchanged().toString());
      assertTrue(plan.render().contains("  ! server1: needs reboot: add intel_iommu=on"));

      assertTrue(p.apply(null));
      assertEquals(List.of(0, 2), host.vfWrites, "0 first, then the new count");
      assertEquals(9000, host.mtu);
      assertEquals("off", host.features.get("large-receive-offload"));
      assertEquals("on", host.features.get("generic-receive-offload"));
      assertEquals("0", host.coalescing.get("rx-usecs"));
      assertEquals("off", host.adaptiveRx);
      Plan again = p.plan();
      assertTrue(again.isEmpty(), again.render());
      assertTrue(again.unchanged().contains("server1: eth2 has 2 SR-IOV VFs"));
      assertTrue(again.unchanged().contains("server1: offloads of eth2: lro off, gro on"));

      @SuppressWarnings("unchecked")
      Map<String, Object> described =
          (Map<String, Object>) ((Map<String, Object>) p.describe().get("hosts")).get("server1");
      assertEquals(true, p.describe().get("needsReboot"));
      assertEquals(List.of("intel_iommu=on"), described.get("needsReboot"));
      assertEquals(Map.of("eth2", 2), described.get("sriovVfs"));
      assertEquals(Map.of("eth2", 9000), described.get("mtu"));
      assertEquals(Map.of("eth2", Map.of("lro", "off", "gro", "on")), described.get("offloads"));

      assertTrue(p.teardown(null));
      assertEquals(4, host.numVfs);
      assertEquals(List.of(0, 2, 0, 4), host.vfWrites);
      assertEquals(1500, host.mtu);
      assertEquals("on", host.features.get("large-receive-offload"));
      assertEquals("3", host.coalescing.get("rx-usecs"));
      assertEquals("on", host.adaptiveRx);
    }
  }

  @Test
  void whatTheInterfacesDoNotAllowIsRefusedBeforeAnythingChanges() throws Exception {
    Path file =
        testbed(
            """
            sysctl: {kernel.msgmni: "16384"}
            sriov: [{device: eth2, vfs: 8}, {device: eth9, vfs: 1}]
            mtu: {eth2: 9700}
            offloads: [{device: eth2, rxvlan: off, ntuple: on}]
            coalescing: [{device: eth2, rx-usecs-low: 5}]
            """);
    try (Provisioner p = Provisioner.open(file, ProvisionOptions.defaults(), ShellFactory.SSH)) {
      UsageException e = assertThrows(UsageException.class, p::plan);
      assertEquals(2, e.exitCode());
      List<String> lines = e.getMessage().lines().toList();
      assertEquals(
          List.of(
              "hosts.server1.tuning.sriov[0].vfs: 8 VFs but eth2 supports at most 7"
                  + " (sriov_totalvfs); give at most 7",
              "hosts.server1.tuning.sriov[1].device: host server1 has no interface eth9"
                  + " (/sys/class/net/eth9); name one it has (ip link)",
              "hosts.server1.tuning.mtu.eth2: 9700 is above the largest MTU of eth2 (9600, ip -d"
                  + " link: maxmtu); give at most 9600",
              "hosts.server1.tuning.offloads[0].rxvlan: rx-vlan-offload of eth2 is fixed on by its"
                  + " driver; remove it",
              "hosts.server1.tuning.offloads[0].ntuple: eth2 has no feature ntuple-filters"
                  + " (ethtool -k); remove it",
              "hosts.server1.tuning.coalescing[0].rx-usecs-low: the driver of eth2 does not"
                  + " support it (ethtool -c shows n/a); remove it"),
          lines.stream().map(l -> l.substring(file.toString().length() + 2)).toList(),
          e.getMessage());
      // apply plans first, so it refuses the same way
      assertThrows(UsageException.class, () -> p.apply(null));
    }
    assertEquals("32000", host.sysctl.get("kernel.msgmni"), "nothing was changed");
    assertTrue(host.vfWrites.isEmpty());
  }
}
