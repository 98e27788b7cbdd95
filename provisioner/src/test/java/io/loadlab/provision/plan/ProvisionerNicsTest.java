package io.loadlab.provision.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.provision.action.Action;
import io.loadlab.provision.libvirt.DomainXml;
import io.loadlab.provision.libvirt.GuestState;
import io.loadlab.provision.libvirt.TestDriver;
import io.loadlab.provision.testbed.GuestNames;
import io.loadlab.provision.testbed.TestbedFile;
import io.loadlab.provision.testbed.TestbedFixture;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A guest with a management NIC on a bridge and a client NIC direct-attached (macvtap) to a host
 * interface, its emulator pinned, named for this checkout (unique-names): planned, applied, read
 * back from libvirt's test driver, applied again without changes, described and torn down.
 */
@Timeout(60)
class ProvisionerNicsTest {
  @TempDir Path dir;
  Path file;

  @BeforeEach
  void setUp() throws Exception {
    TestDriver.assumeLibvirt();
    file =
        new TestbedFixture(dir)
            .write(
                """
                name: two-nics
                unique-names: true
                hosts:
                  kvm1: {address: 10.0.0.1, user: root, key-file: id_test, known-hosts: known_hosts, libvirt: "%s"}
                guests:
                  g1:
                    host: kvm1
                    base-volume: base.qcow2
                    vcpus: 1
                    memory: 512M
                    pinning: {cpus: [2], emulator: "0-1"}
                    networks:
                      - {name: mgmt, mode: bridge, bridge: br0, address: 10.0.0.31/24}
                      - {name: client, mode: direct, source: eth1, mtu: 9000, address: 10.1.0.31/24}
                """
                    .formatted(TestDriver.uri()));
  }

  @Test
  void planApplyReadBackDescribeTeardown() throws Exception {
    String domain = GuestNames.of(TestbedFile.read(file), file).domain("g1");
    assertTrue(domain.matches("g1-[0-9a-f]{4}"), domain);
    try (Provisioner p =
        Provisioner.open(file, ProvisionOptions.defaults(), ProvisionerLibvirtTest.NO_SSH)) {
      List<String> d = p.plan().changes().stream().map(Action::toString).toList();
      assertEquals(3, d.size(), d.toString());
      assertTrue(
          d.get(0).startsWith("g1: clone volume base.qcow2 to " + domain + ".qcow2"), d.get(0));
      assertTrue(
          d.get(1)
              .contains(
                  "define domain (as "
                      + domain
                      + ", 1 vCPUs, 512M, pinned to [2] (node 0), emulator and vhost threads on CPUs"
                      + " 0-1, mgmt: virtio on br0 at 10.0.0.31/24; client: virtio on macvtap of"
                      + " eth1 (bridge mode), MTU 9000 at 10.1.0.31/24)"),
          d.get(1));
      assertTrue(p.apply(null));

      var lv = p.libvirtHost("kvm1");
      assertEquals(GuestState.ABSENT, lv.state("g1"), "no domain under the file's own name");
      String xml = lv.xml(domain);
      assertTrue(xml.contains("<interface type='direct'>"), xml);
      assertTrue(xml.contains("<source dev='eth1' mode='bridge'/>"), xml);
      assertTrue(xml.contains("<emulatorpin cpuset='0-1'/>"), xml);
      DomainXml.Summary s = DomainXml.read(xml);
      assertEquals("bridge:br0, direct:eth1/bridge mtu:9000", s.network());
      assertEquals("0-1", s.emulatorPin());
      assertTrue(p.plan().isEmpty(), p.plan().render());

      Map<String, Object> described = p.describe();
      assertEquals("direct", described.get("mode"), "the measured NIC, not the management one");
      @SuppressWarnings("unchecked")
      Map<String, Object> g1 =
          ((Map<String, Map<String, Object>>) described.get("guests")).get("g1");
      assertEquals("0-1", g1.get("emulatorPinning"));
      assertEquals("with the emulator (emulatorpin)", g1.get("vhostPinning"));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> nics = (List<Map<String, Object>>) g1.get("networks");
      assertEquals(
          Map.of(
              "name", "client",
              "mode", "direct",
              "source", "eth1",
              "sourceMode", "bridge",
              "mtu", 9000,
              "address", "10.1.0.31/24"),
          nics.get(1));

      assertTrue(p.teardown(null));
      assertEquals(GuestState.ABSENT, lv.state(domain));
      assertNull(lv.volumePath("default", domain + ".qcow2"));
      assertFalse(p.plan().isEmpty());
    }
  }
}
