package io.loadlab.core.net;

import java.time.Duration;

/**
 * Run by {@link SocketIoTest} in a JVM of Java 22+ with {@code -Dloadlab.net.io=ffm} or {@code
 * nio}: sends a fixed sequence of TCP and UDP messages to the test's capturing sockets, then runs
 * transactions against a {@link NetServer} of its own (whose connections use the same path), and
 * prints what it counted.
 */
final class SocketIoProbe {
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  private SocketIoProbe() {}

  public static void main(String[] args) throws Exception {
    int tcpPort = Integer.parseInt(args[0]);
    int udpPort = Integer.parseInt(args[1]);
    System.out.println("io=" + SocketIo.mode());
    try (NetConnection c =
        NetConnection.open("127.0.0.1", tcpPort, NetSocketOptions.DEFAULTS, TIMEOUT)) {
      for (int i = 0; i < 3; i++) {
        c.transact(14, 14);
      }
      c.send(100);
      c.transact(20, 70_000); // more than one read
      c.send(300_000); // more than one write of the largest buffer
      c.transact(1, 1);
    }
    try (UdpConnection u =
        UdpConnection.open("127.0.0.1", udpPort, NetSocketOptions.DEFAULTS, TIMEOUT)) {
      for (int i = 0; i < 3; i++) {
        System.out.println("udp answered=" + u.transact(14, 14));
      }
      u.send(64);
      System.out.println("udp answered=" + u.transact(1000, 2000));
    }
    try (NetServer server = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS)) {
      try (NetConnection c =
          NetConnection.open("127.0.0.1", server.port(), NetSocketOptions.DEFAULTS, TIMEOUT)) {
        for (int i = 0; i < 200; i++) {
          c.transact(14, 14);
        }
        c.readStream(20, 1_000_000);
        System.out.println("tcp served=" + c.serverStats().connectionTransactions());
      }
      try (UdpConnection u =
          UdpConnection.open("127.0.0.1", server.port(), NetSocketOptions.DEFAULTS, TIMEOUT)) {
        int answered = 0;
        for (int i = 0; i < 200; i++) {
          answered += u.transact(14, 14) ? 1 : 0;
        }
        UdpFlowStats s = u.flowStats();
        System.out.println(
            "udp answered=" + answered + " received=" + s.received() + " lost=" + u.lost());
      }
      ServerStats s = server.stats();
      System.out.println(
          "server transactions="
              + s.transactions()
              + " received="
              + s.bytesReceived()
              + " sent="
              + s.bytesSent()
              + " faults="
              + s.faults());
    }
    // IPv6: the responder decodes a sockaddr_in6 (the direct path) as the channel does
    try (NetServer server6 = NetServer.start("::1", 0, NetSocketOptions.DEFAULTS);
        UdpConnection u =
            UdpConnection.open("::1", server6.port(), NetSocketOptions.DEFAULTS, TIMEOUT)) {
      int answered = 0;
      for (int i = 0; i < 5; i++) {
        answered += u.transact(14, 20) ? 1 : 0;
      }
      System.out.println("udp6 answered=" + answered + " received=" + u.flowStats().received());
    }
    // A lossy server (every 3rd request ignored): each lost answer ends a read by its deadline,
    // and the connection carries on with a new socket.
    try (NetServer lossy = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS, 3);
        UdpConnection u =
            UdpConnection.open(
                "127.0.0.1", lossy.port(), NetSocketOptions.DEFAULTS, Duration.ofMillis(100))) {
      int answered = 0;
      for (int i = 0; i < 30; i++) {
        answered += u.transact(14, 14) ? 1 : 0;
      }
      System.out.println("lossy answered=" + answered + " lost=" + u.lost() + " " + u.lastLoss());
    }
  }
}
