package io.loadlab.provision.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.loadlab.core.failure.UsageException;
import io.loadlab.provision.libvirt.LibvirtHost;
import io.loadlab.provision.libvirt.TestDriver;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.testbed.TestbedFile;
import io.loadlab.provision.testbed.TestbedFixture;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Not enough free memory for a host's guests, on libvirt's test driver treated as a KVM host: one
 * line naming the host, the memory the guests need and what is free, and the fix (exit 2), before
 * any guest starts. A guest already running (the test driver's {@code test}) and a guest on
 * hugepages do not count.
 */
@Timeout(60)
class GuestMemoryTest {
  @TempDir Path dir;

  @Test
  void guestsNeedingMoreThanIsFreeFailWithOneLine() throws Exception {
    TestDriver.assumeLibvirt();
    Path file =
        new TestbedFixture(dir)
            .write(
                """
                name: mem
                hosts:
                  kvm1: {address: 10.0.0.1, user: root, key-file: id_test, known-hosts: known_hosts, libvirt: "test:///default"}
                guests:
                  big1: {host: kvm1, base-volume: base.qcow2, vcpus: 1, memory: 64G}
                  big2: {host: kvm1, base-volume: base.qcow2, vcpus: 1, memory: 64G}
                  test: {host: kvm1, base-volume: base.qcow2, vcpus: 1, memory: 512G}
                  huge: {host: kvm1, base-volume: base.qcow2, vcpus: 1, memory: 256G, hugepages: true}
                """);
    Testbed t = TestbedFile.read(file);
    try (LibvirtHost lv = LibvirtHost.open("kvm1", "test:///default")) {
      TestDriver.useDomainType(lv, "kvm");
      long freeMib = lv.freeMemoryBytes() >> 20;
      UsageException e =
          assertThrows(UsageException.class, () -> GuestMemory.check(t, Map.of("kvm1", lv)));
      assertEquals(2, e.exitCode());
      assertFalse(e.getMessage().contains("\n"), e.getMessage());
      assertEquals(
          "guests on kvm1: they need 131072 MiB of memory, but kvm1 has "
              + freeMib
              + " MiB free; give the guests less memory (guests.<name>.memory) or free some",
          e.getMessage());
    }
  }

  @Test
  void theTestDriverItselfIsNotChecked() throws Exception {
    TestDriver.assumeLibvirt();
    Path file =
        new TestbedFixture(dir)
            .write(
                """
                name: mem
                hosts:
                  kvm1: {address: 10.0.0.1, user: root, key-file: id_test, known-hosts: known_hosts, libvirt: "test:///default"}
                guests:
                  big1: {host: kvm1, base-volume: base.qcow2, vcpus: 1, memory: 64G}
                  big2: {host: kvm1, base-volume: base.qcow2, vcpus: 1, memory: 64G}
                """);
    Testbed t = TestbedFile.read(file);
    try (LibvirtHost lv = LibvirtHost.open("kvm1", "test:///default")) {
      // The same 128 GiB fail above once the host counts as KVM; on the test driver it passes.
      GuestMemory.check(t, Map.of("kvm1", lv));
    }
  }
}
