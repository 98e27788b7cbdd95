package io.loadlab.campaign.results;

import java.util.Arrays;
import java.util.Optional;
import java.util.SplittableRandom;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Quantile;
import org.apache.commons.statistics.descriptive.StandardDeviation;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The 95% interval of the mean of a few runs, as every report states it. A figure none of whose
 * runs is negative (a rate, a latency, a count) gets a bootstrap percentile interval: it stays
 * between the lowest and the highest run, where Student's t (symmetric, wide for few noisy runs)
 * would reach below zero. A figure with a negative run gets Student's t. The bootstrap's resamples
 * come from a fixed seed, so the same runs always give the same interval.
 *
 * @param low the interval's lower end
 * @param high the interval's upper end
 * @param method how it was computed: {@link #BOOTSTRAP} or {@link #T}
 */
public record MeanInterval(double low, double high, String method) {
  /** The method of a non-negative figure's interval. */
  public static final String BOOTSTRAP = "bootstrap percentile";

  /** The method of a signed figure's interval. */
  public static final String T = "t";

  /** How many resamples the bootstrap draws. */
  public static final int RESAMPLES = 10_000;

  /** The bootstrap's seed: fixed, so a report is reproducible. */
  static final long SEED = 0x10ad1ab27L;

  private static final double LEVEL = 0.95;

  /**
   * The 95% interval of the mean of {@code values}, by the rule above; empty for fewer than two
   * values (one run has no spread to speak of).
   */
  public static Optional<MeanInterval> of(double[] values) {
    if (values.length < 2) {
      return Optional.empty();
    }
    boolean nonNegative = Arrays.stream(values).allMatch(v -> v >= 0);
    return Optional.of(nonNegative ? bootstrap(values, RESAMPLES, SEED) : studentT(values));
  }

  /** Student's t interval of the mean, for two or more values. */
  static MeanInterval studentT(double[] values) {
    double mean = Mean.of(values).getAsDouble();
    double sd = StandardDeviation.of(values).getAsDouble();
    double t = TDistribution.of(values.length - 1).inverseCumulativeProbability(0.5 + LEVEL / 2);
    double half = t * sd / Math.sqrt(values.length);
    return new MeanInterval(mean - half, mean + half, T);
  }

  /**
   * The bootstrap percentile interval of the mean: the 2.5th and 97.5th percentiles of the means of
   * {@code resamples} resamples (drawn with replacement, as many as there are values). Each
   * resample's mean lies between the lowest and highest value, so the interval does too. Where the
   * percentiles of a very skewed sample would leave out the sample's own mean, the interval is
   * widened to include it.
   */
  static MeanInterval bootstrap(double[] values, int resamples, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int n = values.length;
    double[] means = new double[resamples];
    for (int r = 0; r < resamples; r++) {
      double sum = 0;
      for (int i = 0; i < n; i++) {
        sum += values[random.nextInt(n)];
      }
      means[r] = sum / n;
    }
    double tail = (1 - LEVEL) / 2;
    double[] ends = Quantile.withDefaults().evaluate(means, tail, 1 - tail);
    double mean = Mean.of(values).getAsDouble();
    double min = Arrays.stream(values).min().getAsDouble();
    double max = Arrays.stream(values).max().getAsDouble();
    // Rounding in the resamples' sums must not carry an end past the data.
    double low = Math.max(min, Math.min(ends[0], mean));
    double high = Math.min(max, Math.max(ends[1], mean));
    return new MeanInterval(low, high, BOOTSTRAP);
  }
}
