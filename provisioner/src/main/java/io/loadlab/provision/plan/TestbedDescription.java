package io.loadlab.provision.plan;

import io.loadlab.provision.libvirt.GuestState;
import io.loadlab.provision.testbed.Guest;
import io.loadlab.provision.testbed.HostFacts;
import io.loadlab.provision.testbed.NicSettings;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.testbed.TestbedValidator;
import io.loadlab.provision.testbed.Tuning;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The testbed's state as a plain map for the results ({@code RunInfo.testbed}): bare metal, bridged
 * or SR-IOV; each guest's vCPUs, memory, hugepages, pinning and network; each host's CPUs and
 * tuning, and the kernel options it still needs a reboot for; the roles. No secrets (no key paths).
 */
public final class TestbedDescription {
  private TestbedDescription() {}

  private static Map<String, Object> nic(Guest.Network n) {
    Map<String, Object> nm = new LinkedHashMap<>();
    if (n.name() != null) {
      nm.put("name", n.name());
    }
    nm.put("mode", n.mode());
    if (n.bridge() != null) {
      nm.put("bridge", n.bridge());
    }
    if (n.source() != null) {
      nm.put("source", n.source());
      nm.put("sourceMode", n.sourceModeOrDefault());
    }
    if (n.pf() != null) {
      nm.put("pf", n.pf());
      nm.put("vf", n.vf());
    }
    if (n.device() != null) {
      nm.put("device", n.device());
    }
    if (n.mtu() != null) {
      nm.put("mtu", n.mtu());
    }
    if (n.address() != null) {
      nm.put("address", n.address());
    }
    return nm;
  }

  /**
   * {@code bare-metal}, {@code bridge}, {@code direct}, {@code sriov}, {@code pci}, {@code none} or
   * {@code mixed}: the modes of the guests' NICs, leaving out a guest's management NIC (the one its
   * {@code address} is on) where it has others, so that guests managed over a bridge and measured
   * over direct NICs are {@code direct}.
   */
  public static String mode(Testbed t) {
    if (t.bareMetal()) {
      return "bare-metal";
    }
    Set<String> modes = new LinkedHashSet<>();
    t.guests()
        .values()
        .forEach(
            g -> {
              if (g.nics().isEmpty()) {
                modes.add("none");
              }
              Guest.Network mgmt = g.nics().size() > 1 ? g.managementNic() : null;
              g.nics().stream().filter(n -> n != mgmt).forEach(n -> modes.add(n.mode()));
            });
    return modes.size() == 1 ? modes.iterator().next() : "mixed";
  }

  /**
   * The description.
   *
   * @param needsReboot per host with {@code kernel-cmdline} options, those its running kernel lacks
   */
  public static Map<String, Object> of(
      Testbed t,
      Map<String, HostFacts> facts,
      Map<String, List<Integer>> pins,
      Map<String, GuestState> states,
      Map<String, List<String>> needsReboot) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", t.name());
    m.put("mode", mode(t));
    if (!needsReboot.isEmpty()) {
      m.put("needsReboot", needsReboot.values().stream().anyMatch(l -> !l.isEmpty()));
    }
    Map<String, Object> hosts = new LinkedHashMap<>();
    t.hosts()
        .forEach(
            (name, h) -> {
              Map<String, Object> hm = new LinkedHashMap<>();
              hm.put("address", h.address());
              HostFacts f = facts.get(name);
              if (f != null) {
                hm.put("cpus", f.cpus().size());
                hm.put("numaNodes", f.numaNodes().size());
                hm.put("memoryBytes", f.memoryBytes());
              }
              if (h.tuning().hugepages() != null) {
                hm.put(
                    "hugepages",
                    h.tuning().hugepages().count()
                        + " x "
                        + TestbedValidator.pageSize(h.tuning().hugepages()));
              }
              if (!h.tuning().sysctl().isEmpty()) {
                hm.put("sysctl", new LinkedHashMap<>(h.tuning().sysctl()));
              }
              if (!h.tuning().stopServices().isEmpty()) {
                hm.put("stoppedServices", h.tuning().stopServices());
              }
              if (!h.tuning().kernelCmdline().isEmpty()) {
                hm.put("kernelCmdline", h.tuning().kernelCmdline());
              }
              if (needsReboot.containsKey(name)) {
                hm.put("needsReboot", needsReboot.get(name));
              }
              nicTuning(h.tuning(), hm);
              hosts.put(name, hm);
            });
    m.put("hosts", hosts);
    Map<String, Object> guests = new LinkedHashMap<>();
    t.guests()
        .forEach(
            (name, g) -> {
              Map<String, Object> gm = new LinkedHashMap<>();
              gm.put("host", g.host());
              gm.put("vcpus", g.vcpus());
              gm.put("memoryBytes", TestbedValidator.memoryBytes(g));
              gm.put("hugepages", g.useHugepages());
              if (pins.containsKey(name)) {
                gm.put("pinning", new ArrayList<>(pins.get(name)));
              }
              if (g.pinning() != null && g.pinning().emulator() != null) {
                gm.put("emulatorPinning", g.pinning().emulator().strip());
                // libvirt pins no vhost thread itself: they run with the emulator's CPUs.
                gm.put("vhostPinning", "with the emulator (emulatorpin)");
              }
              Map<String, Object> nm = nic(g.network());
              if (!g.networks().isEmpty()) {
                List<Map<String, Object>> nics = new ArrayList<>();
                g.networks().forEach(n -> nics.add(nic(n)));
                gm.put("networks", nics);
              }
              gm.put("network", nm);
              if (states.containsKey(name)) {
                gm.put("state", states.get(name).label());
              }
              guests.put(name, gm);
            });
    if (!guests.isEmpty()) {
      m.put("guests", guests);
    }
    List<Map<String, Object>> roles = new ArrayList<>();
    t.roles()
        .forEach(
            r -> {
              Map<String, Object> rm = new LinkedHashMap<>();
              rm.put("role", r.role());
              rm.put("on", r.on());
              if (r.numaNode() != null) {
                rm.put("numaNode", r.numaNode());
              }
              if (r.nice() != null) {
                rm.put("nice", r.nice());
              }
              if (r.cpus() != null) {
                rm.put("cpus", r.cpus());
              }
              if (!r.options().isEmpty()) {
                rm.put("options", r.options());
              }
              roles.add(rm);
            });
    if (!roles.isEmpty()) {
      m.put("roles", roles);
    }
    return m;
  }

  /** VFs per port, MTUs, offloads and coalescing, each by interface. */
  private static void nicTuning(Tuning tu, Map<String, Object> hm) {
    if (!tu.sriov().isEmpty()) {
      Map<String, Integer> vfs = new LinkedHashMap<>();
      tu.sriov().forEach(p -> vfs.put(p.device(), p.vfs()));
      hm.put("sriovVfs", vfs);
    }
    if (!tu.mtu().isEmpty()) {
      hm.put("mtu", new LinkedHashMap<>(tu.mtu()));
    }
    if (!tu.offloads().isEmpty()) {
      Map<String, Object> o = new LinkedHashMap<>();
      NicSettings.offloads(tu).forEach(e -> o.put(e.device(), e.values()));
      hm.put("offloads", o);
    }
    if (!tu.coalescing().isEmpty()) {
      Map<String, Object> c = new LinkedHashMap<>();
      NicSettings.coalescing(tu).forEach(e -> c.put(e.device(), e.values()));
      hm.put("coalescing", c);
    }
  }
}
