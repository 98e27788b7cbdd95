package io.loadlab.provision.bridge;

import java.util.List;

/**
 * IPv4 subnets of addresses such as {@code 10.231.70.1/24}, as {@code ip -o -4 addr} lists them.
 */
final class Subnets {
  private Subnets() {}

  /**
   * The interface among {@code ip -o -4 addr show} lines whose address shares the subnet of {@code
   * cidr}, or null if none does (or {@code cidr} is not an IPv4 address with a prefix).
   */
  static String holder(List<String> ipAddrLines, String cidr) {
    long[] mine = parse(cidr);
    if (mine == null) {
      return null;
    }
    for (String line : ipAddrLines) {
      String[] f = line.strip().split("\\s+");
      for (int i = 0; i + 1 < f.length; i++) {
        if (f[i].equals("inet")) {
          long[] theirs = parse(f[i + 1]);
          if (theirs != null && overlap(mine, theirs)) {
            return f.length > 1 ? f[1] : "?";
          }
        }
      }
    }
    return null;
  }

  /** The subnet of {@code cidr}, e.g. {@code 10.231.70.0/24}. */
  static String network(String cidr) {
    long[] p = parse(cidr);
    if (p == null) {
      return cidr;
    }
    long n = p[0] & mask((int) p[1]);
    return ((n >> 24) & 255)
        + "."
        + ((n >> 16) & 255)
        + "."
        + ((n >> 8) & 255)
        + "."
        + (n & 255)
        + "/"
        + p[1];
  }

  private static boolean overlap(long[] a, long[] b) {
    long m = mask((int) Math.min(a[1], b[1]));
    return (a[0] & m) == (b[0] & m);
  }

  private static long mask(int prefix) {
    return prefix == 0 ? 0 : (0xffffffffL << (32 - prefix)) & 0xffffffffL;
  }

  /** {address, prefix}, or null. */
  private static long[] parse(String cidr) {
    if (cidr == null || !cidr.matches("\\d{1,3}(\\.\\d{1,3}){3}/\\d{1,2}")) {
      return null;
    }
    String[] parts = cidr.split("/");
    int prefix = Integer.parseInt(parts[1]);
    if (prefix > 32) {
      return null;
    }
    long a = 0;
    for (String o : parts[0].split("\\.")) {
      int v = Integer.parseInt(o);
      if (v > 255) {
        return null;
      }
      a = (a << 8) | v;
    }
    return new long[] {a, prefix};
  }
}
