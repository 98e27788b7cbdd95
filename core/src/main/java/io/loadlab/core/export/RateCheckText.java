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
        Numbers.format(c.achievedPerSec()),
        Numbers.format(c.targetPerSec()),
        c.unit(),
        achievedPercent(c),
        c.held() ? "held" : "NOT HELD",
        neededPercent(c));
  }

  /** The share of the target achieved, in percent, with the decimals that explain the verdict. */
  public static String achievedPercent(RateCheck c) {
    return Numbers.percentBeside(c.ratio(), c.tolerance());
  }

  /** The share of the target needed, in percent ({@code 95}, {@code 99.5}). */
  public static String neededPercent(RateCheck c) {
    return Numbers.percent(c.tolerance());
  }
}
