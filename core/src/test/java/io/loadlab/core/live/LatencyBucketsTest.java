package io.loadlab.core.live;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyBucketsTest {
  @Test
  void eachValueGoesToTheFirstBoundItDoesNotExceed() {
    Histogram h = new Histogram(3_600_000_000_000L, 3);
    h.recordValueWithCount(5_000, 3); // 5 µs: the first bucket (<= 10 µs)
    h.recordValue(9_990); // 9.99 µs: still the first
    // Exactly 10 µs is read as its HdrHistogram bucket's highest value (10.007 µs), as the
    // percentiles read it: the next bucket.
    h.recordValue(10_000);
    h.recordValue(2_000_000); // 2 ms: <= 2.5 ms
    h.recordValue(20_000_000_000L); // 20 s: above the last bound
    long[] counts = LatencyBuckets.empty();
    double sum = LatencyBuckets.add(h, counts);
    long[] expected = LatencyBuckets.empty();
    expected[0] = 4;
    expected[1] = 1;
    expected[7] = 1;
    expected[expected.length - 1] = 1;
    assertArrayEquals(expected, counts);
    assertEquals(
        3 * 5e-6 + 9.99e-6 + 10e-6 + 2e-3 + 20, sum, 20 * 0.001, "sum of the values in seconds");
  }

  @Test
  void countsAddUpOverIntervals() {
    Histogram h = new Histogram(3_600_000_000_000L, 3);
    h.recordValue(300_000);
    long[] counts = LatencyBuckets.empty();
    LatencyBuckets.add(h, counts);
    LatencyBuckets.add(h, counts);
    assertEquals(2, counts[5], "300 µs twice, in the <= 500 µs bucket");
  }
}
