package io.loadlab.provision.libvirt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.provision.testbed.HostFacts;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Several NICs (bridge, direct-attached, a VF) and emulator pinning in a domain's XML. */
@Timeout(10)
class DomainNicsXmlTest {
  static DomainSpec spec(List<DomainSpec.Nic> nics, String emulator) {
    return new DomainSpec(
        "g", "kvm", 2, 1 << 20, 0, List.of(2, 3), 0, "", nics, null, false, emulator);
  }

  @Test
  void writesEachNicInOrderWithItsOwnMacAndReadsThemBack() {
    String xml =
        DomainXml.of(
            spec(
                List.of(
                    DomainSpec.Nic.bridge("llm0", DomainXml.mac("tb", "g", 0), 0),
                    DomainSpec.Nic.direct("eth1", "bridge", DomainXml.mac("tb", "g", 1), 9000),
                    DomainSpec.Nic.vf(
                        new HostFacts.PciAddress(0, 0x3b, 0x10, 2), "52:54:00:aa:bb:cc")),
                "0-1"));
    int bridge = xml.indexOf("<interface type='bridge'>");
    int direct = xml.indexOf("<interface type='direct'>");
    int vf = xml.indexOf("<interface type='hostdev' managed='yes'>");
    assertTrue(bridge > 0 && direct > bridge && vf > direct, xml);
    assertTrue(xml.contains("<source dev='eth1' mode='bridge'/>"), xml);
    assertTrue(xml.substring(direct, vf).contains("<mtu size='9000'/>"), xml);
    assertTrue(
        xml.contains(
            "  <cputune>\n    <vcpupin vcpu='0' cpuset='2'/>\n    <vcpupin vcpu='1' cpuset='3'/>\n"
                + "    <emulatorpin cpuset='0-1'/>\n  </cputune>\n"),
        xml);
    assertEquals(DomainXml.mac("tb", "g"), DomainXml.mac("tb", "g", 0), "NIC 0 keeps its MAC");
    assertNotEquals(DomainXml.mac("tb", "g", 0), DomainXml.mac("tb", "g", 1));
    DomainXml.Summary s = DomainXml.read(xml);
    assertEquals("bridge:llm0, direct:eth1/bridge mtu:9000, sriov:0000:3b:10.2", s.network());
    assertEquals("0-1", s.emulatorPin());
  }

  @Test
  void emulatorPinningAloneNeedsNoVcpuPins() {
    String xml =
        DomainXml.of(
            new DomainSpec(
                "g",
                "kvm",
                1,
                1 << 20,
                0,
                List.of(),
                -1,
                "",
                List.of(DomainSpec.Nic.direct("lld0-ab12", "vepa", "52:54:00:00:00:02", 0)),
                null,
                false,
                "3"));
    assertTrue(xml.contains("<cputune>\n    <emulatorpin cpuset='3'/>\n  </cputune>"), xml);
    assertTrue(!xml.contains("<numatune>"), xml);
    assertEquals("direct:lld0-ab12/vepa", DomainXml.read(xml).network());
    assertEquals(
        "none", DomainXml.read(DomainXml.of(spec(List.of(), null))).network(), "no NIC at all");
    assertEquals("", DomainXml.read(DomainXml.of(spec(List.of(), null))).emulatorPin());
  }
}
