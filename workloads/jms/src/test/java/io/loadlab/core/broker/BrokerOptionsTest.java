package io.loadlab.core.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BrokerOptionsTest {
  @Test
  void eachWitherKeepsTheOtherOptions() {
    Path dir = Path.of("/tmp/journal");
    BrokerOptions o =
        BrokerOptions.on("0.0.0.0", 5672)
            .persistent(dir)
            .withThreads(8)
            .withLogins(Map.of("guest", "secret"));
    assertEquals(
        new BrokerOptions("0.0.0.0", 5672, true, dir, null, Map.of("guest", "secret"), 8), o);
    BrokerOptions plain = BrokerOptions.on("127.0.0.1", 0);
    assertFalse(plain.persistent());
    assertNull(plain.users());
    assertEquals(0, plain.threads());
  }

  @Test
  void usersAreCopiedAndTheirPasswordsNeverShown() {
    Map<String, String> users = new HashMap<>(Map.of("guest", "s3cret-pw"));
    BrokerOptions o = BrokerOptions.on("127.0.0.1", 0).withLogins(users);
    users.put("late", "other");
    assertEquals(Map.of("guest", "s3cret-pw"), o.users());
    assertTrue(o.toString().contains("guest"), o.toString());
    assertFalse(o.toString().contains("s3cret-pw"), o.toString());
  }

  @Test
  void portsAndThreadsOutOfRangeAreRefusedNamingTheOption() {
    UsageException port =
        assertThrows(UsageException.class, () -> BrokerOptions.on("127.0.0.1", 65536));
    assertEquals("--port: 65536 is out of range; use 0 to 65535", port.getMessage());
    UsageException threads =
        assertThrows(UsageException.class, () -> BrokerOptions.on("127.0.0.1", 0).withThreads(-1));
    assertEquals("--threads: -1 is out of range; use 1 to 1024", threads.getMessage());
  }
}
