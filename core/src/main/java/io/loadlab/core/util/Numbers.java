package io.loadlab.core.util;

import java.util.Locale;

/** Numbers printed for people: as many decimals as make sense, whole counts without any. */
public final class Numbers {
  private Numbers() {}

  /** A number with as many decimals as make sense for its size: 5178, 42.1, 0.37. */
  public static String compact(double v) {
    if (v == 0) {
      return "0";
    }
    double abs = Math.abs(v);
    if (abs >= 100) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    if (abs >= 10) {
      return String.format(Locale.ROOT, "%.1f", v);
    }
    return String.format(Locale.ROOT, "%.2f", v);
  }

  /** A figure: a whole number (a count) without decimals, anything else as {@link #compact}. */
  public static String figure(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return compact(v);
  }

  /**
   * A rate or count as people read it: whole numbers with thousands separators ({@code 1,325}),
   * values under 100 that are not whole with one decimal ({@code 87.3}).
   */
  public static String grouped(double v) {
    return Math.abs(v) >= 100 || v == Math.rint(v)
        ? String.format(java.util.Locale.ROOT, "%,d", Math.round(v))
        : String.format(java.util.Locale.ROOT, "%.1f", v);
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

  /**
   * A figure of a campaign's tables: four significant digits ({@code 15.50}, {@code 0.03394}),
   * whole numbers and values from 1000 up grouped without decimals ({@code 56,380}), no exponent
   * for everyday values; NaN is {@code —}.
   */
  public static String significant(double v) {
    if (v == 0 || Double.isNaN(v)) {
      return Double.isNaN(v) ? "—" : "0";
    }
    double a = Math.abs(v);
    if (a >= 1000 || v == Math.rint(v)) { // counts print as integers
      return String.format(Locale.ROOT, "%,.0f", v);
    }
    int decimals = Math.max(0, 3 - (int) Math.floor(Math.log10(a)));
    return String.format(Locale.ROOT, "%." + Math.min(decimals, 6) + "f", v);
  }
}
