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
}
