package io.loadlab.core.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/**
 * A ratio as reports print it: two decimals and {@code ×} ({@code 1.25×}), but a ratio that two
 * decimals would show as {@code 0.00×} (or {@code -0.00×}) with its first two significant digits
 * ({@code 0.0042×}), so that a tiny ratio never reads as none.
 */
public final class Ratios {
  private Ratios() {}

  /** {@code r} as {@code 1.25×}, or with its real digits where it rounds to zero. */
  public static String times(double r) {
    if (r == 0 || !Double.isFinite(r) || Math.abs(r) >= 0.005) {
      return String.format(Locale.ROOT, "%.2f×", r);
    }
    return new BigDecimal(r).round(new MathContext(2)).stripTrailingZeros().toPlainString() + "×";
  }
}
