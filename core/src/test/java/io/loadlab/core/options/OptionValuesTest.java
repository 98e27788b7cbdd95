package io.loadlab.core.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.options.OptionSpec.Type;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OptionValuesTest {
  private static final OptionTable TABLE =
      OptionTable.of(
          OptionSpec.value("pause", "TIME", Type.DURATION, "each pause").defaultValue("100ms"),
          OptionSpec.value("users", "N", Type.NUMBER, "users").defaultValue("1").range(1, 10),
          OptionSpec.flag("quiet", "say less"));

  @Test
  void valuesAreReadThroughTheirDescriptionsWithDefaults() {
    OptionValues v = OptionValues.parse(TABLE, "--pause 20ms --quiet --users=3");
    assertEquals(Duration.ofMillis(20), v.duration("pause"));
    assertEquals(3, v.number("users", 0));
    assertTrue(v.flag("quiet"));
    OptionValues none = OptionValues.parse(TABLE, "  ");
    assertEquals(Duration.ofMillis(100), none.duration("pause"));
    assertEquals(1, none.number("users", 0));
    assertFalse(none.flag("quiet"));
    OptionValues given = OptionValues.of(TABLE, Map.of("pause", List.of("1s")));
    assertEquals(Duration.ofSeconds(1), given.duration("pause"));
  }

  @Test
  void badInputNamesTheOption() {
    assertTrue(
        assertThrows(UsageException.class, () -> OptionValues.parse(TABLE, "--nap 1s"))
            .getMessage()
            .startsWith("unknown option --nap; it takes --pause, --users, --quiet"));
    assertTrue(
        assertThrows(UsageException.class, () -> OptionValues.parse(TABLE, "--pause"))
            .getMessage()
            .startsWith("--pause: a value is needed"));
    assertTrue(
        assertThrows(
                UsageException.class,
                () -> OptionValues.parse(TABLE, "--users 11").number("users", 0))
            .getMessage()
            .startsWith("--users"));
    assertTrue(
        assertThrows(UsageException.class, () -> OptionValues.parse(TABLE, "pause"))
            .getMessage()
            .contains("options start with --"));
  }
}
