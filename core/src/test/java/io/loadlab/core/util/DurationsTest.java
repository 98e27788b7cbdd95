package io.loadlab.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {
  @Test
  void parsesUnits() {
    assertEquals(Duration.ofMillis(500), Durations.parse("--x", "500ms"));
    assertEquals(Duration.ofSeconds(60), Durations.parse("--x", "60s"));
    assertEquals(Duration.ofSeconds(60), Durations.parse("--x", "60"));
    assertEquals(Duration.ofMinutes(15), Durations.parse("--x", "15m"));
    assertEquals(Duration.ofHours(1), Durations.parse("--x", "1h"));
    assertEquals(Duration.ofMillis(1500), Durations.parse("--x", "1.5s"));
  }

  @Test
  void rejectsNonsenseNamingTheOption() {
    UsageException e =
        assertThrows(UsageException.class, () -> Durations.parse("--duration", "10x"));
    assertTrue(e.getMessage().startsWith("--duration: '10x'"), e.getMessage());
    assertEquals(2, e.exitCode());
    assertThrows(UsageException.class, () -> Durations.parse("--duration", "-5s"));
  }

  @Test
  void formatsShortest() {
    assertEquals("15m", Durations.format(Duration.ofMinutes(15)));
    assertEquals("90s", Durations.format(Duration.ofSeconds(90)));
    assertEquals("250ms", Durations.format(Duration.ofMillis(250)));
  }
}
