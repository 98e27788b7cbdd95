package io.loadlab.provision.plan;

import io.loadlab.provision.libvirt.DomainStats;
import io.loadlab.provision.libvirt.LibvirtHost;
import io.loadlab.provision.testbed.Guest;
import io.loadlab.provision.testbed.GuestNames;
import io.loadlab.provision.testbed.Host;
import io.loadlab.provision.testbed.Testbed;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The libvirt domains of a testbed's guests while it is up, read from their hosts: what a campaign
 * asks of libvirt around its runs (the host CPU time of each guest), without reaching into libvirt
 * itself. One connection per host with guests, opened here and closed by {@link #close()}.
 */
public final class GuestDomains implements AutoCloseable {
  private final Map<String, LibvirtHost> hosts = new LinkedHashMap<>();
  private final Map<String, String> hostOf = new LinkedHashMap<>();
  private final GuestNames names;

  private GuestDomains(GuestNames names) {
    this.names = names;
  }

  /**
   * The domains of {@code testbed}, read from {@code file}: named as {@code provision apply} names
   * them ({@link GuestNames}).
   */
  public static GuestDomains open(Testbed testbed, java.nio.file.Path file) {
    return open(testbed, GuestNames.of(testbed, file));
  }

  /**
   * Connects to the host of each guest of {@code testbed}; fails as {@code provision apply} does
   * (exit 2 or 3, the host named) if a host's libvirt does not answer.
   */
  public static GuestDomains open(Testbed testbed) {
    return open(testbed, GuestNames.AS_WRITTEN);
  }

  private static GuestDomains open(Testbed testbed, GuestNames names) {
    GuestDomains d = new GuestDomains(names);
    try {
      for (Map.Entry<String, Guest> g : testbed.guests().entrySet()) {
        String host = g.getValue().host();
        Host h = testbed.hosts().get(host);
        if (h != null && h.libvirt() != null && !d.hosts.containsKey(host)) {
          d.hosts.put(host, LibvirtHostOpening.open(host, h));
        }
        if (d.hosts.containsKey(host)) {
          d.hostOf.put(g.getKey(), host);
        }
      }
    } catch (RuntimeException e) {
      d.close();
      throw e;
    }
    return d;
  }

  /** The guests whose domains this reads (those on a host with libvirt), in the file's order. */
  public java.util.Set<String> guests() {
    return hostOf.keySet();
  }

  /**
   * The host CPU time the guest's domain (named as the guest) has used so far; fails (exit 1) if it
   * is not a guest of the testbed or its domain is gone.
   */
  public DomainStats.DomainCpu cpu(String guest) {
    String host = hostOf.get(guest);
    if (host == null) {
      throw new IllegalArgumentException(guest + " is no guest on a libvirt host of this testbed");
    }
    return hosts.get(host).stats().cpu(names.domain(guest));
  }

  /**
   * How the guest's domain runs: KVM or emulated ({@code tcg}), and its CPU model, from libvirt's
   * live XML; fails (exit 1) if it is not a guest of the testbed or its domain is gone.
   */
  public DomainStats.DomainVirtualization virtualization(String guest) {
    String host = hostOf.get(guest);
    if (host == null) {
      throw new IllegalArgumentException(guest + " is no guest on a libvirt host of this testbed");
    }
    return hosts.get(host).stats().virtualization(names.domain(guest));
  }

  @Override
  public void close() {
    hosts.values().forEach(LibvirtHost::close);
    hosts.clear();
  }
}
