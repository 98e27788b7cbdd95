package io.loadlab.provision.testbed;

import io.loadlab.core.util.Texts;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;

/**
 * The checks of guests' networks that need nothing but the file: a known mode and its fields, one
 * guest per VF, per PCI device and per passthrough macvtap, a VF index within the count the host's
 * tuning gives its port, an MTU Linux takes; with several NICs ({@code networks}), each of them and
 * its address.
 */
final class GuestNetworkCheck {
  static final Set<String> MODES = Set.of("bridge", "direct", "sriov", "pci", "none");

  /** An IPv4 address, with or without its prefix. */
  static final Pattern IPV4_PREFIX = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}(/\\d{1,2})?");

  /** A full PCI address: domain, bus, slot and function, as {@code lspci -D} prints it. */
  static final Pattern PCI_ADDRESS =
      Pattern.compile("[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-1][0-9a-fA-F]\\.[0-7]");

  private final Map<String, String> vfOwners = new HashMap<>();
  private final Map<String, String> deviceOwners = new HashMap<>();
  private final Map<String, String> passthroughOwners = new HashMap<>();

  /** Checks one guest's networks; call once per guest, in file order. */
  void check(Testbed t, String name, Guest g, BiConsumer<String, String> problem) {
    if (g.networks().isEmpty()) {
      check(t, name, g, g.network(), "guests." + name + ".network", false, problem);
      return;
    }
    if (!g.network().equals(g.networks().get(0))) {
      problem.accept(
          "guests." + name + ".network",
          "given beside networks; give either network (one NIC) or networks (several)");
    }
    for (int i = 0; i < g.networks().size(); i++) {
      Guest.Network n = g.networks().get(i);
      String field = "guests." + name + "." + g.nicField(i);
      if (n == null) {
        problem.accept(field, "empty; give the NIC's mode, e.g. {mode: bridge, bridge: br0}");
      } else if ("none".equals(n.mode())) {
        problem.accept(field + ".mode", "none in networks; remove the entry");
      } else {
        check(t, name, g, n, field, true, problem);
      }
    }
  }

  private void check(
      Testbed t,
      String name,
      Guest g,
      Guest.Network n,
      String field,
      boolean several,
      BiConsumer<String, String> problem) {
    if (!MODES.contains(n.mode())) {
      problem.accept(
          field + ".mode",
          "'" + Texts.cut(n.mode()) + "' is unknown; use bridge, direct, sriov, pci or none");
      return;
    }
    switch (n.mode()) {
      case "bridge" -> {
        if (blank(n.bridge())) {
          problem.accept(field + ".bridge", "missing; name the host bridge, e.g. br0");
        }
      }
      case "direct" -> direct(name, g, n, field, problem);
      case "sriov" -> sriov(t, name, g, n, field, problem);
      case "pci" -> pci(name, g, n, field, problem);
      default -> {
        if (n.mtu() != null) {
          problem.accept(field + ".mtu", "the guest has no NIC (mode none); remove mtu");
        }
      }
    }
    if (!"direct".equals(n.mode()) && (n.source() != null || n.sourceMode() != null)) {
      problem.accept(
          field + (n.source() != null ? ".source" : ".source-mode"),
          "only a direct NIC has one (mode " + n.mode() + "); remove it or use mode: direct");
    }
    if (n.address() != null && !several) {
      problem.accept(
          field + ".address",
          "for one NIC give the guest's address (guests." + name + ".address) instead");
    } else if (n.address() != null && !IPV4_PREFIX.matcher(n.address().strip()).matches()) {
      problem.accept(
          field + ".address",
          "'"
              + Texts.cut(n.address())
              + "' is not an IPv4 address with its prefix; give e.g. 10.231.71.11/24");
    } else if (n.address() != null && (n.prefix() > 30 || n.prefix() == 0)) {
      problem.accept(
          field + ".address", "prefix /" + n.prefix() + " leaves no hosts; give /1 to /30");
    }
    if (n.mtu() != null
        && !n.mode().equals("none")
        && (n.mtu() < NicTuningCheck.MIN_MTU || n.mtu() > NicTuningCheck.MAX_MTU)) {
      problem.accept(field + ".mtu", NicTuningCheck.mtuProblem(n.mtu()));
    }
  }

  private void direct(
      String name, Guest g, Guest.Network n, String field, BiConsumer<String, String> problem) {
    if (blank(n.source())) {
      problem.accept(
          field + ".source",
          "missing; name the host interface its macvtap sits on, e.g. eth1 (or a dummy the host"
              + " makes: hosts.<host>.dummies)");
    } else if (n.source().length() > GuestNames.MAX_INTERFACE || n.source().contains("/")) {
      problem.accept(
          field + ".source",
          "'" + Texts.cut(n.source()) + "' is not an interface name; give e.g. eth1");
    }
    if (n.sourceMode() != null && !Guest.Network.SOURCE_MODES.contains(n.sourceMode())) {
      problem.accept(
          field + ".source-mode",
          "'"
              + Texts.cut(n.sourceMode())
              + "' is unknown; use bridge (guests on the interface reach each other), vepa,"
              + " private or passthrough");
    }
    if ("passthrough".equals(n.sourceMode()) && !blank(n.source())) {
      String other = passthroughOwners.putIfAbsent(g.host() + "/" + n.source(), name);
      if (other != null) {
        problem.accept(
            field + ".source",
            n.source()
                + " is already passed through to guest "
                + other
                + "; passthrough gives an interface to one NIC (use source-mode: bridge to"
                + " share it)");
      }
    }
  }

  private void sriov(
      Testbed t,
      String name,
      Guest g,
      Guest.Network n,
      String field,
      BiConsumer<String, String> problem) {
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

  private void pci(
      String name, Guest g, Guest.Network n, String field, BiConsumer<String, String> problem) {
    String device = n.device();
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
