package io.loadlab.provision.testbed;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What a host really has, read from libvirt or over SSH before anything is changed: validation
 * checks the testbed against it.
 *
 * @param cpus the online CPU numbers
 * @param numaNodes CPU numbers per NUMA node
 * @param memoryBytes physical memory
 * @param hugepagesTotal configured hugepages per page size in KiB (may be empty)
 * @param bridges names of Linux bridges
 * @param physicalFunctions SR-IOV physical functions: both the node-device name and the interface
 *     name map to the same PF
 * @param pciDevices libvirt node-device names of every PCI device, e.g. {@code pci_0000_03_00_0}
 */
public record HostFacts(
    SortedSet<Integer> cpus,
    Map<Integer, List<Integer>> numaNodes,
    long memoryBytes,
    Map<Long, Long> hugepagesTotal,
    Set<String> bridges,
    Map<String, PhysicalFunction> physicalFunctions,
    Set<String> pciDevices) {

  /** Facts without a list of PCI devices: every PCI address is unknown. */
  public HostFacts(
      SortedSet<Integer> cpus,
      Map<Integer, List<Integer>> numaNodes,
      long memoryBytes,
      Map<Long, Long> hugepagesTotal,
      Set<String> bridges,
      Map<String, PhysicalFunction> physicalFunctions) {
    this(cpus, numaNodes, memoryBytes, hugepagesTotal, bridges, physicalFunctions, Set.of());
  }

  /** These facts with the host's memory as {@code bytes} (read from the host itself). */
  public HostFacts withMemoryBytes(long bytes) {
    return new HostFacts(
        cpus, numaNodes, bytes, hugepagesTotal, bridges, physicalFunctions, pciDevices);
  }

  /** Facts of a host with {@code cpuCount} CPUs split evenly over {@code nodes} NUMA nodes. */
  public static SortedSet<Integer> cpuRange(int cpuCount) {
    SortedSet<Integer> cpus = new TreeSet<>();
    for (int i = 0; i < cpuCount; i++) {
      cpus.add(i);
    }
    return cpus;
  }

  /**
   * An SR-IOV physical function and its virtual functions.
   *
   * @param nodeDevice libvirt node-device name, e.g. {@code pci_0000_3b_00_0}
   * @param vfAddresses PCI addresses of its virtual functions, in VF index order
   * @param numaNode the NUMA node the device is attached to, or -1 if unknown
   */
  public record PhysicalFunction(String nodeDevice, List<PciAddress> vfAddresses, int numaNode) {
    public PhysicalFunction(String nodeDevice, List<PciAddress> vfAddresses) {
      this(nodeDevice, vfAddresses, -1);
    }
  }

  /** A PCI address. */
  public record PciAddress(int domain, int bus, int slot, int function) {
    /** Parses {@code 0000:03:00.0} (domain:bus:slot.function, hexadecimal). */
    public static PciAddress parse(String address) {
      String[] parts = address.trim().split("[:.]");
      if (parts.length != 4) {
        throw new IllegalArgumentException("not a PCI address: " + address);
      }
      return new PciAddress(
          Integer.parseInt(parts[0], 16),
          Integer.parseInt(parts[1], 16),
          Integer.parseInt(parts[2], 16),
          Integer.parseInt(parts[3], 16));
    }

    @Override
    public String toString() {
      return String.format("%04x:%02x:%02x.%x", domain, bus, slot, function);
    }
  }
}
