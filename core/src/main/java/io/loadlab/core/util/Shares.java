package io.loadlab.core.util;

import io.loadlab.core.failure.UsageException;

/** Shares of a whole, written as a percentage ({@code 95%}) or a fraction ({@code 0.95}). */
public final class Shares {
  private Shares() {}

  /**
   * Parses a share greater than 0 and at most 1 (100%).
   *
   * @param option the option or field, for the message
   * @throws UsageException naming the option and the fix
   */
  public static double parse(String option, String text) {
    String t = text.trim();
    boolean percent = t.endsWith("%");
    if (percent) {
      t = t.substring(0, t.length() - 1).trim();
    }
    double value;
    if (!t.matches("[0-9]+(\\.[0-9]+)?|\\.[0-9]+")) {
      throw new UsageException(
          option
              + ": '"
              + Texts.cut(text)
              + "' is not a share; use a percentage such as 95% or a"
              + " fraction such as 0.95"
              + Numerals.digitsHint(text));
    }
    value = Double.parseDouble(t);
    if (percent) {
      value /= 100;
    }
    if (value <= 0 || value > 1) {
      throw new UsageException(
          option + ": " + Texts.cut(text) + " is out of range; use more than 0% and at most 100%");
    }
    return value;
  }
}
