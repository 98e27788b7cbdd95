package io.loadlab.core.util;

import io.loadlab.core.failure.UsageException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses sizes and lists of numbers as users write them: {@code 1024}, {@code 32K}, {@code 20MB},
 * {@code 1,10,20,50}. Units are binary (K = 1024; K, M, G and T).
 */
public final class Sizes {
  private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([kmgt]i?b?|b)?");

  private Sizes() {}

  /** Parses one size in bytes. */
  public static long parseBytes(String option, String text) {
    Matcher m = SIZE.matcher(text == null ? "" : text.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new UsageException(
          option
              + ": '"
              + Texts.cut(text)
              + "' is not a size; use a whole number of bytes, e.g. 1024 or 32K"
              + Numerals.digitsHint(text));
    }
    long value;
    try {
      value = Long.parseLong(m.group(1));
    } catch (NumberFormatException e) {
      throw new UsageException(option + ": '" + Texts.cut(text) + "' is too large");
    }
    String unit = m.group(2) == null ? "b" : m.group(2);
    long factor =
        switch (unit.charAt(0)) {
          case 'k' -> 1L << 10;
          case 'm' -> 1L << 20;
          case 'g' -> 1L << 30;
          case 't' -> 1L << 40;
          default -> 1;
        };
    if (value > Long.MAX_VALUE / factor) {
      throw new UsageException(option + ": '" + Texts.cut(text) + "' is too large");
    }
    return value * factor;
  }

  /** Parses a comma-separated list of sizes, each at least {@code min}. */
  public static List<Long> parseBytesList(String option, String text, long min) {
    List<Long> values = new ArrayList<>();
    for (String part : splitList(option, text)) {
      long v = parseBytes(option, part);
      if (v < min) {
        throw new UsageException(option + ": " + v + " is too small; the least is " + min);
      }
      values.add(v);
    }
    return values;
  }

  /** Parses a comma-separated list of whole numbers, each in {@code [min, max]}. */
  public static List<Integer> parseIntList(String option, String text, int min, int max) {
    List<Integer> values = new ArrayList<>();
    for (String part : splitList(option, text)) {
      values.add(parseInt(option, part, min, max));
    }
    return values;
  }

  /** Parses one whole number in {@code [min, max]}. */
  public static int parseInt(String option, String text, int min, int max) {
    return (int) Numerals.parseLong(option, text, min, max);
  }

  private static List<String> splitList(String option, String text) {
    if (text == null || text.isBlank()) {
      throw new UsageException(option + ": a value is needed, e.g. 1,10,20");
    }
    List<String> parts = new ArrayList<>();
    for (String part : text.split(",")) {
      if (part.isBlank()) {
        throw new UsageException(
            option + ": '" + Texts.cut(text) + "' has an empty item; use e.g. 1,10,20");
      }
      parts.add(part.trim());
    }
    return parts;
  }

  /** Prints a byte count compactly: 64, 1K, 32K, 20M. */
  public static String format(long bytes) {
    if (bytes >= 1L << 30 && bytes % (1L << 30) == 0) {
      return bytes / (1L << 30) + "G";
    }
    if (bytes >= 1L << 20 && bytes % (1L << 20) == 0) {
      return bytes / (1L << 20) + "M";
    }
    if (bytes >= 1L << 10 && bytes % (1L << 10) == 0) {
      return bytes / (1L << 10) + "K";
    }
    return Long.toString(bytes);
  }

  /**
   * A memory size for people, in binary units with a space: {@code 512 MiB}, {@code 2.5 GiB},
   * {@code 17.46 GiB} (at most two decimals, trailing zeros dropped; MiB below 1 GiB, KiB below 1
   * MiB).
   */
  public static String binary(long bytes) {
    if (bytes >= 1L << 30) {
      return decimals(bytes / (double) (1L << 30)) + " GiB";
    }
    if (bytes >= 1L << 20) {
      return decimals(bytes / (double) (1L << 20)) + " MiB";
    }
    if (bytes >= 1L << 10) {
      return decimals(bytes / (double) (1L << 10)) + " KiB";
    }
    return bytes + " B";
  }

  private static String decimals(double v) {
    return java.math.BigDecimal.valueOf(v)
        .setScale(2, java.math.RoundingMode.HALF_UP)
        .stripTrailingZeros()
        .toPlainString();
  }
}
