package io.loadlab.provision.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.loadlab.core.util.Sizes;
import io.loadlab.provision.libvirt.LibvirtHost;
import io.loadlab.provision.libvirt.TestDriver;
import io.loadlab.provision.testbed.HostFacts;
import io.loadlab.provision.testbed.Pinnings;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.testbed.TestbedFile;
import io.loadlab.provision.testbed.TestbedFixture;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Not enough memory for a host's guests, on libvirt's test driver treated as a KVM host: one line
 * naming the host, the memory the guests need and what the host can give (its MemAvailable;
 * libvirt's free figure where that cannot be read; a NUMA node's free memory for guests pinned
 * inside it), sizes in MiB or GiB, and the fix (exit 2), before any guest starts. A guest already
 * running (the test driver's {@code test}) and a guest on hugepages do not count.
 */
@Timeout(60)
class GuestMemoryTest {
  @TempDir Path dir;

  private Testbed testbed(String guests) throws Exception {
    return TestbedFile.read(
        new TestbedFixture(dir)
            .write(
                """
                name: mem
                hosts:
                  kvm1: {address: 10.0.0.1, user: root, key-file: id_test, known-hosts: known_hosts, libvirt: "test:///default"}
                guests:
                """
                    + guests));
  }

  private static final String BIG =
      """
        big1: {host: kvm1, base-volume: base.qcow2, vcpus: 1, memory: 40G}
        big2: {host: kvm1, base-volume: base.qcow2, vcpus: 1, memory: 24G}
        test: {host: kvm1, base-volume: base.qcow2, vcpus: 1, memory: 512G}
        huge: {host: kvm1, base-volume: base.qcow2, vcpus: 1, memory: 256G, hugepages: true}
      """;

  @Test
  void guestsNeedingMoreThanMemAvailableFailWithOneLine() throws Exception {
    TestDriver.assumeLibvirt();
    Testbed t = testbed(BIG);
    try (LibvirtHost lv = LibvirtHost.open("kvm1", "test:///default")) {
      TestDriver.useDomainType(lv, "kvm");
      // libvirt's free figure would refuse less; MemAvailable is what counts.
      assertEquals(
          List.of(),
          GuestMemory.check(
              t, Map.of("kvm1", lv), Map.of(), Map.of(), h -> OptionalLong.of(64L << 30)));
      assertEquals(
          List.of(
              "guests on kvm1: they need 64 GiB of memory, but kvm1 has 17.46 GiB available"
                  + " (MemAvailable in /proc/meminfo); give the guests less memory"
                  + " (guests.<name>.memory) or free some"),
          GuestMemory.check(
              t, Map.of("kvm1", lv), Map.of(), Map.of(), h -> OptionalLong.of(18311372L * 1024)));
    }
  }

  @Test
  void withoutMemAvailableLibvirtsFreeFigureCounts() throws Exception {
    TestDriver.assumeLibvirt();
    Testbed t = testbed(BIG);
    try (LibvirtHost lv = LibvirtHost.open("kvm1", "test:///default")) {
      TestDriver.useDomainType(lv, "kvm");
      String free = Sizes.binary(lv.freeMemoryBytes());
      assertEquals(
          List.of(
              "guests on kvm1: they need 64 GiB of memory, but kvm1 has "
                  + free
                  + " free (libvirt); give the guests less memory (guests.<name>.memory) or free"
                  + " some"),
          GuestMemory.check(t, Map.of("kvm1", lv), Map.of(), Map.of(), h -> OptionalLong.empty()));
    }
  }

  @Test
  void guestsPinnedInsideANodeAreCheckedAgainstThatNode() throws Exception {
    TestDriver.assumeLibvirt();
    Testbed t =
        testbed(
            """
              n0: {host: kvm1, base-volume: base.qcow2, vcpus: 2, memory: 6G, pinning: {cpus: [0, 1]}}
              n1: {host: kvm1, base-volume: base.qcow2, vcpus: 2, memory: 1M, pinning: {cpus: [8, 9]}}
              free: {host: kvm1, base-volume: base.qcow2, vcpus: 2, memory: 1G}
            """);
    try (LibvirtHost lv = LibvirtHost.open("kvm1", "test:///default")) {
      TestDriver.useDomainType(lv, "kvm");
      HostFacts f = lv.facts();
      Map<String, List<Integer>> pins = Pinnings.resolve(t, Map.of("kvm1", f));
      int node = Pinnings.nodeOf(List.of(0, 1), f);
      long nodeFree = lv.freeMemoryBytes(node);
      List<String> faults =
          GuestMemory.check(
              t, Map.of("kvm1", lv), Map.of("kvm1", f), pins, h -> OptionalLong.of(64L << 30));
      if (nodeFree < 6L << 30) {
        assertEquals(
            List.of(
                "guests on kvm1 pinned to NUMA node "
                    + node
                    + ": they need 6 GiB of memory there, but node "
                    + node
                    + " has "
                    + Sizes.binary(nodeFree)
                    + " free (libvirt); pin some to another node, give them less memory or free"
                    + " some"),
            faults);
      } else {
        assertEquals(List.of(), faults, "node " + node + " has " + nodeFree);
      }
    }
  }

  @Test
  void theTestDriverItselfIsNotChecked() throws Exception {
    TestDriver.assumeLibvirt();
    Testbed t = testbed(BIG);
    try (LibvirtHost lv = LibvirtHost.open("kvm1", "test:///default")) {
      // The same 64 GiB fail above once the host counts as KVM; on the test driver it passes.
      assertEquals(
          List.of(),
          GuestMemory.check(t, Map.of("kvm1", lv), Map.of(), Map.of(), h -> OptionalLong.of(0)));
    }
  }
}
