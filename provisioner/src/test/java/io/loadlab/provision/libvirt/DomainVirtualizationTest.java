package io.loadlab.provision.libvirt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.loadlab.core.failure.LoadlabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How a running domain runs, as a campaign records it beside its results: KVM or QEMU's emulation
 * (domain type {@code qemu}: TCG) and its guest CPU model, from libvirt's live XML, on libvirt's
 * test driver (which keeps whatever domain type and CPU it is given).
 */
@Timeout(60)
class DomainVirtualizationTest {
  private static String domain(String name, String type, String cpu) {
    return "<domain type='"
        + type
        + "'><name>"
        + name
        + "</name><memory unit='KiB'>65536</memory><vcpu>1</vcpu>"
        + cpu
        + "<os><type arch='x86_64'>hvm</type></os></domain>";
  }

  @Test
  void anEmulatedDomainReadsAsTcgWithItsCpuModelAndAKvmOneAsKvm() {
    TestDriver.assumeLibvirt();
    try (LibvirtHost host = LibvirtHost.open("kvm1", "test:///default")) {
      host.define(
          domain(
              "emulated",
              "qemu",
              "<cpu mode='custom' match='exact'><model fallback='allow'>qemu64</model></cpu>"));
      host.define(domain("passthrough", "kvm", "<cpu mode='host-passthrough'/>"));
      host.define(domain("plain", "kvm", ""));
      for (String name : new String[] {"emulated", "passthrough", "plain"}) {
        host.start(name);
      }
      assertEquals(
          new DomainStats.DomainVirtualization("tcg", "qemu64"),
          host.stats().virtualization("emulated"));
      assertEquals(
          new DomainStats.DomainVirtualization("kvm", "host-passthrough"),
          host.stats().virtualization("passthrough"));
      assertEquals(
          new DomainStats.DomainVirtualization("kvm", null), host.stats().virtualization("plain"));
      // The test driver's own domain: its type as the driver names it.
      assertEquals("test", host.stats().virtualization("test").type());
      LoadlabException gone =
          assertThrows(LoadlabException.class, () -> host.stats().virtualization("gone"));
      assertEquals("kvm1: no domain named gone", gone.getMessage());
    }
  }
}
