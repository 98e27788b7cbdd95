package io.loadlab.core.export;

import io.loadlab.core.results.RateCheck;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.util.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The rate checks of a paced run as people read them, one line each, such as {@code rr users=10:
 * 1,325 of 5,000 tx/s (26%): NOT HELD (95% needed)}: the same words in the console and the Markdown
 * summary. The achieved share has the decimals that explain the verdict ({@code 94.98%}).
 */
public final class RateCheckText {
  private RateCheckText() {}

  /** One line per rate check; none for a run without a target rate. */
  public static List<String> lines(RunResult result) {
    List<String> lines = new ArrayList<>();
    if (result.rateChecks() == null) {
      return lines;
    }
    for (RateCheck c : result.rateChecks()) {
      lines.add(line(c));
    }
    return lines;
  }

  /** One rate check as a line. */
  public static String line(RateCheck c) {
    return String.format(
        Locale.ROOT,
        "%s: %s of %s %s (%s%%): %s (%s%% needed)",
        c.operation(),
        Numbers.grouped(c.achievedPerSec()),
        Numbers.grouped(c.targetPerSec()),
        c.unit(),
        achievedPercent(c),
        c.held() ? "held" : "NOT HELD",
        neededPercent(c));
  }

  /**
   * The share of the target achieved, in percent, with as many decimals as it takes to tell it from
   * the share needed ({@code 94.98} beside {@code 95}, not {@code 95}), at most four.
   */
  public static String achievedPercent(RateCheck c) {
    double achieved = 100 * c.ratio();
    double needed = 100 * c.tolerance();
    for (int digits = 0; ; digits++) {
      String a = fixed(achieved, digits);
      if (digits == 4 || achieved == needed || !a.equals(fixed(needed, digits))) {
        return a;
      }
    }
  }

  /**
   * The share of the target needed, in percent, without trailing zeros ({@code 95}, {@code 99.5}).
   */
  public static String neededPercent(RateCheck c) {
    return java.math.BigDecimal.valueOf(100 * c.tolerance())
        .setScale(4, java.math.RoundingMode.HALF_UP)
        .stripTrailingZeros()
        .toPlainString();
  }

  private static String fixed(double v, int digits) {
    return String.format(Locale.ROOT, "%." + digits + "f", v);
  }
}
