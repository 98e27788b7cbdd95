package io.loadlab.provision.testbed;

import io.loadlab.core.util.Texts;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The checks of a host's NIC tuning that need nothing but the file: IRQ affinity, ring sizes, VF
 * counts per port, MTUs, offloads and coalescing each name a valid interface and valid values.
 */
final class NicTuningCheck {
  /** The smallest and largest MTU Linux takes on an Ethernet interface. */
  static final int MIN_MTU = 68;

  static final int MAX_MTU = 65535;

  private NicTuningCheck() {}

  /**
   * Reports each problem of the NIC tuning of one host.
   *
   * @param field the host's field, e.g. {@code hosts.kvm1}
   * @param problem receives the field and the problem
   */
  static void check(String field, Tuning tu, BiConsumer<String, String> problem) {
    String at = field + ".tuning";
    for (int i = 0; i < tu.ethtoolRings().size(); i++) {
      Tuning.EthtoolRings r = tu.ethtoolRings().get(i);
      if (!isInterface(r.device()) || (r.rx() == null && r.tx() == null)) {
        problem.accept(
            at + ".ethtool-rings[" + i + "]",
            "needs a device and rx and/or tx; e.g. {device: eth2, rx: 4096, tx: 4096}");
      }
    }
    for (int i = 0; i < tu.irqAffinity().size(); i++) {
      Tuning.IrqAffinity a = tu.irqAffinity().get(i);
      if (!isInterface(a.device()) || a.cpus() == null || !a.cpus().matches("[0-9,-]+")) {
        problem.accept(
            at + ".irq-affinity[" + i + "]",
            "needs a device and a CPU list; e.g. {device: eth2, cpus: 0-3}");
      }
    }
    Set<String> ports = new HashSet<>();
    for (int i = 0; i < tu.sriov().size(); i++) {
      Tuning.SriovPort s = tu.sriov().get(i);
      String f = at + ".sriov[" + i + "]";
      if (!isInterface(s.device())) {
        problem.accept(
            f + ".device",
            (s.device() == null ? "missing" : "'" + Texts.cut(s.device()) + "' is not an interface")
                + "; name the physical function's interface, e.g. {device: eth2, vfs: 2}");
      } else if (!ports.add(s.device())) {
        problem.accept(f + ".device", s.device() + " is listed twice; give each port once");
      }
      if (s.vfs() == null || s.vfs() < 0) {
        problem.accept(f + ".vfs", "missing or negative; give the number of VFs, e.g. 2");
      }
    }
    for (Map.Entry<String, Integer> m : tu.mtu().entrySet()) {
      String f = at + ".mtu." + m.getKey();
      if (!isInterface(m.getKey())) {
        problem.accept(f, "'" + Texts.cut(m.getKey()) + "' is not an interface name; e.g. eth2");
      } else if (m.getValue() == null || m.getValue() < MIN_MTU || m.getValue() > MAX_MTU) {
        problem.accept(f, mtuProblem(m.getValue()));
      }
    }
    NicSettings.check(at, tu, problem);
  }

  /** What is wrong with an MTU outside Linux's range. */
  static String mtuProblem(Integer mtu) {
    return (mtu == null ? "missing" : mtu + " is not an MTU")
        + "; give "
        + MIN_MTU
        + "-"
        + MAX_MTU
        + ", e.g. 1500 or 9000";
  }

  static boolean isInterface(String name) {
    return name != null && NicSettings.INTERFACE.matcher(name).matches();
  }
}
