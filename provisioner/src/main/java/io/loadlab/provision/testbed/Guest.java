package io.loadlab.provision.testbed;

/**
 * A KVM guest: a clone of a base volume defined on a host through libvirt.
 *
 * @param host the name of the host it runs on
 * @param pool libvirt storage pool holding the base volume ({@code default} if absent)
 * @param baseVolume the volume to clone (the clone is named {@code <guest>.qcow2})
 * @param vcpus number of virtual CPUs
 * @param memory memory size such as {@code 5G}
 * @param hugepages back the memory with the host's hugepage pool
 * @param pinning which host CPUs the vCPUs run on
 * @param network how the guest reaches the network
 * @param address the guest's address, for roles started in it over SSH
 * @param port the guest's SSH port (22 if absent)
 * @param user SSH user in the guest (the host's if absent)
 * @param keyFile SSH key for the guest (the host's if absent)
 * @param knownHosts known_hosts file for the guest (the host's if absent)
 * @param boot boot a kernel directly instead of the disk's boot loader, or null
 */
public record Guest(
    String host,
    String pool,
    String baseVolume,
    Integer vcpus,
    String memory,
    Boolean hugepages,
    Pinning pinning,
    Network network,
    String address,
    Integer port,
    String user,
    String keyFile,
    String knownHosts,
    Boot boot) {
  public Guest {
    pool = pool == null ? "default" : pool;
    network = network == null ? new Network("none", null, null, null, null, null) : network;
  }

  public int sshPort() {
    return port == null ? 22 : port;
  }

  public boolean useHugepages() {
    return Boolean.TRUE.equals(hugepages);
  }

  /** The name of the cloned disk volume. */
  public String cloneVolume(String guestName) {
    return guestName + ".qcow2";
  }

  /**
   * vCPU pinning: either {@code cpus} (vCPU i on {@code cpus[i]}) or a {@code policy}; {@code
   * numa-node} gives each guest its own NUMA node and pins its vCPUs to that node's first CPUs.
   */
  public record Pinning(String policy, java.util.List<Integer> cpus) {}

  /**
   * Guest networking.
   *
   * @param mode {@code bridge} (virtio NIC on a Linux bridge), {@code sriov} (a virtual function
   *     passed through), {@code pci} (a whole PCI device, such as a NIC, assigned to the guest) or
   *     {@code none}
   * @param bridge the host bridge for {@code bridge}
   * @param pf the physical function for {@code sriov}: its interface name or libvirt node-device
   *     name
   * @param vf the index of the virtual function of {@code pf}
   * @param device the PCI address for {@code pci}, e.g. {@code 0000:03:00.0}
   * @param mtu the NIC's MTU, or null for the default: libvirt sets it on a bridged NIC; with an
   *     assigned device (sriov, pci) the guest's OS sets it
   */
  public record Network(
      String mode, String bridge, String pf, Integer vf, String device, Integer mtu) {
    /**
     * The libvirt node-device name of a PCI address: {@code 0000:03:00.0} is {@code
     * pci_0000_03_00_0}.
     */
    public static String nodeDevice(String pciAddress) {
      return "pci_"
          + pciAddress.toLowerCase(java.util.Locale.ROOT).replace(':', '_').replace('.', '_');
    }
  }

  /**
   * Direct kernel boot: the host's kernel and initramfs start the guest (no boot loader or
   * installed image needed), as for a tiny rehearsal guest. Paths are on the guest's host.
   *
   * @param kernel the kernel image, e.g. {@code /boot/vmlinuz-6.1.0-28-cloud-amd64}
   * @param initrd the initramfs, or null
   * @param cmdline the kernel command line, e.g. {@code console=ttyS0}, or null
   * @param consoleLog a file on the host that receives the guest's serial console, or null
   * @param hostRoot the guest runs the host's own root filesystem, shared read-only over virtio-9p,
   *     with tmpfs where it writes: loadlab builds the initramfs (busybox-static and the kernel's
   *     virtio and 9p modules), the guest sets its {@code address} on its bridged NIC, makes a new
   *     SSH host key at each boot and prints it on the serial console, where the provisioner learns
   *     it, and runs the host's sshd and JDK. No image, nothing downloaded; the kernel defaults to
   *     the newest {@code /boot/vmlinuz-*} with 9p modules (Debian's linux-image-amd64)
   */
  public record Boot(
      String kernel, String initrd, String cmdline, String consoleLog, Boolean hostRoot) {
    /** Direct kernel boot of the given files. */
    public Boot(String kernel, String initrd, String cmdline, String consoleLog) {
      this(kernel, initrd, cmdline, consoleLog, null);
    }

    /** True if the guest runs the host's root filesystem (see {@code hostRoot}). */
    public boolean sharesHostRoot() {
      return Boolean.TRUE.equals(hostRoot);
    }
  }

  /** True if the guest boots the host's own root filesystem (needs no volume). */
  public boolean sharesHostRoot() {
    return boot != null && boot.sharesHostRoot();
  }

  /** This guest with another boot section (the resolved one of a host-root guest). */
  public Guest withBoot(Boot b) {
    return new Guest(
        host,
        pool,
        baseVolume,
        vcpus,
        memory,
        hugepages,
        pinning,
        network,
        address,
        port,
        user,
        keyFile,
        knownHosts,
        b);
  }
}
