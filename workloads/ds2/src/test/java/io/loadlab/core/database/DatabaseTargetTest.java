package io.loadlab.core.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UnreachableTargetException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class DatabaseTargetTest {
  @Test
  void aRepeatedSocketMessageIsSaidOnce() {
    assertEquals(
        "Connection refused",
        DatabaseTarget.withoutRepeat("Connection refused (Connection refused)"));
    assertEquals("Connection refused", DatabaseTarget.withoutRepeat("Connection refused"));
    assertEquals("a (b)", DatabaseTarget.withoutRepeat("a (b)"));
    assertEquals("", DatabaseTarget.withoutRepeat(null));
  }

  @Test
  void aClosedPortIsOneLineNamingTheFix() throws Exception {
    int port;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      port = s.getLocalPort();
    }
    DatabaseTarget target =
        new DatabaseTarget("jdbc:postgresql://127.0.0.1:" + port + "/ds2", "u", null);
    RuntimeException e =
        org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class, target::connect);
    assertTrue(e instanceof UnreachableTargetException, e.toString());
    assertTrue(e.getMessage().contains("Connection refused); check host and port"), e.getMessage());
    assertTrue(!e.getMessage().contains("\n"), e.getMessage());
  }
}
