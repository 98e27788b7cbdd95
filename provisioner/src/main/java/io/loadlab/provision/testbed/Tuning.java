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
 */
public record Tuning(
    Map<String, String> sysctl,
    HugepagePool hugepages,
    List<String> stopServices,
    List<IrqAffinity> irqAffinity,
    List<EthtoolRings> ethtoolRings,
    List<String> kernelCmdline) {
  public static final Tuning NONE = new Tuning(null, null, null, null, null, null);

  public Tuning {
    sysctl = sysctl == null ? Map.of() : new LinkedHashMap<>(sysctl);
    stopServices = stopServices == null ? List.of() : List.copyOf(stopServices);
    irqAffinity = irqAffinity == null ? List.of() : List.copyOf(irqAffinity);
    ethtoolRings = ethtoolRings == null ? List.of() : List.copyOf(ethtoolRings);
    kernelCmdline = kernelCmdline == null ? List.of() : List.copyOf(kernelCmdline);
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
}
