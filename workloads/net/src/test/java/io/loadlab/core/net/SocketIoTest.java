package io.loadlab.core.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.loadlab.core.util.InstalledJdks;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The direct system calls of Java 22+ ({@link SocketIo}, {@code ffm}) and the NIO path they replace
 * put the same bytes on the wire and count the same: a JVM of Java 22+ runs {@link SocketIoProbe}
 * once with each path against the same capturing sockets.
 */
class SocketIoTest {

  @Test
  void onJava17TheChannelPathRuns() {
    if (Runtime.version().feature() < 22) {
      assertEquals("nio", SocketIo.mode());
      assertTrue(SocketIo.whyNio().contains("22"), SocketIo.whyNio());
    }
  }

  @Test
  @Timeout(120)
  void directCallsAndNioSendTheSameBytesAndCountTheSame() throws Exception {
    Optional<Path> java = InstalledJdks.atLeast(22, "LOADLAB_TEST_JDK22");
    assumeTrue(
        java.isPresent(),
        "needs a JDK 22+ (under /usr/lib/jvm, or LOADLAB_TEST_JDK22=its home) to run the direct path");
    Capture ffm = run(java.get(), "ffm");
    Capture nio = run(java.get(), "nio");
    assertEquals("io=ffm", ffm.printed.get(0), ffm.printed.toString());
    assertEquals("io=nio", nio.printed.get(0), nio.printed.toString());
    assertEquals(
        nio.printed.subList(1, nio.printed.size()), ffm.printed.subList(1, ffm.printed.size()));
    assertTrue(nio.printed.contains("tcp served=201"), nio.printed.toString());
    assertTrue(
        nio.printed.contains("udp answered=200 received=200 lost=0"), nio.printed.toString());
    assertTrue(nio.printed.contains("udp6 answered=5 received=5"), nio.printed.toString());
    assertTrue(
        nio.printed.contains("lossy answered=20 lost=10 no response within 100 ms"),
        nio.printed.toString());
    // TCP 200 x (16 + 14) + (16 + 20) + a stats request of 16; UDP 200 x 14 (its stats request
    // is not counted); sent: 200 x 14 + 1,000,000 over TCP, 200 x 14 over UDP
    assertTrue(
        nio.printed.contains("server transactions=401 received=8852 sent=1005600 faults=0"),
        nio.printed.toString());
    // the TCP stream: 7 frames, with their payloads
    assertEquals(16 * 7 + 3 * 14 + 100 + 20 + 300_000 + 1, nio.tcp.length);
    assertArrayEquals(nio.tcp, ffm.tcp);
    assertEquals(nio.udp.size(), ffm.udp.size());
    assertEquals(5, nio.udp.size());
    for (int i = 0; i < nio.udp.size(); i++) {
      assertArrayEquals(nio.udp.get(i), ffm.udp.get(i), "datagram " + i);
    }
  }

  /** What one probe printed and sent. */
  private static final class Capture {
    List<String> printed;
    byte[] tcp;
    final List<byte[]> udp = new ArrayList<>();
  }

  private static Capture run(Path javaHome, String mode) throws Exception {
    Capture capture = new Capture();
    InetAddress loopback = InetAddress.getLoopbackAddress();
    try (ServerSocket tcp = new ServerSocket(0, 1, loopback);
        DatagramSocket udp = new DatagramSocket(0, loopback)) {
      Thread tcpSide = new Thread(() -> capture.tcp = serveTcp(tcp));
      Thread udpSide = new Thread(() -> serveUdp(udp, capture.udp));
      tcpSide.start();
      udpSide.start();
      Path log = Files.createTempFile("socket-io-" + mode, ".log");
      Process p =
          new ProcessBuilder(
                  javaHome.resolve("bin/java").toString(),
                  "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
                  "--enable-native-access=ALL-UNNAMED",
                  "-D" + SocketIo.PROPERTY + "=" + mode,
                  "-cp",
                  System.getProperty("java.class.path"),
                  SocketIoProbe.class.getName(),
                  String.valueOf(tcp.getLocalPort()),
                  String.valueOf(udp.getLocalPort()))
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      assertTrue(p.waitFor(90, TimeUnit.SECONDS), "the probe did not end");
      capture.printed = Files.readAllLines(log);
      Files.delete(log);
      assertEquals(0, p.exitValue(), capture.printed.toString());
      tcpSide.join(5000);
      udp.close();
      udpSide.join(5000);
    }
    return capture;
  }

  /** Reads loadlab frames from one connection, answers each with zeros, returns all it read. */
  private static byte[] serveTcp(ServerSocket listener) {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    try (Socket s = listener.accept()) {
      DataInputStream in = new DataInputStream(s.getInputStream());
      OutputStream out = s.getOutputStream();
      byte[] header = new byte[NetProtocol.HEADER_LENGTH];
      while (true) {
        try {
          in.readFully(header);
        } catch (java.io.EOFException e) {
          return all.toByteArray();
        }
        all.write(header);
        ByteBuffer h = ByteBuffer.wrap(header);
        byte[] payload = new byte[h.getInt(8)];
        in.readFully(payload);
        all.write(payload);
        out.write(new byte[h.getInt(12)]);
        out.flush();
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Keeps every datagram; answers each request as the server would. */
  private static void serveUdp(DatagramSocket socket, List<byte[]> kept) {
    byte[] buffer = new byte[UdpProtocol.MAX_DATAGRAM];
    while (true) {
      DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
      try {
        socket.receive(packet);
      } catch (IOException e) {
        return; // closed at the end
      }
      byte[] datagram = java.util.Arrays.copyOf(buffer, packet.getLength());
      kept.add(datagram);
      ByteBuffer d = ByteBuffer.wrap(datagram);
      if (UdpProtocol.type(d) == UdpProtocol.TYPE_REQUEST) {
        ByteBuffer answer = ByteBuffer.allocate(UdpProtocol.responseLength(d));
        UdpProtocol.putHeader(answer, UdpProtocol.TYPE_RESPONSE, UdpProtocol.sequence(d), 0);
        try {
          socket.send(
              new DatagramPacket(answer.array(), answer.capacity(), packet.getSocketAddress()));
        } catch (IOException e) {
          return;
        }
      }
    }
  }
}
