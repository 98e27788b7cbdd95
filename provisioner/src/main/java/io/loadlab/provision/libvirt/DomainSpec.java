package io.loadlab.provision.libvirt;

import io.loadlab.provision.testbed.Guest;
import io.loadlab.provision.testbed.HostFacts;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything needed to write one guest's domain XML, resolved from the testbed and the host.
 *
 * @param name domain name
 * @param type libvirt domain type: {@code kvm}, or {@code test} for the test driver
 * @param vcpus number of vCPUs
 * @param memoryKiB memory in KiB
 * @param hugepageKiB hugepage size backing the memory, or 0 for normal pages
 * @param pins the host CPU of each vCPU, or empty for no pinning
 * @param numaNode the NUMA node all pins fall on (memory is bound to it), or -1
 * @param diskPath the cloned disk
 * @param nics the NICs, in the guest's order
 * @param boot direct kernel boot, or null to boot from the disk
 * @param shareHostRoot export the host's {@code /} read-only to the guest over virtio-9p (tag
 *     {@code hostroot}), for a host-root guest
 * @param emulatorPin the host CPU list of QEMU's emulator threads ({@code <emulatorpin>}), or null
 */
public record DomainSpec(
    String name,
    String type,
    int vcpus,
    long memoryKiB,
    long hugepageKiB,
    List<Integer> pins,
    int numaNode,
    String diskPath,
    List<Nic> nics,
    Guest.Boot boot,
    boolean shareHostRoot,
    String emulatorPin) {
  public DomainSpec {
    nics = List.copyOf(nics);
  }

  /**
   * A guest with at most one NIC, as before several NICs: a bridge, a VF or a whole PCI device.
   *
   * @param bridge the bridge of a virtio NIC, or null
   * @param vf the PCI address of an SR-IOV virtual function, or null
   * @param mac the NIC's MAC address (stable per testbed and guest)
   * @param pciDevice the PCI address of a whole device assigned to the guest, or null
   * @param mtu the MTU of a bridged NIC, or 0 for libvirt's default
   */
  public DomainSpec(
      String name,
      String type,
      int vcpus,
      long memoryKiB,
      long hugepageKiB,
      List<Integer> pins,
      int numaNode,
      String diskPath,
      String bridge,
      HostFacts.PciAddress vf,
      String mac,
      Guest.Boot boot,
      HostFacts.PciAddress pciDevice,
      int mtu,
      boolean shareHostRoot) {
    this(
        name,
        type,
        vcpus,
        memoryKiB,
        hugepageKiB,
        pins,
        numaNode,
        diskPath,
        oneNic(bridge, vf, mac, pciDevice, mtu),
        boot,
        shareHostRoot,
        null);
  }

  private static List<Nic> oneNic(
      String bridge, HostFacts.PciAddress vf, String mac, HostFacts.PciAddress pci, int mtu) {
    List<Nic> nics = new ArrayList<>();
    if (bridge != null) {
      nics.add(Nic.bridge(bridge, mac, mtu));
    } else if (vf != null) {
      nics.add(Nic.vf(vf, mac));
    } else if (pci != null) {
      nics.add(Nic.pci(pci));
    }
    return nics;
  }

  /**
   * One NIC of the domain.
   *
   * @param kind {@code bridge} (virtio on a Linux bridge), {@code direct} (virtio on a macvtap of a
   *     host interface), {@code sriov} (a VF as {@code <interface type='hostdev'>}) or {@code pci}
   *     (a whole device as {@code <hostdev>})
   * @param source the bridge ({@code bridge}) or host interface ({@code direct}), else null
   * @param sourceMode the macvtap mode of a {@code direct} NIC, else null
   * @param pci the PCI address of a VF or whole device, else null
   * @param mac the MAC address (none for a whole device)
   * @param mtu the MTU libvirt sets (bridge, direct), or 0 for its default
   */
  public record Nic(
      String kind,
      String source,
      String sourceMode,
      HostFacts.PciAddress pci,
      String mac,
      int mtu) {
    public static Nic bridge(String bridge, String mac, int mtu) {
      return new Nic("bridge", bridge, null, null, mac, mtu);
    }

    public static Nic direct(String dev, String mode, String mac, int mtu) {
      return new Nic("direct", dev, mode, null, mac, mtu);
    }

    public static Nic vf(HostFacts.PciAddress vf, String mac) {
      return new Nic("sriov", null, null, vf, mac, 0);
    }

    public static Nic pci(HostFacts.PciAddress device) {
      return new Nic("pci", null, null, device, null, 0);
    }
  }
}
