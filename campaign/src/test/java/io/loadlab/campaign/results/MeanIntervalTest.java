package io.loadlab.campaign.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MeanIntervalTest {
  private static MeanInterval of(double... v) {
    return MeanInterval.of(v).orElseThrow();
  }

  @Test
  void oneRunHasNoInterval() {
    assertTrue(MeanInterval.of(new double[] {7}).isEmpty());
    assertTrue(MeanInterval.of(new double[0]).isEmpty());
  }

  @Test
  void twoRunsGiveTheirRange() {
    // Resample means of {a, b}: a, (a+b)/2 or b; the 2.5th and 97.5th percentiles are a and b.
    MeanInterval i = of(10, 20);
    assertEquals(MeanInterval.BOOTSTRAP, i.method());
    assertEquals(10, i.low(), 1e-9);
    assertEquals(20, i.high(), 1e-9);
  }

  @Test
  void aNoisyNonNegativeFigureStaysBetweenItsLowestAndHighestRun() {
    // p99 of 2, 3 and 400 µs: Student's t would start near -435.
    double[] v = {2, 3, 400};
    assertTrue(MeanInterval.studentT(v).low() < -400, "t reaches below zero");
    MeanInterval i = of(v);
    assertEquals(MeanInterval.BOOTSTRAP, i.method());
    // Of the 27 equally likely resamples, one is all 2s and one all 400s: 3.7% each, more than
    // the 2.5% in each tail, so three runs give their own range, no more.
    assertEquals(2, i.low(), 1e-9);
    assertEquals(400, i.high(), 1e-9);
    assertTrue(i.low() <= 135 && 135 <= i.high(), "covers the mean");
  }

  @Test
  void neverBelowTheLowestNorAboveTheHighestAndAlwaysCoversTheMean() {
    SplittableRandom random = new SplittableRandom(1);
    for (int trial = 0; trial < 200; trial++) {
      int n = 2 + random.nextInt(20);
      double[] v = new double[n];
      for (int k = 0; k < n; k++) {
        // Skewed, as latencies are: mostly small, now and then a large one.
        v[k] = random.nextDouble() < 0.15 ? 1e4 * random.nextDouble() : random.nextDouble();
      }
      MeanInterval i = of(v);
      double min = Arrays.stream(v).min().getAsDouble();
      double max = Arrays.stream(v).max().getAsDouble();
      double mean = Arrays.stream(v).average().getAsDouble();
      String data = Arrays.toString(v) + " → " + i;
      assertTrue(i.low() >= min, data);
      assertTrue(i.high() <= max, data);
      assertTrue(i.low() <= mean && mean <= i.high(), data);
      assertTrue(i.low() < i.high(), data);
    }
  }

  @Test
  void reproducibleFromTheSameRuns() {
    double[] v = {5.1, 4.7, 9.8, 5.0, 5.3};
    assertEquals(of(v), of(v));
    assertEquals(of(v), of(v.clone()));
    // A different seed gives a (slightly) different interval: the seed, not luck, fixes it.
    MeanInterval other = MeanInterval.bootstrap(v, MeanInterval.RESAMPLES, 1);
    assertTrue(!of(v).equals(other), other.toString());
  }

  @Test
  void tenRunsGiveAnIntervalNarrowerThanTheirRange() {
    // 1..10: mean 5.5, standard error 0.96; the percentile interval is about 5.5 ± 1.9.
    MeanInterval i = of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    assertTrue(i.low() > 3.2 && i.low() < 4, i.toString());
    assertTrue(i.high() > 7 && i.high() < 7.8, i.toString());
  }

  @Test
  void equalRunsGiveAPoint() {
    MeanInterval i = of(3, 3, 3);
    assertEquals(3, i.low());
    assertEquals(3, i.high());
  }

  @Test
  void aFigureWithANegativeRunKeepsStudentsT() {
    assertEquals(MeanInterval.BOOTSTRAP, of(4, 1, 3, 2).method());
    MeanInterval i = of(-4, -1, -3, -2);
    assertEquals(MeanInterval.T, i.method());
    // t(0.975, 3) = 3.182446; sd 1.2909944; half width = t * sd / sqrt(4) = 2.0542603
    assertEquals(-2.5 - 2.0542603, i.low(), 1e-6);
    assertEquals(-2.5 + 2.0542603, i.high(), 1e-6);
    assertEquals(MeanInterval.T, of(-5, 1, 30).method());
  }
}
