package io.loadlab.core.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.AtomicHistogram;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

public class LatencySummaryTest {
  private static final long HOUR = TimeUnit.HOURS.toNanos(1);

  /** The summary as HdrHistogram's own methods give it, one call per figure. */
  public static LatencySummary reference(Histogram h) {
    if (h.getTotalCount() == 0) {
      return LatencySummary.EMPTY;
    }
    return new LatencySummary(
        us(h.getMinValue()),
        Math.round(h.getMean() / 1_000.0 * 1_000.0) / 1_000.0,
        us(h.getValueAtPercentile(50)),
        us(h.getValueAtPercentile(90)),
        us(h.getValueAtPercentile(99)),
        us(h.getValueAtPercentile(99.9)),
        us(h.getValueAtPercentile(99.99)),
        us(h.getMaxValue()));
  }

  private static double us(long nanos) {
    return Math.round(nanos / 1_000.0 * 1_000.0) / 1_000.0;
  }

  @Test
  void oneWalkGivesExactlyTheLibrarysFigures() {
    Random random = new Random(7);
    for (int round = 0; round < 300; round++) {
      // A recorder's interval histogram (fixed range) and a run's totals (resizing) alike.
      Histogram fixed = new AtomicHistogram(HOUR, 3);
      Histogram resizing = new Histogram(3);
      int samples = 1 + random.nextInt(round % 3 == 0 ? 20 : 20_000);
      double median = 8 + random.nextDouble() * 12; // e^8 ns (3 us) .. e^20 ns (8 min)
      double spread = random.nextDouble() * 2;
      for (int i = 0; i < samples; i++) {
        long v = (long) Math.exp(median + spread * random.nextGaussian());
        if (random.nextInt(1000) == 0) {
          v = random.nextInt(3) == 0 ? 0 : HOUR; // the clamped ends
        }
        v = Math.min(Math.max(v, 0), HOUR);
        long count = random.nextInt(50) == 0 ? 1 + random.nextInt(1_000_000) : 1;
        fixed.recordValueWithCount(v, count);
        resizing.recordValueWithCount(v, count);
      }
      assertEquals(reference(fixed), LatencySummary.ofNanos(fixed), "fixed range, round " + round);
      assertEquals(reference(resizing), LatencySummary.ofNanos(resizing), "resizing " + round);
    }
  }

  @Test
  void edgeCasesMatchTheLibrary() {
    Histogram h = new Histogram(HOUR, 3);
    assertSame(LatencySummary.EMPTY, LatencySummary.ofNanos(h));
    h.recordValue(0);
    assertEquals(reference(h), LatencySummary.ofNanos(h), "only zeros");
    h.recordValue(HOUR);
    assertEquals(reference(h), LatencySummary.ofNanos(h), "zero and an hour");
    Histogram one = new Histogram(HOUR, 3);
    one.recordValue(123_456_789);
    assertEquals(reference(one), LatencySummary.ofNanos(one), "a single value");
    Histogram ones = new Histogram(HOUR, 3);
    ones.recordValueWithCount(1, 10_000);
    assertEquals(reference(ones), LatencySummary.ofNanos(ones), "the lowest value only");
  }
}
