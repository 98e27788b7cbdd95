package io.loadlab.core.broker;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class ListenPortsTest {
  @Test
  void aBoundPortIsRefusedAndAFreeOneIsListenable() throws Exception {
    try (ServerSocket taken = new ServerSocket()) {
      taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      assertFalse(ListenPorts.canListen("127.0.0.1", taken.getLocalPort()));
    }
    int free = ListenPorts.freePort("127.0.0.1");
    assertTrue(free > 0);
    assertTrue(ListenPorts.canListen("127.0.0.1", free));
  }

  @Test
  void anUnknownHostNamesTheOption() {
    UsageException e =
        assertThrows(UsageException.class, () -> ListenPorts.freePort("no-such-host.invalid"));
    assertTrue(e.getMessage().startsWith("--host:"), e.getMessage());
  }
}
