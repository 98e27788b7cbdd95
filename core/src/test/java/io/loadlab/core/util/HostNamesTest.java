package io.loadlab.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import org.junit.jupiter.api.Test;

class HostNamesTest {
  @Test
  void namesAndAddressesPass() {
    for (String ok :
        new String[] {
          "localhost",
          "db1.lab",
          "my_db",
          "10.0.0.2",
          "::1",
          "[fd00::2]",
          "fe80::1%1",
          "a.b.",
          "x-1"
        }) {
      assertEquals(ok, HostNames.check("--host", " " + ok + " "));
    }
  }

  @Test
  void whatCannotBeAHostIsRefusedAndCut() {
    for (String bad : new String[] {"bad host", "a..b", "-a", "h!", "a:b", "[::1]x", "gg::1", ""}) {
      UsageException e = assertThrows(UsageException.class, () -> HostNames.check("--host", bad));
      assertTrue(e.getMessage().startsWith("--host: "), e.getMessage());
    }
    String label = "a".repeat(64) + ".lab";
    assertThrows(UsageException.class, () -> HostNames.check("--host", label));
    String longName = "a".repeat(100_000);
    String m =
        assertThrows(UsageException.class, () -> HostNames.check("--host", longName)).getMessage();
    assertTrue(m.contains("is too long for a host name (100000 characters; at most 253)"), m);
    assertTrue(m.length() < 200, m);
  }
}
