package io.loadlab.provision.testbed;

import io.loadlab.core.util.Texts;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;

/**
 * The checks of guests' networks that need nothing but the file: a known mode and its fields, one
 * guest per VF and per PCI device, a VF index within the count the host's tuning gives its port, an
 * MTU Linux takes.
 */
final class GuestNetworkCheck {
  static final Set<String> MODES = Set.of("bridge", "sriov", "pci", "none");

  /** A full PCI address: domain, bus, slot and function, as {@code lspci -D} prints it. */
  static final Pattern PCI_ADDRESS =
      Pattern.compile("[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-1][0-9a-fA-F]\\.[0-7]");

  private final Map<String, String> vfOwners = new HashMap<>();
  private final Map<String, String> deviceOwners = new HashMap<>();

  /** Checks one guest's network; call once per guest, in file order. */
  void check(Testbed t, String name, Guest g, BiConsumer<String, String> problem) {
    String field = "guests." + name + ".network";
    Guest.Network n = g.network();
    if (!MODES.contains(n.mode())) {
      problem.accept(
          field + ".mode",
          "'" + Texts.cut(n.mode()) + "' is unknown; use bridge, sriov, pci or none");
      return;
    }
    switch (n.mode()) {
      case "bridge" -> {
        if (blank(n.bridge())) {
          problem.accept(field + ".bridge", "missing; name the host bridge, e.g. br0");
        }
      }
      case "sriov" -> sriov(t, name, g, field, problem);
      case "pci" -> pci(name, g, field, problem);
      default -> {
        if (n.mtu() != null) {
          problem.accept(field + ".mtu", "the guest has no NIC (mode none); remove mtu");
        }
      }
    }
    if (n.mtu() != null
        && !n.mode().equals("none")
        && (n.mtu() < NicTuningCheck.MIN_MTU || n.mtu() > NicTuningCheck.MAX_MTU)) {
      problem.accept(field + ".mtu", NicTuningCheck.mtuProblem(n.mtu()));
    }
  }

  private void sriov(
      Testbed t, String name, Guest g, String field, BiConsumer<String, String> problem) {
    Guest.Network n = g.network();
    if (blank(n.pf())) {
      problem.accept(field + ".pf", "missing; name the physical function, e.g. eth2");
    }
    if (n.vf() == null || n.vf() < 0) {
      problem.accept(field + ".vf", "missing or negative; give the VF index, e.g. 0");
      return;
    }
    if (blank(n.pf())) {
      return;
    }
    String other = vfOwners.putIfAbsent(g.host() + "/" + n.pf() + "/" + n.vf(), name);
    if (other != null) {
      problem.accept(
          field + ".vf",
          "VF "
              + n.vf()
              + " of "
              + n.pf()
              + " is already given to guest "
              + other
              + "; give each guest its own VF");
    }
    Host host = g.host() == null ? null : t.hosts().get(g.host());
    Integer vfs = host == null ? null : host.tuning().vfsOf(n.pf());
    if (vfs != null && n.vf() >= vfs) {
      problem.accept(
          field + ".vf",
          "VF "
              + n.vf()
              + " but hosts."
              + g.host()
              + ".tuning.sriov gives "
              + n.pf()
              + " "
              + vfs
              + " VF(s)"
              + (vfs == 0 ? "" : " (0-" + (vfs - 1) + ")")
              + "; use an index in that range or give the port more VFs");
    }
  }

  private void pci(String name, Guest g, String field, BiConsumer<String, String> problem) {
    String device = g.network().device();
    if (blank(device)) {
      problem.accept(
          field + ".device",
          "missing; give the PCI address of the device to assign, e.g. \"0000:03:00.0\"");
    } else if (!PCI_ADDRESS.matcher(device).matches()) {
      problem.accept(
          field + ".device",
          "'"
              + Texts.cut(device)
              + "' is not a PCI address; give domain:bus:slot.function as lspci -D prints it,"
              + " e.g. \"0000:03:00.0\"");
    } else {
      String other =
          deviceOwners.putIfAbsent(g.host() + "/" + Guest.Network.nodeDevice(device), name);
      if (other != null) {
        problem.accept(
            field + ".device",
            device + " is already assigned to guest " + other + "; a device has one guest");
      }
    }
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}
