package io.loadlab.core.ds2;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Numerals;
import io.loadlab.core.util.Texts;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A DS2 database size and the row counts it stands for. The standard sizes are 10MB (S), 1GB (M)
 * and 100GB (L); other sizes follow DS2's rule: 1..1023 MB scale S by size/10, exactly 1 GB is M,
 * 2..1023 GB scale L by size/100 (so 4GB has 8,000,000 customers, 400,000 orders a month and 40,000
 * products).
 *
 * @param name the size as written, such as {@code 10MB}
 * @param customers customers loaded (ids 1..customers)
 * @param ordersPerMonth orders loaded per month, for 12 months
 * @param products products (ids 1..products)
 */
public record Ds2Size(String name, int customers, int ordersPerMonth, int products) {
  private static final Pattern FORMAT = Pattern.compile("(\\d+)\\s*(MB|GB)");

  /** The smallest standard size. */
  public static final Ds2Size SMALL = new Ds2Size("10MB", 20_000, 1_000, 10_000);

  /** The 1 GB standard size. */
  public static final Ds2Size MEDIUM = new Ds2Size("1GB", 2_000_000, 100_000, 100_000);

  /** The 100 GB standard size. */
  public static final Ds2Size LARGE = new Ds2Size("100GB", 200_000_000, 10_000_000, 1_000_000);

  /** Orders loaded in all (12 months). */
  public long orders() {
    return 12L * ordersPerMonth;
  }

  /**
   * Parses a size: {@code S}, {@code M}, {@code L}, or a number with MB or GB.
   *
   * @param option the option, for the error message
   */
  public static Ds2Size parse(String option, String text) {
    String t = text == null ? "" : text.trim().toUpperCase(Locale.ROOT);
    switch (t) {
      case "S":
        return SMALL;
      case "M":
        return MEDIUM;
      case "L":
        return LARGE;
      default:
        break;
    }
    Matcher m = FORMAT.matcher(t);
    if (!m.matches()) {
      throw new UsageException(
          option
              + ": '"
              + Texts.cut(text)
              + "' is not a DS2 size; use 10MB, 1GB, 100GB or e.g. 4GB, 30MB"
              + Numerals.digitsHint(text));
    }
    String unit = m.group(2);
    String digits = m.group(1).replaceFirst("^0+(?=.)", "");
    int n = digits.length() > 4 ? Integer.MAX_VALUE : Integer.parseInt(digits);
    if (n > 1023) {
      throw new UsageException(
          option
              + ": '"
              + Texts.cut(text)
              + "' is too large; use 1 to 1023 "
              + unit
              + " (or 1GB, 100GB)");
    }
    if (n < 1) {
      throw new UsageException(
          option
              + ": '"
              + Texts.cut(text)
              + "' is out of range; use 1 to 1023 "
              + unit
              + " (or 1GB, 100GB)");
    }
    String name = n + unit;
    if (unit.equals("MB")) {
      return scaled(name, SMALL, n / 10.0);
    }
    if (n == 1) {
      return MEDIUM;
    }
    return scaled(name, LARGE, n / 100.0);
  }

  private static Ds2Size scaled(String name, Ds2Size base, double ratio) {
    return new Ds2Size(
        name,
        Math.max(1, (int) Math.round(base.customers * ratio)),
        Math.max(1, (int) Math.round(base.ordersPerMonth * ratio)),
        Math.max(1, (int) Math.round(base.products * ratio)));
  }

  @Override
  public String toString() {
    return name
        + " ("
        + customers
        + " customers, "
        + orders()
        + " orders, "
        + products
        + " products)";
  }
}
