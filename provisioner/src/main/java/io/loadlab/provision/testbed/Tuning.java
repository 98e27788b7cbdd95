package io.loadlab.provision.testbed;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Host tuning. Everything here except {@code kernelCmdline} is applied live over SSH and undone by
 * teardown; kernel command-line options need a reboot, so they are reported as manual steps.
 *
 * @param sysctl kernel parameters and their values
 * @param hugepages the hugepage pool to reserve (applied through sysfs)
 * @param stopServices services to stop, such as {@code irqbalance}
 * @param irqAffinity interrupts of an interface to pin to CPUs
 * @param ethtoolRings ring sizes of interfaces
 * @param kernelCmdline kernel command-line options (reported, never applied)
 * @param sriov the number of SR-IOV virtual functions per port ({@code sriov_numvfs})
 * @param mtu the MTU per interface
 * @param offloads NIC features per interface ({@code ethtool -K}): {@code device} and feature names
 *     such as {@code lro} with {@code on} or {@code off}
 * @param coalescing interrupt coalescing per interface ({@code ethtool -C}): {@code device} and
 *     parameters such as {@code rx-usecs: 0} or {@code adaptive-rx: off}
 */
public record Tuning(
    Map<String, String> sysctl,
    HugepagePool hugepages,
    List<String> stopServices,
    List<IrqAffinity> irqAffinity,
    List<EthtoolRings> ethtoolRings,
    List<String> kernelCmdline,
    List<SriovPort> sriov,
    Map<String, Integer> mtu,
    List<Map<String, Object>> offloads,
    List<Map<String, Object>> coalescing) {
  public static final Tuning NONE =
      new Tuning(null, null, null, null, null, null, null, null, null, null);

  public Tuning {
    sysctl = sysctl == null ? Map.of() : new LinkedHashMap<>(sysctl);
    stopServices = stopServices == null ? List.of() : List.copyOf(stopServices);
    irqAffinity = irqAffinity == null ? List.of() : List.copyOf(irqAffinity);
    ethtoolRings = ethtoolRings == null ? List.of() : List.copyOf(ethtoolRings);
    kernelCmdline = kernelCmdline == null ? List.of() : List.copyOf(kernelCmdline);
    sriov = sriov == null ? List.of() : List.copyOf(sriov);
    mtu = mtu == null ? Map.of() : new LinkedHashMap<>(mtu);
    offloads = offloads == null ? List.of() : List.copyOf(offloads);
    coalescing = coalescing == null ? List.of() : List.copyOf(coalescing);
  }

  /** True if nothing is to be tuned or checked on the host. */
  public boolean isEmpty() {
    return sysctl.isEmpty()
        && hugepages == null
        && stopServices.isEmpty()
        && irqAffinity.isEmpty()
        && ethtoolRings.isEmpty()
        && kernelCmdline.isEmpty()
        && sriov.isEmpty()
        && mtu.isEmpty()
        && offloads.isEmpty()
        && coalescing.isEmpty();
  }

  /** The VF count given for a port in {@code sriov}, or null if the port is not listed. */
  public Integer vfsOf(String device) {
    for (SriovPort p : sriov) {
      if (p.device() != null && p.device().equals(device)) {
        return p.vfs();
      }
    }
    return null;
  }

  /**
   * A hugepage pool.
   *
   * @param size page size, {@code 2M} (default) or {@code 1G}
   * @param count number of pages
   */
  public record HugepagePool(String size, Integer count) {}

  /**
   * Pins every interrupt whose name contains the interface name to a CPU list.
   *
   * @param device interface name as in {@code /proc/interrupts}, e.g. {@code eth2}
   * @param cpus CPU list such as {@code 0-3} or {@code 4,6}
   */
  public record IrqAffinity(String device, String cpus) {}

  /**
   * Ring sizes for {@code ethtool -G}.
   *
   * @param device interface name
   * @param rx receive ring size
   * @param tx transmit ring size
   */
  public record EthtoolRings(String device, Integer rx, Integer tx) {}

  /**
   * The SR-IOV virtual functions of one port, written to {@code sriov_numvfs}.
   *
   * @param device the physical function's interface name, e.g. {@code eth2}
   * @param vfs the number of VFs (0 removes them)
   */
  public record SriovPort(String device, Integer vfs) {}
}
