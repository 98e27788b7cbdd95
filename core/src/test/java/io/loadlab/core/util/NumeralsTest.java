package io.loadlab.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import org.junit.jupiter.api.Test;

class NumeralsTest {
  private static String refused(Runnable r) {
    return assertThrows(UsageException.class, r::run).getMessage();
  }

  @Test
  void wholeNumbersTakeAsciiDigitsOnly() {
    assertEquals(10, Numerals.parseLong("--users", " 10 ", 1, 100));
    assertEquals(-3, Numerals.parseLong("--x", "-3", -5, 5));
    String arabic = refused(() -> Numerals.parseLong("--users", "١٠", 1, 100));
    assertEquals(
        "--users: '١٠' is not a whole number (digits other than 0-9; write the number with 0-9)",
        arabic);
    String fullWidth = refused(() -> Sizes.parseInt("--port", "５", 1, 65535));
    assertTrue(fullWidth.contains("0-9"), fullWidth);
    assertEquals(
        "--n: 'abc' is not a whole number", refused(() -> Numerals.parseLong("--n", "abc", 0, 9)));
  }

  @Test
  void outOfRangeSaysTheRangeAndATooLargeNumberIsCut() {
    assertEquals(
        "--port: 70000 is out of range; use a number from 1 to 65535",
        refused(() -> Numerals.parseLong("--port", "70000", 1, 65535)));
    String huge = refused(() -> Numerals.parseLong("--count", "9".repeat(500), 1, Long.MAX_VALUE));
    assertTrue(huge.contains("is too large; use 1 or more"), huge);
    assertTrue(huge.contains("(500 characters)") && huge.length() < 150, huge);
  }

  @Test
  void decimalsRefuseWhatDoubleParsingWouldTake() {
    assertEquals(2500, Numerals.parseDecimal("--rate", "2500", 0, 1e9, "a rate", "5000"));
    assertEquals(0.5, Numerals.parseDecimal("--rate", ".5", 0, 1e9, "a rate", "5000"));
    assertEquals(1e6, Numerals.parseDecimal("--rate", "1e6", 0, 1e9, "a rate", "5000"));
    for (String bad : new String[] {"NaN", "Infinity", "5d", "0x1p3", "1,5", "١٠", ""}) {
      String m = refused(() -> Numerals.parseDecimal("--rate", bad, 0, 1e9, "a rate", "5000"));
      assertTrue(m.startsWith("--rate: '" + bad + "' is not a rate; use a number such as 5000"), m);
    }
    assertTrue(
        refused(() -> Numerals.parseDecimal("--rate", "1e999", 0, 1e9, "a rate", "5"))
            .contains("is too large"));
    assertTrue(
        refused(() -> Numerals.parseDecimal("--rate", "-1", 0, 1e9, "a rate", "5"))
            .contains("is too small; use 0 or more"));
  }
}
