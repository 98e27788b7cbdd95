package io.loadlab.core.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.loadlab.core.results.RateCheck;
import org.junit.jupiter.api.Test;

/** A rate check's line shows the digits that explain its verdict. */
class RateCheckTextTest {
  @Test
  void justBelowTheNeededShareShowsTheDecimalsThatMakeItFail() {
    RateCheck c = new RateCheck("publish size=64", "msg/s", 5000, 4749, 0.95, false);
    assertEquals(
        "publish size=64: 4,749 of 5,000 msg/s (94.98%): NOT HELD (95% needed)",
        RateCheckText.line(c));
  }

  @Test
  void aShareFarFromTheNeededOneStaysWhole() {
    RateCheck c = new RateCheck("rr users=10", "tx/s", 5000, 1325, 0.95, false);
    assertEquals(
        "rr users=10: 1,325 of 5,000 tx/s (27%): NOT HELD (95% needed)", RateCheckText.line(c));
    RateCheck exact = new RateCheck("rr users=1", "tx/s", 1000, 950, 0.95, true);
    assertEquals("95", RateCheckText.achievedPercent(exact));
    RateCheck above = new RateCheck("rr users=1", "tx/s", 10000, 9502, 0.95, true);
    assertEquals("95.02", RateCheckText.achievedPercent(above));
    RateCheck half = new RateCheck("rr users=1", "tx/s", 1000, 990, 0.995, false);
    assertEquals("99.5", RateCheckText.neededPercent(half));
    assertEquals("99", RateCheckText.achievedPercent(half));
  }
}
