package io.loadlab.provision.testbed;

import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The checks of whole PCI devices assigned to guests ({@code network: {mode: pci}}) against the
 * host's facts: the device exists, and it is neither a physical function whose VFs this testbed
 * uses or creates nor one of those VFs.
 */
final class PciDeviceCheck {
  private PciDeviceCheck() {}

  /**
   * Reports each problem of guest {@code name}'s PCI device (mode {@code pci}) on a host with facts
   * {@code f}, as (field, problem and fix).
   */
  static void check(
      Testbed t,
      String name,
      Guest g,
      Guest.Network n,
      String nicField,
      HostFacts f,
      BiConsumer<String, String> problem) {
    String field = nicField + ".device";
    String node = Guest.Network.nodeDevice(n.device());
    if (!f.pciDevices().contains(node)) {
      problem.accept(
          field,
          "host "
              + g.host()
              + " has no PCI device "
              + n.device()
              + " (libvirt node device "
              + node
              + "); check the address with lspci -D on the host");
      return;
    }
    String use = usedAsPfOrVf(t, g.host(), name, node, f);
    if (use != null) {
      problem.accept(
          field, n.device() + " is " + use + "; assign a device the testbed uses nowhere else");
    }
  }

  /** How another part of the testbed uses the device as a PF or VF, or null. */
  private static String usedAsPfOrVf(
      Testbed t, String host, String guest, String node, HostFacts f) {
    for (Map.Entry<String, Guest> e : t.guests().entrySet()) {
      Guest other = e.getValue();
      if (e.getKey().equals(guest)
          || !host.equals(other.host())
          || !"sriov".equals(other.network().mode())) {
        continue;
      }
      HostFacts.PhysicalFunction pf = f.physicalFunctions().get(other.network().pf());
      if (pf == null) {
        continue;
      }
      if (pf.nodeDevice().equals(node)) {
        return "the physical function of guest " + e.getKey() + "'s VF";
      }
      Integer vf = other.network().vf();
      if (vf != null
          && vf >= 0
          && vf < pf.vfAddresses().size()
          && Guest.Network.nodeDevice(pf.vfAddresses().get(vf).toString()).equals(node)) {
        return "VF " + vf + " of " + other.network().pf() + ", given to guest " + e.getKey();
      }
    }
    List<Tuning.SriovPort> ports = t.hosts().get(host).tuning().sriov();
    for (int i = 0; i < ports.size(); i++) {
      HostFacts.PhysicalFunction pf = f.physicalFunctions().get(ports.get(i).device());
      if (pf != null && pf.nodeDevice().equals(node)) {
        return "the port of hosts." + host + ".tuning.sriov[" + i + "], whose VFs it makes";
      }
    }
    return null;
  }
}
