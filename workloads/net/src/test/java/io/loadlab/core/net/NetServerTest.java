package io.loadlab.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UnreachableTargetException;
import io.loadlab.core.failure.UsageException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class NetServerTest {
  private static final Duration CONNECT = Duration.ofSeconds(2);

  @Test
  void servesTransactionsOneWayMessagesAndStreamsAndCountsThem() throws Exception {
    try (NetServer server = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS);
        NetConnection c =
            NetConnection.open("127.0.0.1", server.port(), NetSocketOptions.DEFAULTS, CONNECT)) {
      ServerStats start = c.serverStats();
      for (int i = 0; i < 100; i++) {
        c.transact(200, 1000);
      }
      c.transact(1, 1);
      assertEquals(20 << 20, c.readStream(20, 20 << 20));
      for (int i = 0; i < 50; i++) {
        c.send(300_000);
      }
      ServerStats served = c.serverStats().since(start);
      assertEquals(152, served.transactions());
      assertEquals(100L * 1000 + 1 + (20 << 20), served.bytesSent());
      assertEquals(
          152L * NetProtocol.HEADER_LENGTH + 100 * 200 + 1 + 20 + 50 * 300_000L + 16,
          served.bytesReceived(),
          "headers and payloads, including the stats request's header");
      assertEquals(0, served.faults());
      assertTrue(served.serverThreadsCpuNanos() >= 0);
    }
  }

  @Test
  void connectRequestResponseLetsTheServerCloseAfterAnswering() throws Exception {
    try (NetServer server = NetServer.start("::1", 0, NetSocketOptions.DEFAULTS)) {
      for (int i = 0; i < 20; i++) {
        try (NetConnection c =
            NetConnection.open("::1", server.port(), NetSocketOptions.DEFAULTS, CONNECT)) {
          c.transactAndClose(64, 8192);
        }
      }
      try (NetConnection c =
          NetConnection.open("::1", server.port(), NetSocketOptions.DEFAULTS, CONNECT)) {
        assertEquals(20, c.serverStats().transactions());
      }
    }
  }

  @Test
  void malformedFramesAndPeersLeavingMidFrameDoNotStopTheServer() throws Exception {
    try (NetServer server = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS)) {
      try (Socket s = new Socket("127.0.0.1", server.port())) {
        s.getOutputStream().write("GET / HTTP/1.0\r\n\r\n".getBytes());
        assertEquals(-1, s.getInputStream().read(), "the server closes a malformed connection");
      }
      try (Socket s = new Socket("127.0.0.1", server.port())) {
        ByteBuffer header = ByteBuffer.allocate(NetProtocol.HEADER_LENGTH + 10);
        NetProtocol.putHeader(header, NetProtocol.TYPE_TRANSACTION, (byte) 0, 1000, 1000);
        OutputStream out = s.getOutputStream();
        out.write(header.array()); // 10 of 1000 request bytes, then gone
        out.flush();
      }
      try (Socket s = new Socket("127.0.0.1", server.port())) {
        ByteBuffer header = ByteBuffer.allocate(NetProtocol.HEADER_LENGTH);
        NetProtocol.putHeader(header, NetProtocol.TYPE_TRANSACTION, (byte) 0, 0, 64 << 20);
        s.getOutputStream().write(header.array()); // asks for 64 MB, reads 1 KB, then gone
        s.getInputStream().readNBytes(1024);
        s.setSoLinger(true, 0);
      }
      try (NetConnection c =
          NetConnection.open("127.0.0.1", server.port(), NetSocketOptions.DEFAULTS, CONNECT)) {
        c.transact(1, 1);
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        ServerStats stats = c.serverStats();
        while (stats.faults() < 3 && System.nanoTime() < deadline) {
          Thread.sleep(20);
          stats = c.serverStats();
        }
        assertEquals(3, stats.faults(), "malformed, gone mid-request, gone mid-response");
        assertEquals(1, stats.transactions());
      }
    }
  }

  @Test
  void aPortInUseIsAUsageErrorAndAClosedPortIsUnreachable() throws Exception {
    int port;
    try (NetServer server = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS)) {
      port = server.port();
      UsageException e =
          assertThrows(
              UsageException.class,
              () -> NetServer.start("127.0.0.1", server.port(), NetSocketOptions.DEFAULTS));
      assertTrue(e.getMessage().startsWith("--port " + port), e.getMessage());
    }
    assertThrows(
        UnreachableTargetException.class,
        () -> NetConnection.open("127.0.0.1", port, NetSocketOptions.DEFAULTS, CONNECT));
    assertThrows(
        UnreachableTargetException.class,
        () ->
            NetConnection.open(
                InetSocketAddress.createUnresolved("no-such-host.invalid", 1),
                NetSocketOptions.DEFAULTS,
                CONNECT));
  }
}
