package io.loadlab.core.report;

import io.loadlab.core.util.Numbers;
import java.util.Arrays;
import java.util.Locale;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Variance;
import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.TTest;

/**
 * Whether a configuration differs from the baseline beyond run-to-run noise: Welch's t-test
 * (two-sided, unequal variances; Apache Commons Statistics) on the iterations' values, at the 5%
 * level. With fewer than two runs on either side no test is possible, and the verdict says so.
 *
 * @param text the verdict in words, such as {@code p50 2.40× lower (p < 0.01, 9 vs 9 runs)}
 * @param pValue the test's p-value, or NaN where no test was possible
 * @param significant true if {@code pValue < 0.05}
 */
public record Significance(String text, double pValue, boolean significant) {
  /** The level below which a difference is called significant. */
  public static final double ALPHA = 0.05;

  /**
   * Compares {@code values} with {@code baseline}.
   *
   * @param what the metric's short name, such as {@code p50}
   * @param higherIsBetter for the words: a higher rate is better, a higher latency worse
   */
  public static Significance of(
      String what, double[] baseline, double[] values, boolean higherIsBetter) {
    double[] a = finite(baseline);
    double[] b = finite(values);
    String runs = a.length + " vs " + b.length + " runs";
    if (a.length == 0 || b.length == 0) {
      return new Significance(what + ": not measured in both", Double.NaN, false);
    }
    double meanA = mean(a);
    double meanB = mean(b);
    String change = change(what, meanA, meanB);
    if (a.length < 2 || b.length < 2) {
      return new Significance(
          change + " (" + runs + ": no significance test without two runs on each side)",
          Double.NaN,
          false);
    }
    double p;
    if (variance(a) == 0 && variance(b) == 0) {
      p = meanA == meanB ? 1 : 0;
    } else {
      p = TTest.withDefaults().with(DataDispersion.HETEROSCEDASTIC).test(a, b).getPValue();
    }
    if (!(p < ALPHA)) {
      return new Significance(
          what + ": no significant difference (" + pText(p) + ", " + runs + ")", p, false);
    }
    return new Significance(change + " (" + pText(p) + ", " + runs + ")", p, true);
  }

  private static String change(String what, double base, double value) {
    if (base == 0 || value == 0) {
      return what + " " + Numbers.format(base) + " → " + Numbers.format(value);
    }
    double ratio = value / base;
    if (ratio >= 1) {
      return what + " " + String.format(Locale.ROOT, "%.2f×", ratio) + " higher";
    }
    return what + " " + String.format(Locale.ROOT, "%.2f×", 1 / ratio) + " lower";
  }

  /** A p-value as people read it: {@code p < 0.001}, {@code p < 0.01}, {@code p = 0.03}. */
  static String pText(double p) {
    if (p < 0.001) {
      return "p < 0.001";
    }
    if (p < 0.01) {
      return "p < 0.01";
    }
    return String.format(Locale.ROOT, "p = %.2f", p);
  }

  private static double[] finite(double[] v) {
    return Arrays.stream(v).filter(Double::isFinite).toArray();
  }

  /** The mean, NaN for none. */
  public static double mean(double[] v) {
    return Mean.of(v).getAsDouble();
  }

  /** The sample variance, 0 for fewer than two. */
  public static double variance(double[] v) {
    return v.length < 2 ? 0 : Variance.of(v).getAsDouble();
  }
}
