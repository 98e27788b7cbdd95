package io.loadlab.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class NumbersTest {
  @Test
  void significantKeepsFourDigitsAndGroupsLargeValues() {
    assertEquals("15.50", Numbers.significant(15.5));
    assertEquals("118.7", Numbers.significant(118.7));
    assertEquals("1,235", Numbers.significant(1234.5));
    assertEquals("0.03394", Numbers.significant(0.033939));
    assertEquals("0", Numbers.significant(0));
    assertEquals("—", Numbers.significant(Double.NaN));
  }
}
