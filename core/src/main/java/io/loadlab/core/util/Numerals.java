package io.loadlab.core.util;

import io.loadlab.core.failure.UsageException;
import java.util.regex.Pattern;

/**
 * Parses numbers as users type them, with ASCII digits only. The JDK's {@code Integer.parseInt}
 * also takes other scripts' digits ({@code ١٠} is 10) and {@code Double.parseDouble} takes {@code
 * NaN}, {@code 0x1p3} and {@code 5d}: a value that looks like something else must not quietly run
 * as a number.
 */
public final class Numerals {
  private static final Pattern WHOLE = Pattern.compile("[+-]?[0-9]+");
  private static final Pattern DECIMAL =
      Pattern.compile("[+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]{1,4})?");

  private Numerals() {}

  /**
   * Parses a whole number in {@code [min, max]}.
   *
   * @param option the option or field, for the message
   * @throws UsageException naming the option and the fix
   */
  public static long parseLong(String option, String text, long min, long max) {
    String t = text == null ? "" : text.trim();
    if (!WHOLE.matcher(t).matches()) {
      throw new UsageException(
          option + ": '" + Texts.cut(text) + "' is not a whole number" + digitsHint(text));
    }
    long v;
    try {
      v = Long.parseLong(t);
    } catch (NumberFormatException e) {
      throw new UsageException(
          option + ": '" + Texts.cut(text) + "' is too large; " + range(min, max));
    }
    if (v < min || v > max) {
      throw new UsageException(option + ": " + v + " is out of range; " + range(min, max));
    }
    return v;
  }

  /**
   * Parses a decimal number ({@code 1500}, {@code 0.5}, {@code 2e6}) in {@code [min, max]}.
   *
   * @param what what the number is, for the message, e.g. {@code "a rate"}
   * @param example a value the message suggests, e.g. {@code "5000"}
   * @throws UsageException naming the option and the fix
   */
  public static double parseDecimal(
      String option, String text, double min, double max, String what, String example) {
    String t = text == null ? "" : text.trim();
    if (!DECIMAL.matcher(t).matches()) {
      throw new UsageException(
          option
              + ": '"
              + Texts.cut(text)
              + "' is not "
              + what
              + "; use a number such as "
              + example
              + digitsHint(text));
    }
    double v = Double.parseDouble(t);
    if (Double.isInfinite(v) || v > max) {
      throw new UsageException(
          option
              + ": '"
              + Texts.cut(text)
              + "' is too large"
              + (max < 1e15 ? "; use at most " + Numbers.typed(max) : ""));
    }
    if (v < min) {
      throw new UsageException(
          option
              + ": '"
              + Texts.cut(text)
              + "' is too small"
              + (min > -1e15 ? "; use " + Numbers.typed(min) + " or more" : ""));
    }
    return v;
  }

  /**
   * A hint for a value written with another script's digits ({@code ١٠}, {@code ５}), else empty:
   * appended to a "not a number" message so the user sees why.
   */
  public static String digitsHint(String text) {
    if (text != null
        && text.codePoints().anyMatch(c -> Character.isDigit(c) && (c < '0' || c > '9'))) {
      return " (digits other than 0-9; write the number with 0-9)";
    }
    return "";
  }

  private static String range(long min, long max) {
    if (min <= Integer.MIN_VALUE) {
      return "use at most " + max;
    }
    if (max == Long.MAX_VALUE) {
      return "use " + min + " or more";
    }
    return "use a number from " + min + " to " + max;
  }
}
