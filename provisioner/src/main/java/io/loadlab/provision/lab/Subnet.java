package io.loadlab.provision.lab;

/**
 * An IPv4 subnet such as {@code 10.213.1.0/24}; host i of a link gets address {@code network + i +
 * 1}.
 */
public record Subnet(long base, int prefix) {
  public static Subnet parse(String text) {
    if (text == null || !text.matches("\\d+\\.\\d+\\.\\d+\\.\\d+/\\d+")) {
      throw new IllegalArgumentException(String.valueOf(text));
    }
    String[] parts = text.split("/");
    int prefix = Integer.parseInt(parts[1]);
    if (prefix < 8 || prefix > 30) {
      throw new IllegalArgumentException(text);
    }
    long addr = 0;
    for (String octet : parts[0].split("\\.")) {
      int o = Integer.parseInt(octet);
      if (o > 255) {
        throw new IllegalArgumentException(text);
      }
      addr = (addr << 8) | o;
    }
    long mask = (0xffffffffL << (32 - prefix)) & 0xffffffffL;
    return new Subnet(addr & mask, prefix);
  }

  public int capacity() {
    return (1 << (32 - prefix)) - 2;
  }

  public String network() {
    return format(base) + "/" + prefix;
  }

  /** The address of the {@code index}-th host (0-based). */
  public String address(int index) {
    return format(base + index + 1);
  }

  private static String format(long a) {
    return ((a >> 24) & 255) + "." + ((a >> 16) & 255) + "." + ((a >> 8) & 255) + "." + (a & 255);
  }
}
