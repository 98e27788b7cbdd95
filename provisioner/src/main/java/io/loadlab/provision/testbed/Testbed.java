package io.loadlab.provision.testbed;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A testbed as a lab engineer describes it in one YAML file: the physical hosts, the KVM guests on
 * them, and which machine runs which role. Maps keep the file's order.
 *
 * @param name a short name, used for action logs and recorded with results
 * @param hosts physical machines by name
 * @param guests KVM guests by name (none for a bare-metal testbed)
 * @param roles the services started on hosts or guests
 * @param install where loadlab's binary distribution goes, or null to use the {@code loadlab} on
 *     each machine's PATH
 * @param uniqueNames give the guests' libvirt domains and volumes and the hosts' lab bridges names
 *     of this checkout's own ({@link GuestNames}), so that two checkouts' labs on one machine do
 *     not collide
 */
public record Testbed(
    String name,
    Map<String, Host> hosts,
    Map<String, Guest> guests,
    List<Role> roles,
    Install install,
    Boolean uniqueNames) {
  /** A testbed whose names are used as they are. */
  public Testbed(
      String name,
      Map<String, Host> hosts,
      Map<String, Guest> guests,
      List<Role> roles,
      Install install) {
    this(name, hosts, guests, roles, install, null);
  }

  public Testbed {
    hosts = hosts == null ? Map.of() : new LinkedHashMap<>(hosts);
    guests = guests == null ? Map.of() : new LinkedHashMap<>(guests);
    roles = roles == null ? List.of() : List.copyOf(roles);
  }

  /**
   * The machines reached over SSH, in the file's order: every guest and every host but a local one
   * (which runs its steps here).
   */
  public Set<String> sshMachines() {
    Set<String> remote = new LinkedHashSet<>(guests.keySet());
    hosts.forEach(
        (name, h) -> {
          if (!h.isLocal()) {
            remote.add(name);
          }
        });
    return remote;
  }

  /** True if no guests are declared: every role runs on bare metal. */
  public boolean bareMetal() {
    return guests.isEmpty();
  }
}
