package io.loadlab.provision.testbed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** TCP connects to testbed hosts' SSH ports on loopback: one listening, one closed. */
@Timeout(30)
class SshPortCheckTest {
  private static Host host(int port) {
    return new Host("127.0.0.1", port, "lab", "id", "kh", null, null, null);
  }

  @Test
  void aClosedPortIsOneProblemNamingFileAndFieldAndEachPortIsTriedOnce() throws Exception {
    int closed;
    try (ServerSocket s = new ServerSocket(0)) {
      closed = s.getLocalPort();
    }
    AtomicInteger accepted = new AtomicInteger();
    try (ServerSocket sshd = new ServerSocket(0)) {
      Thread acceptor =
          new Thread(
              () -> {
                while (true) {
                  try (Socket s = sshd.accept()) {
                    accepted.incrementAndGet();
                  } catch (IOException e) {
                    return;
                  }
                }
              });
      acceptor.setDaemon(true);
      acceptor.start();
      Host up = host(sshd.getLocalPort());
      Map<Path, Testbed> testbeds = new LinkedHashMap<>();
      testbeds.put(
          Path.of("a.yaml"),
          new Testbed("a", Map.of("up", up, "down", host(closed)), null, null, null));
      testbeds.put(Path.of("b.yaml"), new Testbed("b", Map.of("same", up), null, null, null));

      List<String> problems = SshPortCheck.unreachable(testbeds, Duration.ofSeconds(3));

      assertEquals(1, problems.size(), problems.toString());
      assertTrue(
          problems
              .get(0)
              .startsWith(
                  "a.yaml: hosts.down.address: 127.0.0.1 port "
                      + closed
                      + " refused the connection"),
          problems.get(0));
      // The connection completes before the acceptor takes it: wait for it, and for any second.
      long deadline = System.nanoTime() + 5_000_000_000L;
      while (accepted.get() == 0 && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      Thread.sleep(300);
      sshd.close();
      acceptor.join(5000);
    }
    assertEquals(1, accepted.get(), "the address both testbeds name was tried once");
  }
}
