package io.loadlab.provision.libvirt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.provision.testbed.Guest;
import io.loadlab.provision.testbed.HostFacts;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class DomainXmlTest {
  @Test
  void writesPinningHugepagesNumaAndABridgedVirtioNic() {
    String xml =
        DomainXml.of(
            new DomainSpec(
                "db1",
                "kvm",
                2,
                5 << 20,
                2048,
                List.of(8, 9),
                1,
                "/img/db1.qcow2",
                "br0",
                null,
                "52:54:00:01:02:03",
                null,
                null,
                0,
                false));
    assertTrue(xml.contains("<vcpupin vcpu='1' cpuset='9'/>"), xml);
    assertTrue(xml.contains("<memory mode='strict' nodeset='1'/>"), xml);
    assertTrue(xml.contains("<page size='2048' unit='KiB'/>"), xml);
    assertTrue(
        xml.contains("<source bridge='br0'/>") && xml.contains("<model type='virtio'/>"), xml);
    DomainXml.Summary s = DomainXml.read(xml);
    assertEquals(
        new DomainXml.Summary(2, 5 << 20, 2048, List.of("8", "9"), "bridge:br0", "disk"), s);
  }

  @Test
  void writesAVirtualFunctionAsAHostdevInterface() {
    String xml =
        DomainXml.of(
            new DomainSpec(
                "g",
                "test",
                1,
                1 << 20,
                0,
                List.of(),
                -1,
                "/d",
                null,
                new HostFacts.PciAddress(0, 0x3b, 0x10, 6),
                "52:54:00:00:00:01",
                null,
                null,
                0,
                false));
    assertTrue(xml.contains("<interface type='hostdev' managed='yes'>"), xml);
    assertTrue(
        xml.contains("<address type='pci' domain='0x0000' bus='0x3b' slot='0x10' function='0x6'/>"),
        xml);
    assertTrue(!xml.contains("<cputune>") && !xml.contains("memoryBacking"), xml);
    assertEquals("sriov:0000:3b:10.6", DomainXml.read(xml).network());
  }

  @Test
  void writesAWholePciDeviceAsAHostdevAndReadsItBack() {
    String xml =
        DomainXml.of(
            new DomainSpec(
                "sparc-io",
                "kvm",
                2,
                1 << 20,
                0,
                List.of(),
                -1,
                "/d",
                null,
                null,
                "52:54:00:00:00:04",
                null,
                HostFacts.PciAddress.parse("0000:03:00.1"),
                0,
                false));
    assertTrue(xml.contains("<hostdev mode='subsystem' type='pci' managed='yes'>"), xml);
    assertTrue(
        xml.contains("<address type='pci' domain='0x0000' bus='0x03' slot='0x00' function='0x1'/>"),
        xml);
    assertTrue(!xml.contains("<interface"), xml);
    assertEquals("pci:0000:03:00.1", DomainXml.read(xml).network());
  }

  @Test
  void writesTheMtuOfABridgedNicAndReadsItBack() {
    DomainSpec jumbo =
        new DomainSpec(
            "j",
            "kvm",
            1,
            1 << 20,
            0,
            List.of(),
            -1,
            "/d",
            "br0",
            null,
            "52:54:00:00:00:05",
            null,
            null,
            9000,
            false);
    String xml = DomainXml.of(jumbo);
    assertTrue(xml.contains("      <mtu size='9000'/>\n    </interface>"), xml);
    assertEquals("bridge:br0 mtu:9000", DomainXml.read(xml).network());
    String plain =
        DomainXml.of(
            new DomainSpec(
                "j",
                "kvm",
                1,
                1 << 20,
                0,
                List.of(),
                -1,
                "/d",
                "br0",
                null,
                "52:54:00:00:00:05",
                null,
                null,
                0,
                false));
    assertTrue(!plain.contains("<mtu"), plain);
    assertEquals("bridge:br0", DomainXml.read(plain).network());
  }

  @Test
  void escapesNamesAndKeepsMacsStable() {
    String xml =
        DomainXml.of(
            new DomainSpec(
                "a<b",
                "kvm",
                1,
                1024,
                0,
                List.of(),
                -1,
                "/x'y",
                null,
                null,
                "52:54:00:00:00:02",
                null,
                null,
                0,
                false));
    assertTrue(xml.contains("<name>a&lt;b</name>") && xml.contains("/x&apos;y"), xml);
    assertEquals(DomainXml.mac("tb", "g1"), DomainXml.mac("tb", "g1"));
    assertNotEquals(DomainXml.mac("tb", "g1"), DomainXml.mac("tb", "g2"));
    assertTrue(DomainXml.mac("tb", "g1").matches("52:54:00(:[0-9a-f]{2}){3}"));
  }

  @Test
  void bootsAKernelDirectlyWithItsConsoleInAFile() {
    Guest.Boot boot =
        new Guest.Boot("/boot/vmlinuz", "/tmp/initrd.gz", "console=ttyS0 a<b", "/tmp/con.log");
    String xml =
        DomainXml.of(
            new DomainSpec(
                "k",
                "kvm",
                2,
                1 << 16,
                0,
                List.of(1, 0),
                -1,
                "/d",
                null,
                null,
                "52:54:00:0:0:3",
                boot,
                null,
                0,
                false));
    assertTrue(xml.contains("<kernel>/boot/vmlinuz</kernel>"), xml);
    assertTrue(xml.contains("<initrd>/tmp/initrd.gz</initrd>"), xml);
    assertTrue(xml.contains("<cmdline>console=ttyS0 a&lt;b</cmdline>"), xml);
    assertTrue(xml.contains("<serial type='file'>") && xml.contains("path='/tmp/con.log'"), xml);
    assertTrue(!xml.contains("<boot dev='hd'/>") && !xml.contains("type='pty'"), xml);
    assertEquals(
        "kernel:/boot/vmlinuz initrd:/tmp/initrd.gz cmdline:console=ttyS0 a<b",
        DomainXml.read(xml).boot());
  }

  @Test
  void aHostRootGuestHasTheHostsRootReadOnlyAndNoDisk() {
    Guest.Boot boot = new Guest.Boot("/boot/vmlinuz", "/s/i.gz", "console=ttyS0", "/s/c.log", true);
    String xml =
        DomainXml.of(
            new DomainSpec(
                "h",
                "qemu",
                1,
                1 << 20,
                0,
                List.of(),
                -1,
                "",
                "ll-b0",
                null,
                "52:54:00:0:0:4",
                boot,
                null,
                0,
                true));
    assertTrue(xml.startsWith("<domain type='qemu'>"), xml);
    assertTrue(
        xml.contains("<filesystem type='mount' accessmode='passthrough' multidevs='remap'>")
            && xml.contains("<source dir='/'/>")
            && xml.contains("<target dir='hostroot'/>")
            && xml.contains("<readonly/>"),
        xml);
    assertTrue(!xml.contains("<disk"), xml);
    assertEquals("bridge:ll-b0", DomainXml.read(xml).network());
  }

  @Test
  void cpuMapsHoldOneBytePerEightCpus() {
    assertArrayEquals(new int[] {0, 0b0001_0000}, CpuMaps.of(List.of(12), 16));
    assertArrayEquals(new int[] {0b1000_0001, 0, 1}, CpuMaps.of(List.of(0, 7, 16), 24));
    assertEquals(List.of(0, 7, 16), CpuMaps.cpus(new int[] {0b1000_0001, 0, 1}, 0, 3));
    assertThrows(IllegalArgumentException.class, () -> CpuMaps.of(List.of(16), 16));
  }
}
