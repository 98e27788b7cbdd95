package io.loadlab.provision.libvirt;

import io.loadlab.provision.testbed.Guest;
import io.loadlab.provision.testbed.HostFacts;
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
 * @param bridge the bridge of a virtio NIC, or null
 * @param vf the PCI address of an SR-IOV virtual function, or null
 * @param mac the NIC's MAC address (stable per testbed and guest)
 * @param boot direct kernel boot, or null to boot from the disk
 * @param pciDevice the PCI address of a whole device assigned to the guest, or null
 * @param mtu the MTU of a bridged NIC, or 0 for libvirt's default
 * @param shareHostRoot export the host's {@code /} read-only to the guest over virtio-9p (tag
 *     {@code hostroot}), for a host-root guest
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
    String bridge,
    HostFacts.PciAddress vf,
    String mac,
    Guest.Boot boot,
    HostFacts.PciAddress pciDevice,
    int mtu,
    boolean shareHostRoot) {}
