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
 * summary.
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
        "%s: %s of %s %s (%d%%): %s (%d%% needed)",
        c.operation(),
        Numbers.grouped(c.achievedPerSec()),
        Numbers.grouped(c.targetPerSec()),
        c.unit(),
        Math.round(100 * c.ratio()),
        c.held() ? "held" : "NOT HELD",
        Math.round(100 * c.tolerance()));
  }
}
