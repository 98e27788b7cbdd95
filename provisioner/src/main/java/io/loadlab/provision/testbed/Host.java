package io.loadlab.provision.testbed;

/**
 * A physical machine reached over SSH.
 *
 * @param address host name or IP address
 * @param port SSH port (22 if absent)
 * @param user SSH user
 * @param keyFile private key file for public-key authentication
 * @param knownHosts the known_hosts file the host's key must be in
 * @param sudo prefix privileged commands with {@code sudo -n}
 * @param libvirt libvirt connection URI, e.g. {@code qemu:///system} or {@code test:///path.xml};
 *     needed only if guests run on the host
 * @param tuning host tuning, applied over SSH
 * @param local this machine itself: its commands (bridges, roles, install) run here, without SSH,
 *     and it needs no address, user or keys
 * @param virtualization how its guests run: {@code kvm} (the default; a host without usable KVM is
 *     an error), {@code tcg} (QEMU's emulation) or {@code auto} (KVM where the host's /dev/kvm can
 *     boot a stock kernel, emulation otherwise); recorded with the results
 * @param bridges Linux bridges the provisioner creates on the host for its guests (name to the
 *     host's own address on it), removed at teardown: the lab's own network
 * @param vcpuOvercommit how many of its guests' vCPUs one host CPU may carry ({@value
 *     #DEFAULT_VCPU_OVERCOMMIT} if not given): more makes every guest wait for a CPU, and the
 *     measurements the waiting rather than the workload
 * @param dummies dummy interfaces the provisioner creates on the host (up, no address) and removes
 *     at teardown: a parent for direct-attached (macvtap) guests where no spare NIC is at hand; in
 *     macvtap's bridge mode its guests reach each other through it, and nothing else
 */
public record Host(
    String address,
    Integer port,
    String user,
    String keyFile,
    String knownHosts,
    Boolean sudo,
    String libvirt,
    Tuning tuning,
    Boolean local,
    String virtualization,
    java.util.Map<String, LabBridge> bridges,
    Double vcpuOvercommit,
    java.util.List<String> dummies) {
  /** vCPUs per host CPU allowed when a host does not say. */
  public static final double DEFAULT_VCPU_OVERCOMMIT = 2.0;

  /** The values of {@code virtualization}. */
  public static final java.util.List<String> VIRTUALIZATIONS =
      java.util.List.of("kvm", "tcg", "auto");

  public Host {
    tuning = tuning == null ? Tuning.NONE : tuning;
    bridges = bridges == null ? java.util.Map.of() : new java.util.LinkedHashMap<>(bridges);
    dummies = dummies == null ? java.util.List.of() : java.util.List.copyOf(dummies);
  }

  /** A host without dummy interfaces. */
  public Host(
      String address,
      Integer port,
      String user,
      String keyFile,
      String knownHosts,
      Boolean sudo,
      String libvirt,
      Tuning tuning,
      Boolean local,
      String virtualization,
      java.util.Map<String, LabBridge> bridges,
      Double vcpuOvercommit) {
    this(
        address,
        port,
        user,
        keyFile,
        knownHosts,
        sudo,
        libvirt,
        tuning,
        local,
        virtualization,
        bridges,
        vcpuOvercommit,
        null);
  }

  /** True if the testbed makes the interface {@code name} on this host (a bridge or a dummy). */
  public boolean makes(String name) {
    return name != null && (bridges.containsKey(name) || dummies.contains(name));
  }

  /** A host reached over SSH, as before local hosts and lab bridges. */
  public Host(
      String address,
      Integer port,
      String user,
      String keyFile,
      String knownHosts,
      Boolean sudo,
      String libvirt,
      Tuning tuning) {
    this(address, port, user, keyFile, knownHosts, sudo, libvirt, tuning, null, null, null);
  }

  /** A host with the default vCPU overcommit. */
  public Host(
      String address,
      Integer port,
      String user,
      String keyFile,
      String knownHosts,
      Boolean sudo,
      String libvirt,
      Tuning tuning,
      Boolean local,
      String virtualization,
      java.util.Map<String, LabBridge> bridges) {
    this(
        address,
        port,
        user,
        keyFile,
        knownHosts,
        sudo,
        libvirt,
        tuning,
        local,
        virtualization,
        bridges,
        null,
        null);
  }

  /**
   * vCPUs per host CPU its guests may have in all ({@link #DEFAULT_VCPU_OVERCOMMIT} if not given).
   */
  public double vcpuOvercommitOrDefault() {
    return vcpuOvercommit == null ? DEFAULT_VCPU_OVERCOMMIT : vcpuOvercommit;
  }

  /** True for this machine itself (no SSH). */
  public boolean isLocal() {
    return Boolean.TRUE.equals(local);
  }

  /** {@code kvm}, {@code tcg} or {@code auto}; {@code kvm} if not given. */
  public String virtualizationOrDefault() {
    return virtualization == null ? "kvm" : virtualization;
  }

  public int sshPort() {
    return port == null ? 22 : port;
  }

  public boolean useSudo() {
    return Boolean.TRUE.equals(sudo);
  }
}
