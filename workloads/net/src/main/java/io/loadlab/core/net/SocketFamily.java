package io.loadlab.core.net;

import java.net.Inet4Address;
import java.net.InetSocketAddress;
import java.net.ProtocolFamily;
import java.net.StandardProtocolFamily;

/**
 * The protocol family a socket to or on an address is opened with. Java opens IPv6 sockets by
 * default and reaches IPv4 peers through mapped addresses, which takes the kernel's IPv6 code path
 * for every datagram; a socket for an IPv4 address is opened as IPv4, as C tools do.
 */
final class SocketFamily {
  private SocketFamily() {}

  /**
   * IPv4 for a specific IPv4 address; null (the JVM's default, dual-stack) for the wildcard address
   * or an IPv6 one.
   */
  static ProtocolFamily of(InetSocketAddress address) {
    return address.getAddress() instanceof Inet4Address v4 && !v4.isAnyLocalAddress()
        ? StandardProtocolFamily.INET
        : null;
  }
}
