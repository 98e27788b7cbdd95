package io.loadlab.provision.lab;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A local multi-host lab described in {@code lab.yaml}: each host is a network namespace on this
 * machine; links join them through a Linux bridge (like bridged guest networking) or directly by a
 * veth pair (like a dedicated SR-IOV function).
 *
 * @param name short name; namespaces are called {@code ll-<name>-<host>}
 * @param hosts hosts by name
 * @param links the links between them
 */
public record Lab(String name, Map<String, LabHost> hosts, List<LabLink> links) {
  public Lab {
    hosts = hosts == null ? Map.of() : new LinkedHashMap<>(hosts);
    links = links == null ? List.of() : List.copyOf(links);
  }

  /**
   * One lab host.
   *
   * @param sshd run OpenSSH's sshd in the namespace (root login with the lab's own key)
   */
  public record LabHost(Boolean sshd) {
    public boolean runsSshd() {
      return Boolean.TRUE.equals(sshd);
    }
  }

  /**
   * A link.
   *
   * @param name link name (default {@code link<i>})
   * @param kind {@code bridge} (any number of hosts on a Linux bridge) or {@code veth} (two hosts,
   *     directly)
   * @param hosts the hosts on the link; the i-th gets the subnet's address i+1
   * @param subnet IPv4 subnet such as {@code 10.213.1.0/24}
   * @param mtu MTU of every interface on the link (1500 if absent)
   * @param delay netem delay added on each host's interface, per direction (e.g. {@code 1ms}); none
   *     if absent
   * @param local bridge only: this machine joins the link too, at the subnet's last address, so it
   *     reaches the hosts (e.g. their sshd, for campaign steps over SSH); false if absent
   */
  public record LabLink(
      String name,
      String kind,
      List<String> hosts,
      String subnet,
      Integer mtu,
      String delay,
      Boolean local) {
    public LabLink {
      hosts = hosts == null ? List.of() : List.copyOf(hosts);
    }

    public boolean joinsThisMachine() {
      return Boolean.TRUE.equals(local);
    }

    public int mtuOrDefault() {
      return mtu == null ? 1500 : mtu;
    }
  }
}
