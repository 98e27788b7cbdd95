package io.loadlab.provision.testbed;

import io.loadlab.core.util.Sizes;
import io.loadlab.core.util.Texts;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The checks of a testbed against its hosts' real facts: pinned CPUs exist, the NUMA policy fits,
 * hugepage pools fit in memory and hold the guests, bridges, SR-IOV functions and PCI devices
 * exist.
 */
final class HostFactsCheck {
  private final Path file;

  HostFactsCheck(Path file) {
    this.file = file;
  }

  /** Problems found by comparing the testbed with what the hosts have. */
  List<String> check(Testbed t, Map<String, HostFacts> facts) {
    List<String> p = new ArrayList<>();
    Map<String, List<Integer>> pins = Pinnings.resolve(t, facts);
    Map<String, Long> hugepageDemand = new HashMap<>();
    Map<String, Integer> policyGuests = new HashMap<>();
    List<String> pciProblems = new ArrayList<>();
    t.guests()
        .forEach(
            (name, g) -> {
              HostFacts f = facts.get(g.host());
              if (f == null) {
                return;
              }
              String field = "guests." + name;
              if (g.pinning() != null && g.pinning().cpus() != null) {
                for (int cpu : g.pinning().cpus()) {
                  if (!f.cpus().contains(cpu)) {
                    p.add(
                        at(
                            field + ".pinning.cpus",
                            "CPU "
                                + cpu
                                + " is not on host "
                                + g.host()
                                + " (it has CPUs "
                                + TestbedValidator.ranges(f.cpus())
                                + "); pin to CPUs the host has"));
                  }
                }
              } else if (g.pinning() != null && g.pinning().policy() != null) {
                int index = policyGuests.merge(g.host(), 1, Integer::sum) - 1;
                if (!pins.containsKey(name)) {
                  p.add(
                      at(
                          field + ".pinning.policy",
                          index >= f.numaNodes().size()
                              ? "host "
                                  + g.host()
                                  + " has "
                                  + f.numaNodes().size()
                                  + " NUMA node(s), too few for one per guest; pin by hand or"
                                  + " use fewer guests"
                              : "NUMA node "
                                  + index
                                  + " of "
                                  + g.host()
                                  + " has fewer CPUs than "
                                  + g.vcpus()
                                  + " vCPUs; give the guest fewer vCPUs"));
                }
              }
              String emulator = g.pinning() == null ? null : g.pinning().emulator();
              java.util.SortedSet<Integer> emulatorCpus =
                  emulator == null
                      ? null
                      : io.loadlab.provision.placement.Placement.cpuSet(emulator.strip());
              if (emulatorCpus != null && !f.cpus().containsAll(emulatorCpus)) {
                java.util.SortedSet<Integer> missing = new java.util.TreeSet<>(emulatorCpus);
                missing.removeAll(f.cpus());
                p.add(
                    at(
                        field + ".pinning.emulator",
                        "CPUs "
                            + TestbedValidator.ranges(missing)
                            + " are not on host "
                            + g.host()
                            + " (it has CPUs "
                            + TestbedValidator.ranges(f.cpus())
                            + "); pin to CPUs the host has"));
              }
              long memory = TestbedValidator.memoryBytes(g);
              if (f.memoryBytes() > 0 && memory > f.memoryBytes()) {
                p.add(
                    at(
                        field + ".memory",
                        Texts.cut(g.memory())
                            + " is more than host "
                            + g.host()
                            + " has ("
                            + Sizes.binary(f.memoryBytes())
                            + "); give the guest less"));
              }
              if (g.useHugepages()) {
                hugepageDemand.merge(g.host(), TestbedValidator.memoryBytes(g), Long::sum);
              }
              for (int i = 0; i < g.nics().size(); i++) {
                Guest.Network n = g.nics().get(i);
                String nic = field + "." + g.nicField(i);
                if (n == null) {
                  continue;
                }
                if ("bridge".equals(n.mode())
                    && !f.bridges().contains(n.bridge())
                    && !t.hosts().get(g.host()).bridges().containsKey(n.bridge())) {
                  p.add(
                      at(
                          nic + ".bridge",
                          "host "
                              + g.host()
                              + " has no bridge '"
                              + Texts.cut(n.bridge())
                              + "' (bridges: "
                              + (f.bridges().isEmpty() ? "none" : String.join(", ", f.bridges()))
                              + "); create it or name an existing one"));
                } else if ("sriov".equals(n.mode())) {
                  HostFacts.PhysicalFunction pf = f.physicalFunctions().get(n.pf());
                  if (pf == null) {
                    p.add(
                        at(
                            nic + ".pf",
                            "host "
                                + g.host()
                                + " has no SR-IOV physical function '"
                                + Texts.cut(n.pf())
                                + "' (has: "
                                + (f.physicalFunctions().isEmpty()
                                    ? "none"
                                    : String.join(", ", f.physicalFunctions().keySet()))
                                + "); name one of those"));
                  } else if (!vfCountIsTuned(t.hosts().get(g.host()), pf, f)
                      && n.vf() >= pf.vfAddresses().size()) {
                    p.add(
                        at(
                            nic + ".vf",
                            n.pf()
                                + " has "
                                + pf.vfAddresses().size()
                                + " VFs"
                                + (pf.vfAddresses().isEmpty()
                                    ? ""
                                    : " (0-" + (pf.vfAddresses().size() - 1) + ")")
                                + "; use an index in that range or create more VFs (tuning.sriov)"));
                  }
                } else if ("pci".equals(n.mode())) {
                  PciDeviceCheck.check(
                      t, name, g, n, nic, f, (where, why) -> pciProblems.add(at(where, why)));
                }
              }
            });
    // PCI device problems follow the other guests' problems.
    p.addAll(pciProblems);
    p.addAll(VcpuOvercommit.check(t, facts, this::at));
    t.hosts()
        .forEach(
            (name, h) -> {
              HostFacts f = facts.get(name);
              if (f == null) {
                return;
              }
              long poolBytes = poolBytes(h, f);
              Tuning.HugepagePool pool = h.tuning().hugepages();
              if (pool != null && poolBytes > f.memoryBytes()) {
                p.add(
                    at(
                        "hosts." + name + ".tuning.hugepages.count",
                        pool.count()
                            + " pages of "
                            + TestbedValidator.pageSize(pool)
                            + " need "
                            + Sizes.binary(poolBytes)
                            + " but the host has "
                            + Sizes.binary(f.memoryBytes())
                            + "; reserve fewer pages"));
              }
              long demand = hugepageDemand.getOrDefault(name, 0L);
              if (demand > poolBytes) {
                p.add(
                    at(
                        "hosts." + name + ".tuning.hugepages",
                        "guests on "
                            + name
                            + " need "
                            + Sizes.binary(demand)
                            + " of hugepages but the pool holds "
                            + Sizes.binary(poolBytes)
                            + "; raise the page count or turn hugepages off for some guests"));
              }
            });
    return p;
  }

  /**
   * True if the host's {@code tuning.sriov} sets the VF count of {@code pf} (by any of its names):
   * apply creates the VFs, so the count libvirt reports now does not limit the file.
   */
  static boolean vfCountIsTuned(Host h, HostFacts.PhysicalFunction pf, HostFacts f) {
    return h != null
        && h.tuning().sriov().stream()
            .anyMatch(s -> s.device() != null && f.physicalFunctions().get(s.device()) == pf);
  }

  /** The hugepage pool in bytes: the one the testbed asks for, else the one the host has. */
  static long poolBytes(Host h, HostFacts f) {
    Tuning.HugepagePool pool = h.tuning().hugepages();
    if (pool != null && pool.count() != null) {
      return TestbedValidator.pageKiB(TestbedValidator.pageSize(pool)) * 1024L * pool.count();
    }
    long bytes = 0;
    for (Map.Entry<Long, Long> e : f.hugepagesTotal().entrySet()) {
      bytes += e.getKey() * 1024L * e.getValue();
    }
    return bytes;
  }

  String at(String field, String problem) {
    return file + ": " + field + ": " + problem;
  }
}
