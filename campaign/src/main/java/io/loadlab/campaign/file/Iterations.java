package io.loadlab.campaign.file;

/**
 * How many times each cell runs: {@code min} times, then more (up to {@code max}) while the
 * coefficient of variation of the step's first figure stays above {@code untilCvPct}, as the
 * Phoronix Test Suite's dynamic run count does. A fixed count has {@code min == max}.
 */
public record Iterations(int min, int max, double untilCvPct) {
  /** A fixed number of iterations. */
  public static Iterations fixed(int n) {
    return new Iterations(n, n, Double.NaN);
  }

  public boolean adaptive() {
    return max > min && !Double.isNaN(untilCvPct);
  }

  /** For plans and the manifest: {@code 9} or {@code 3..15 until CV <= 3.5%}. */
  public String describe() {
    return adaptive() ? min + ".." + max + " until CV <= " + untilCvPct + "%" : String.valueOf(min);
  }
}
