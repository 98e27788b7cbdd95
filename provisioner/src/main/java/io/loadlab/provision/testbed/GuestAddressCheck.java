package io.loadlab.provision.testbed;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The guests' addresses, from the file alone: two guests (or a guest and the host's own address on
 * a lab bridge) with one address cannot both be reached from here; a guest on a lab bridge of its
 * host ({@code hosts.<h>.bridges}) must sit in that bridge's subnet, and not on its network or
 * broadcast address, or nothing reaches it.
 */
final class GuestAddressCheck {
  private GuestAddressCheck() {}

  /** Reports each problem ({@code field, problem}). */
  static void check(Testbed t, BiConsumer<String, String> problem) {
    Map<String, String> owners = new LinkedHashMap<>();
    t.hosts()
        .forEach(
            (host, h) ->
                h.bridges()
                    .forEach(
                        (name, b) -> {
                          String own = b == null ? null : hostPart(b.address());
                          if (own != null) {
                            owners.putIfAbsent(
                                own, "hosts." + host + ".bridges." + name + ".address");
                          }
                        }));
    t.guests()
        .forEach(
            (name, g) -> {
              Host h = g.host() == null ? null : t.hosts().get(g.host());
              if (g.networks().isEmpty()) {
                if (g.address() != null && !g.address().isBlank()) {
                  check(
                      "guests." + name + ".address",
                      g.address().trim(),
                      g.network(),
                      h,
                      owners,
                      problem);
                }
                return;
              }
              for (int i = 0; i < g.networks().size(); i++) {
                Guest.Network n = g.networks().get(i);
                if (n != null && n.hostAddress() != null) {
                  check(
                      "guests." + name + "." + g.nicField(i) + ".address",
                      n.hostAddress(),
                      n,
                      h,
                      owners,
                      problem);
                }
              }
            });
  }

  /** One NIC's address: its own, and inside its lab bridge's subnet. */
  private static void check(
      String field,
      String address,
      Guest.Network n,
      Host h,
      Map<String, String> owners,
      BiConsumer<String, String> problem) {
    String other = owners.putIfAbsent(address.toLowerCase(Locale.ROOT), field);
    if (other != null) {
      problem.accept(
          field, address + " is also " + other + "; give each guest an address of its own");
    }
    String bridge = n == null ? null : n.bridge();
    LabBridge lab = h == null || bridge == null ? null : h.bridges().get(bridge);
    if (lab != null && "bridge".equals(n.mode())) {
      String outside = outside(address, lab.address());
      if (outside != null) {
        problem.accept(
            field,
            address
                + " "
                + outside
                + " of bridge "
                + bridge
                + " ("
                + lab.address()
                + "); give an address in "
                + network(lab.address()));
      }
    }
  }

  private static String hostPart(String cidr) {
    if (cidr == null || !cidr.matches("[0-9.]+(/[0-9]{1,2})?")) {
      return null;
    }
    int slash = cidr.indexOf('/');
    return slash < 0 ? cidr : cidr.substring(0, slash);
  }

  /** Why {@code address} is not a usable host address in {@code cidr}, or null if it is. */
  static String outside(String address, String cidr) {
    long a = ipv4(address);
    String own = hostPart(cidr);
    if (a < 0 || own == null) {
      return null; // not an IPv4 address (a name, IPv6): not checked here
    }
    int prefix = new LabBridge(cidr).prefix();
    if (prefix < 1 || prefix > 30) {
      return null;
    }
    long mask = (0xffffffffL << (32 - prefix)) & 0xffffffffL;
    long net = ipv4(own) & mask;
    if ((a & mask) != net) {
      return "is outside the subnet " + network(cidr);
    }
    if (a == net) {
      return "is the network address";
    }
    if (a == (net | (~mask & 0xffffffffL))) {
      return "is the broadcast address";
    }
    return null;
  }

  /** The subnet of {@code cidr}, e.g. {@code 10.231.70.0/24}. */
  private static String network(String cidr) {
    int prefix = new LabBridge(cidr).prefix();
    long mask = (0xffffffffL << (32 - prefix)) & 0xffffffffL;
    long n = ipv4(hostPart(cidr)) & mask;
    return ((n >> 24) & 255)
        + "."
        + ((n >> 16) & 255)
        + "."
        + ((n >> 8) & 255)
        + "."
        + (n & 255)
        + "/"
        + prefix;
  }

  /** The address as a number, or -1 if it is not a dotted IPv4 address. */
  private static long ipv4(String s) {
    if (s == null || !s.matches("\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}")) {
      return -1;
    }
    long a = 0;
    for (String octet : s.split("\\.")) {
      int o = Integer.parseInt(octet);
      if (o > 255) {
        return -1;
      }
      a = (a << 8) | o;
    }
    return a;
  }
}
