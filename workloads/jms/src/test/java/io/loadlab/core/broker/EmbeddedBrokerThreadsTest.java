package io.loadlab.core.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The broker's I/O threads: set on its acceptor, and no more of them serve its connections. */
@Timeout(60)
class EmbeddedBrokerThreadsTest {
  /** The names of Artemis's Netty I/O threads alive now. */
  private static Set<Long> ioThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().contains("activemq-netty-threads"))
        .map(Thread::getId)
        .collect(Collectors.toSet());
  }

  @Test
  void connectionsAreServedByTheThreadsGiven() throws Exception {
    Set<Long> before = ioThreads();
    try (EmbeddedBroker broker =
        EmbeddedBroker.start(BrokerOptions.on("127.0.0.1", 0).withThreads(3))) {
      assertEquals(3, broker.ioThreads());
      // Netty starts an event loop's thread when a connection is first given to it, round robin:
      // 8 connections reach every loop there is.
      List<Socket> sockets = new ArrayList<>();
      try {
        for (int i = 0; i < 8; i++) {
          sockets.add(new Socket("127.0.0.1", broker.port()));
        }
        Set<Long> started = ioThreads();
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (started.stream().filter(id -> !before.contains(id)).count() < 3
            && System.nanoTime() < deadline) {
          Thread.sleep(50);
          started = ioThreads();
        }
        Thread.sleep(300); // a fourth thread, if there were one, would have started by now
        started = ioThreads();
        started.removeAll(before);
        assertEquals(3, started.size(), "I/O threads of the broker: " + started);
      } finally {
        for (Socket s : sockets) {
          s.close();
        }
      }
    }
  }

  @Test
  void withoutThreadsArtemisDefaultsToThreePerCpu() {
    try (EmbeddedBroker broker = EmbeddedBroker.startLocal()) {
      assertEquals(3 * Runtime.getRuntime().availableProcessors(), broker.ioThreads());
    }
  }

  @Test
  void threadsOutOfRangeAreRefused() {
    UsageException e =
        assertThrows(
            UsageException.class, () -> BrokerOptions.on("127.0.0.1", 0).withThreads(1025));
    assertEquals("--threads: 1025 is out of range; use 1 to 1024", e.getMessage());
    assertTrue(e.exitCode() == 2);
  }
}
