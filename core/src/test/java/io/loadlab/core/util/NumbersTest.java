package io.loadlab.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class NumbersTest {
  @Test
  void oneRuleForEveryReport() {
    assertEquals("15.5", Numbers.format(15.5));
    assertEquals("118.7", Numbers.format(118.7));
    assertEquals("1,235", Numbers.format(1234.5));
    assertEquals("56,380", Numbers.format(56380));
    assertEquals("0.03394", Numbers.format(0.033939));
    assertEquals("0.061", Numbers.format(0.061));
    assertEquals("2.6", Numbers.format(2.6));
    assertEquals("-4.25", Numbers.format(-4.25));
    assertEquals("0", Numbers.format(0));
    assertEquals("—", Numbers.format(Double.NaN));
  }

  @Test
  void roundingUpToAThousandGroupsToo() {
    assertEquals("1,000", Numbers.format(999.96));
  }

  @Test
  void typedValuesAreNotGrouped() {
    assertEquals("1000000", Numbers.typed(1_000_000));
    assertEquals("0.5", Numbers.typed(0.5));
  }

  @Test
  void aVerdictKeepsADecimalBesideARoundLimit() {
    assertEquals("1,000.4", Numbers.verdict(1000.4));
    assertEquals("1,000", Numbers.verdict(1000));
    assertEquals("99.5", Numbers.verdict(99.5));
  }
}
