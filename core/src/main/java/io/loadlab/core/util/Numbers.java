package io.loadlab.core.util;

import java.util.Locale;

/** Numbers printed for people: as many decimals as make sense, whole counts without any. */
public final class Numbers {
  private Numbers() {}

  /**
   * The one rule for a number in every report and message people read: whole numbers and values
   * from 1000 up grouped without decimals ({@code 1,235}, {@code 56,380}), anything else to four
   * significant digits without trailing zeros ({@code 15.5}, {@code 118.7}, {@code 0.03394}); NaN
   * is {@code —}. No exponent for everyday values.
   */
  public static String format(double v) {
    if (Double.isNaN(v)) {
      return "—";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "∞" : "-∞";
    }
    if (v == 0) {
      return "0";
    }
    if (Math.abs(v) >= 1000 || v == Math.rint(v)) {
      return String.format(Locale.ROOT, "%,.0f", v);
    }
    java.math.BigDecimal four =
        new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros();
    if (four.abs().compareTo(java.math.BigDecimal.valueOf(1000)) >= 0) {
      return String.format(Locale.ROOT, "%,.0f", four.doubleValue());
    }
    return four.toPlainString();
  }

  /**
   * A value as a user would type it back in an option (bad-input messages): whole numbers without
   * grouping ({@code 1000000}), anything else as {@link #format}.
   */
  public static String typed(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return format(v);
  }

  /**
   * A measured value beside its limit in a verdict ({@code 1,000.4 µs > 1,000 µs}): as {@link
   * #format}, but from 1000 up one decimal is kept so the value can be told from a round limit.
   */
  public static String verdict(double v) {
    if (Math.abs(v) >= 1000 && v != Math.rint(v) && Double.isFinite(v)) {
      return String.format(Locale.ROOT, "%,.1f", v);
    }
    return format(v);
  }

  /**
   * A share in percent ({@code 0.9498} → {@code 94.98}) with as many decimals as it takes to tell
   * it from {@code limit}'s (so a verdict against the limit can be read from the two), at most
   * four.
   */
  public static String percentBeside(double share, double limit) {
    double a = 100 * share;
    double b = 100 * limit;
    for (int digits = 0; ; digits++) {
      String text = String.format(Locale.ROOT, "%." + digits + "f", a);
      if (digits == 4
          || a == b
          || !text.equals(String.format(Locale.ROOT, "%." + digits + "f", b))) {
        return text;
      }
    }
  }

  /**
   * A share in percent without trailing zeros ({@code 0.95} → {@code 95}, {@code 0.995} → {@code
   * 99.5}).
   */
  public static String percent(double share) {
    return java.math.BigDecimal.valueOf(100 * share)
        .setScale(4, java.math.RoundingMode.HALF_UP)
        .stripTrailingZeros()
        .toPlainString();
  }
}
