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
 */
public record Host(
    String address,
    Integer port,
    String user,
    String keyFile,
    String knownHosts,
    Boolean sudo,
    String libvirt,
    Tuning tuning) {
  public Host {
    tuning = tuning == null ? Tuning.NONE : tuning;
  }

  public int sshPort() {
    return port == null ? 22 : port;
  }

  public boolean useSudo() {
    return Boolean.TRUE.equals(sudo);
  }
}
