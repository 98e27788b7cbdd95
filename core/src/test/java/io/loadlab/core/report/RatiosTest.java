package io.loadlab.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Ratios as the reports print them: two decimals, or the real digits of one that rounds to 0. */
class RatiosTest {
  @Test
  void aRatioThatRoundsToZeroKeepsTwoSignificantDigits() {
    assertEquals("1.25×", Ratios.times(1.2499));
    assertEquals("0.01×", Ratios.times(0.005));
    assertEquals("0.0042×", Ratios.times(0.0042));
    assertEquals("0.0042×", Ratios.times(0.004213));
    assertEquals("0.00001×", Ratios.times(0.00001));
    assertEquals("-0.0042×", Ratios.times(-0.0042));
    assertEquals("0.00×", Ratios.times(0));
    assertEquals("NaN×", Ratios.times(Double.NaN));
  }
}
