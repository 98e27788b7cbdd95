package io.loadlab.provision.libvirt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.provision.testbed.HostFacts;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class LibvirtHostTest {
  @BeforeEach
  void needsLibvirt() {
    TestDriver.assumeLibvirt();
  }

  @Test
  void readsTheFakeHostsFacts() {
    try (LibvirtHost host = LibvirtHost.open("kvm1", TestDriver.uri())) {
      HostFacts f = host.facts();
      assertEquals(16, f.cpus().size());
      assertEquals(List.of(8, 9, 10, 11, 12, 13, 14, 15), f.numaNodes().get(1));
      assertEquals(16L << 30, f.memoryBytes());
      assertTrue(f.bridges().contains("br0"), f.bridges().toString());
      HostFacts.PhysicalFunction pf = f.physicalFunctions().get("eth2");
      assertNotNull(pf, f.physicalFunctions().toString());
      assertEquals("pci_0000_3b_00_0", pf.nodeDevice());
      assertEquals(4, pf.vfAddresses().size());
      assertEquals("0000:3b:10.2", pf.vfAddresses().get(1).toString());
      assertTrue(f.pciDevices().contains("pci_0000_03_00_0"), f.pciDevices().toString());
      assertTrue(!f.physicalFunctions().containsKey("pci_0000_03_00_0"), "a plain NIC is no PF");
    }
  }

  @Test
  void definesAGuestWithAWholePciDeviceAndABridgedJumboNic() {
    try (LibvirtHost host = LibvirtHost.open("kvm1", TestDriver.uri())) {
      String disk = host.cloneVolume("default", "base.qcow2", "p1.qcow2");
      for (DomainSpec spec :
          List.of(
              new DomainSpec(
                  "p1",
                  host.domainType(),
                  1,
                  1 << 20,
                  0,
                  List.of(),
                  -1,
                  disk,
                  null,
                  null,
                  DomainXml.mac("tb", "p1"),
                  null,
                  HostFacts.PciAddress.parse("0000:03:00.0"),
                  0,
                  false),
              new DomainSpec(
                  "p2",
                  host.domainType(),
                  1,
                  1 << 20,
                  0,
                  List.of(),
                  -1,
                  disk,
                  "br0",
                  null,
                  DomainXml.mac("tb", "p2"),
                  null,
                  null,
                  9000,
                  false))) {
        host.define(DomainXml.of(spec));
      }
      assertEquals("pci:0000:03:00.0", DomainXml.read(host.xml("p1")).network());
      assertEquals("bridge:br0 mtu:9000", DomainXml.read(host.xml("p2")).network());
      host.undefine("p1");
      host.undefine("p2");
      host.deleteVolume("default", "p1.qcow2");
    }
  }

  @Test
  void readsHugepagePoolsFromNumaCells() {
    // test:///default has two NUMA cells with fake page pools; a node file has none.
    try (LibvirtHost host = LibvirtHost.open("fake", "test:///default")) {
      HostFacts f = host.facts();
      assertEquals(2, f.numaNodes().size());
      assertTrue(f.hugepagesTotal().containsKey(2048L), f.hugepagesTotal().toString());
    }
    try (LibvirtHost host = LibvirtHost.open("kvm1", TestDriver.uri())) {
      assertTrue(host.facts().hugepagesTotal().isEmpty());
    }
  }

  @Test
  void definesStartsPinsStopsAndUndefinesAGuest() {
    try (LibvirtHost host = LibvirtHost.open("kvm1", TestDriver.uri())) {
      String disk = host.cloneVolume("default", "base.qcow2", "g1.qcow2");
      assertEquals(disk, host.volumePath("default", "g1.qcow2"));
      DomainSpec spec =
          new DomainSpec(
              "g1",
              host.domainType(),
              2,
              1 << 20,
              2048,
              List.of(2, 9),
              -1,
              disk,
              null,
              new HostFacts.PciAddress(0, 0x3b, 0x10, 2),
              DomainXml.mac("tb", "g1"),
              null,
              null,
              0,
              false);
      host.define(DomainXml.of(spec));
      assertEquals(GuestState.SHUT_OFF, host.state("g1"));
      DomainXml.Summary s = DomainXml.read(host.xml("g1"));
      assertEquals(2, s.vcpus());
      assertEquals(1 << 20, s.memoryKiB());
      assertEquals(2048, s.hugepageKiB());
      assertEquals(List.of("2", "9"), s.pins());
      assertEquals("sriov:0000:3b:10.2", s.network());
      host.start("g1");
      assertEquals(GuestState.RUNNING, host.state("g1"));
      host.stats().pin("g1", 1, 12);
      assertEquals(List.of(12), host.stats().livePinning("g1").get(1));
      assertTrue(host.stop("g1", Duration.ofSeconds(5)));
      assertEquals(GuestState.SHUT_OFF, host.state("g1"));
      host.undefine("g1");
      assertEquals(GuestState.ABSENT, host.state("g1"));
      host.deleteVolume("default", "g1.qcow2");
      assertNull(host.volumePath("default", "g1.qcow2"));
    }
  }
}
