package io.loadlab.core.net;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The interface a route to a server leaves by and its MTU, found the way the kernel routes: a UDP
 * socket connected to the server (nothing is sent) is given the route's source address, whose
 * interface is the one used. The route's own MTU (a {@code mtu} route attribute, a learned path
 * MTU) can be lower; the interface's is what {@code ip link} shows and what a lab sets.
 *
 * @param interfaceName e.g. {@code eth0}, {@code lo}
 * @param mtu the interface MTU in bytes
 * @param ipv6 true if the route is IPv6 (40-byte IP header instead of 20)
 * @param sourceAddress the route's source address, the one this machine's connections to the server
 *     come from (e.g. a guest's address on the NIC the run used), or null if not told
 */
public record RouteMtu(String interfaceName, int mtu, boolean ipv6, String sourceAddress) {
  private static final int UDP_HEADER = 8;
  private static final int TCP_HEADER_WITH_TIMESTAMPS = 32;

  /** The route to {@code host:port}, or null if it cannot be told (no route, unknown host). */
  public static RouteMtu to(String host, int port) {
    try (DatagramSocket probe = new DatagramSocket()) {
      InetAddress target = InetAddress.getByName(host);
      probe.connect(new InetSocketAddress(target, port));
      InetAddress local = probe.getLocalAddress();
      NetworkInterface nic = local == null ? null : NetworkInterface.getByInetAddress(local);
      if (nic == null) {
        return null;
      }
      return new RouteMtu(
          nic.getName(), nic.getMTU(), target instanceof Inet6Address, local.getHostAddress());
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** IP header bytes on this route. */
  int ipHeader() {
    return ipv6 ? 40 : 20;
  }

  /**
   * Warnings for the sizes that do not fit one packet at this MTU: a UDP datagram then goes as IP
   * fragments, a TCP message as several segments. Empty if everything fits.
   */
  public List<String> warnings(
      Transport transport, List<Integer> requests, List<Integer> responses) {
    Set<String> out = new LinkedHashSet<>();
    check(
        out,
        transport,
        "--request",
        requests,
        transport == Transport.TCP ? NetProtocol.HEADER_LENGTH : 0);
    check(out, transport, "--response", responses, 0);
    return new ArrayList<>(out);
  }

  private void check(
      Set<String> out, Transport transport, String option, List<Integer> sizes, int framing) {
    for (int size : sizes) {
      if (size == 0) {
        continue;
      }
      if (transport == Transport.UDP) {
        int packet = size + UDP_HEADER + ipHeader();
        if (packet > mtu) {
          int perFragment = (mtu - ipHeader()) & ~7;
          int fragments = (size + UDP_HEADER + perFragment - 1) / perFragment;
          out.add(
              option
                  + " "
                  + size
                  + ": a UDP datagram of "
                  + size
                  + " bytes is a "
                  + packet
                  + "-byte IP packet, more than the MTU "
                  + mtu
                  + " of "
                  + interfaceName
                  + ": it goes as "
                  + fragments
                  + " IP fragments (at most "
                  + (mtu - ipHeader() - UDP_HEADER)
                  + " bytes fit one packet)");
        }
      } else {
        int mss = mtu - ipHeader() - TCP_HEADER_WITH_TIMESTAMPS;
        int bytes = size + framing;
        if (bytes > mss) {
          out.add(
              option
                  + " "
                  + size
                  + ": "
                  + bytes
                  + " bytes on TCP need "
                  + ((bytes + mss - 1) / mss)
                  + " segments at the MTU "
                  + mtu
                  + " of "
                  + interfaceName
                  + " (at most "
                  + (mss - framing)
                  + " bytes fit one segment)");
        }
      }
    }
  }
}
