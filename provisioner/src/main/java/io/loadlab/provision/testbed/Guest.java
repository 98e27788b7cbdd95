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
 * @param networks several NICs, in the guest's order (eth0, eth1, ...), instead of {@code network}:
 *     e.g. a management network apart from a client network; the first NIC with an address gives
 *     the guest's {@code address} if it has none
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
    Boot boot,
    java.util.List<Network> networks) {
  public Guest {
    pool = pool == null ? "default" : pool;
    networks = networks == null ? java.util.List.of() : java.util.List.copyOf(networks);
    if (network == null) {
      network =
          networks.isEmpty() ? new Network("none", null, null, null, null, null) : networks.get(0);
    }
    if (address == null) {
      address =
          networks.stream()
              .map(Network::hostAddress)
              .filter(java.util.Objects::nonNull)
              .findFirst()
              .orElse(null);
    }
  }

  /** A guest with one NIC ({@code network}). */
  public Guest(
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
    this(
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
        boot,
        null);
  }

  /**
   * The guest's NICs in order: {@code networks}, or its one {@code network} (none for mode {@code
   * none}).
   */
  public java.util.List<Network> nics() {
    if (!networks.isEmpty()) {
      return networks;
    }
    return "none".equals(network.mode()) ? java.util.List.of() : java.util.List.of(network);
  }

  /** The file's field of NIC {@code i}: {@code network}, or {@code networks[i]}. */
  public String nicField(int i) {
    return networks.isEmpty() ? "network" : "networks[" + i + "]";
  }

  /** The NIC that carries the guest's {@code address} (its SSH), or null if none says so. */
  public Network managementNic() {
    if (networks.isEmpty()) {
      return "none".equals(network.mode()) ? null : network;
    }
    return networks.stream()
        .filter(n -> address != null && address.equals(n.hostAddress()))
        .findFirst()
        .orElse(null);
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
   * numa-node} gives each guest its own NUMA node and pins its vCPUs to that node's first CPUs. And
   * {@code emulator}: a host CPU list (e.g. {@code 0-1}) for QEMU's emulator threads ({@code
   * <cputune><emulatorpin>}); the vhost-net threads of its NICs follow it (libvirt has no element
   * of their own: the kernel starts them for QEMU's emulator thread, in its cgroup).
   */
  public record Pinning(String policy, java.util.List<Integer> cpus, String emulator) {
    /** vCPU pinning alone. */
    public Pinning(String policy, java.util.List<Integer> cpus) {
      this(policy, cpus, null);
    }
  }

  /**
   * Guest networking.
   *
   * @param mode {@code bridge} (virtio NIC on a Linux bridge), {@code direct} (virtio NIC on a
   *     macvtap device of a host interface: {@code <interface type='direct'>}), {@code sriov} (a
   *     virtual function passed through), {@code pci} (a whole PCI device, such as a NIC, assigned
   *     to the guest) or {@code none}
   * @param bridge the host bridge for {@code bridge}
   * @param pf the physical function for {@code sriov}: its interface name or libvirt node-device
   *     name
   * @param vf the index of the virtual function of {@code pf}
   * @param device the PCI address for {@code pci}, e.g. {@code 0000:03:00.0}
   * @param mtu the NIC's MTU, or null for the default: libvirt sets it on a bridged or direct NIC;
   *     with an assigned device (sriov, pci) the guest's OS sets it
   * @param source the host interface a {@code direct} NIC's macvtap sits on, e.g. {@code eth1}
   * @param sourceMode the macvtap mode of a {@code direct} NIC: {@code bridge} (the default: the
   *     host's macvtap guests on one interface reach each other), {@code vepa}, {@code private} or
   *     {@code passthrough}
   * @param address the NIC's address with its prefix, e.g. {@code 10.231.71.11/24} (in {@code
   *     networks}); a host-root guest sets it on the NIC
   * @param name the NIC's name in descriptions, e.g. {@code mgmt} or {@code client}
   */
  public record Network(
      String mode,
      String bridge,
      String pf,
      Integer vf,
      String device,
      Integer mtu,
      String source,
      String sourceMode,
      String address,
      String name) {
    /** The macvtap modes of a {@code direct} NIC. */
    public static final java.util.List<String> SOURCE_MODES =
        java.util.List.of("bridge", "vepa", "private", "passthrough");

    /** A NIC without the fields of direct NICs and of several NICs. */
    public Network(String mode, String bridge, String pf, Integer vf, String device, Integer mtu) {
      this(mode, bridge, pf, vf, device, mtu, null, null, null, null);
    }

    /** The macvtap mode of a direct NIC ({@code bridge} if not given). */
    public String sourceModeOrDefault() {
      return sourceMode == null ? "bridge" : sourceMode;
    }

    /** {@link #address} without its prefix, or null. */
    public String hostAddress() {
      if (address == null || address.isBlank()) {
        return null;
      }
      int slash = address.indexOf('/');
      return (slash < 0 ? address : address.substring(0, slash)).trim();
    }

    /** The prefix length of {@link #address}, or -1 if it has none. */
    public int prefix() {
      int slash = address == null ? -1 : address.indexOf('/');
      try {
        return slash < 0 ? -1 : Integer.parseInt(address.substring(slash + 1).trim());
      } catch (NumberFormatException e) {
        return -1;
      }
    }

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
        b,
        networks);
  }
}
