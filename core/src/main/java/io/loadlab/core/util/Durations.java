package io.loadlab.core.util;

import io.loadlab.core.failure.UsageException;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses and prints durations as users write them: {@code 500ms}, {@code 60s}, {@code 15m}, {@code
 * 1h}.
 */
public final class Durations {
  private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?");

  /** The longest duration accepted: a year. */
  private static final double MAX_MILLIS = 365d * 24 * 3_600_000;

  private Durations() {}

  /**
   * Parses {@code text}; a bare number means seconds.
   *
   * @param option the option or field name, for the error message
   * @throws UsageException if the text is not a non-negative duration
   */
  public static Duration parse(String option, String text) {
    Matcher m = FORMAT.matcher(text == null ? "" : text.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new UsageException(
          option
              + ": '"
              + Texts.cut(text)
              + "' is not a duration; use a number with ms, s, m or h, e.g. 60s"
              + Numerals.digitsHint(text));
    }
    double value = Double.parseDouble(m.group(1));
    String unit = m.group(2) == null ? "s" : m.group(2);
    double millis =
        switch (unit) {
          case "ms" -> value;
          case "s" -> value * 1_000;
          case "m" -> value * 60_000;
          default -> value * 3_600_000;
        };
    if (millis > MAX_MILLIS) {
      throw new UsageException(
          option + ": '" + Texts.cut(text) + "' is too long; use at most 8760h (a year)");
    }
    return Duration.ofNanos(Math.round(millis * 1_000_000));
  }

  /**
   * Prints a duration in the shortest unit that keeps it exact, e.g. {@code 90s} or {@code 15m}.
   */
  public static String format(Duration d) {
    long ms = d.toMillis();
    if (ms % 3_600_000 == 0 && ms > 0) {
      return ms / 3_600_000 + "h";
    }
    if (ms % 60_000 == 0 && ms > 0) {
      return ms / 60_000 + "m";
    }
    if (ms % 1_000 == 0) {
      return ms / 1_000 + "s";
    }
    return ms + "ms";
  }
}
