package io.loadlab.provision.plan;

import io.loadlab.core.util.Sizes;
import io.loadlab.provision.libvirt.GuestState;
import io.loadlab.provision.libvirt.LibvirtHost;
import io.loadlab.provision.testbed.GuestNames;
import io.loadlab.provision.testbed.HostFacts;
import io.loadlab.provision.testbed.Pinnings;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.testbed.TestbedValidator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Checks, before any guest starts, that each host can give the guests that are not running yet the
 * memory they need (guests on hugepages are checked against the hugepage pool elsewhere): a guest
 * that cannot get its memory fails late and leaves the others half up. What a host can give is its
 * {@code MemAvailable} ({@code /proc/meminfo}: free memory plus the caches the kernel can drop), or
 * libvirt's free figure where that cannot be read; guests pinned inside one NUMA node (their memory
 * bound there) are also checked against that node's free memory as libvirt reports it. libvirt's
 * per-node figures alone undercount: some VMs fill a node's memory in lazily.
 */
final class GuestMemory {
  private GuestMemory() {}

  /**
   * The faults, one line each.
   *
   * @param pins the vCPU pins of each pinned guest
   * @param available a host's MemAvailable in bytes, empty where it cannot be read
   */
  static List<String> check(
      Testbed t,
      Map<String, LibvirtHost> libvirt,
      Map<String, HostFacts> facts,
      Map<String, List<Integer>> pins,
      Function<String, OptionalLong> available) {
    return check(t, libvirt, facts, pins, available, GuestNames.AS_WRITTEN);
  }

  /** As above, with the guests' domains named by {@code names}. */
  static List<String> check(
      Testbed t,
      Map<String, LibvirtHost> libvirt,
      Map<String, HostFacts> facts,
      Map<String, List<Integer>> pins,
      Function<String, OptionalLong> available,
      GuestNames names) {
    Map<String, Long> needed = new LinkedHashMap<>();
    Map<String, Map<Integer, Long>> neededOnNode = new LinkedHashMap<>();
    t.guests()
        .forEach(
            (name, g) -> {
              LibvirtHost lv = libvirt.get(g.host());
              long bytes = TestbedValidator.memoryBytes(g);
              if (lv == null
                  || "test".equals(lv.domainType())
                  || g.useHugepages()
                  || bytes <= 0
                  || lv.state(names.domain(name)) == GuestState.RUNNING) {
                return;
              }
              needed.merge(g.host(), bytes, Long::sum);
              List<Integer> pinned = pins.get(name);
              HostFacts f = facts.get(g.host());
              int node =
                  pinned == null || pinned.isEmpty() || f == null ? -1 : Pinnings.nodeOf(pinned, f);
              if (node >= 0) {
                neededOnNode
                    .computeIfAbsent(g.host(), h -> new TreeMap<>())
                    .merge(node, bytes, Long::sum);
              }
            });
    List<String> faults = new ArrayList<>();
    needed.forEach(
        (host, bytes) -> {
          OptionalLong memAvailable = available.apply(host);
          long free =
              memAvailable.isPresent()
                  ? memAvailable.getAsLong()
                  : libvirt.get(host).freeMemoryBytes();
          if (bytes > free) {
            faults.add(
                "guests on "
                    + host
                    + ": they need "
                    + Sizes.binary(bytes)
                    + " of memory, but "
                    + host
                    + " has "
                    + Sizes.binary(free)
                    + (memAvailable.isPresent()
                        ? " available (MemAvailable in /proc/meminfo)"
                        : " free (libvirt)")
                    + "; give the guests less memory (guests.<name>.memory) or free some");
          }
        });
    neededOnNode.forEach(
        (host, nodes) ->
            nodes.forEach(
                (node, bytes) -> {
                  long free = libvirt.get(host).freeMemoryBytes(node);
                  if (bytes > free) {
                    faults.add(
                        "guests on "
                            + host
                            + " pinned to NUMA node "
                            + node
                            + ": they need "
                            + Sizes.binary(bytes)
                            + " of memory there, but node "
                            + node
                            + " has "
                            + Sizes.binary(free)
                            + " free (libvirt); pin some to another node, give them less memory"
                            + " or free some");
                  }
                }));
    return faults;
  }
}
