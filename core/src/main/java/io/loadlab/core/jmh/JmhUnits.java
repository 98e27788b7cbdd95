package io.loadlab.core.jmh;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Texts;
import java.util.Map;

/**
 * JMH's units as its JSON spells them: score units such as {@code us/op} and {@code ops/s}, and
 * iteration times such as {@code 10 s} or {@code 100 ms}.
 */
final class JmhUnits {
  /** Seconds in one of JMH's time units ({@code TimeValue} abbreviations, plus a few aliases). */
  private static final Map<String, Double> SECONDS =
      Map.ofEntries(
          Map.entry("ns", 1e-9),
          Map.entry("us", 1e-6),
          Map.entry("µs", 1e-6),
          Map.entry("ms", 1e-3),
          Map.entry("s", 1.0),
          Map.entry("sec", 1.0),
          Map.entry("m", 60.0),
          Map.entry("min", 60.0),
          Map.entry("h", 3600.0),
          Map.entry("hr", 3600.0),
          Map.entry("day", 86400.0));

  private JmhUnits() {}

  /** True if a score unit is a time per operation ({@code us/op}), false for a rate. */
  static boolean isTimePerOp(String scoreUnit) {
    return scoreUnit.endsWith("/op");
  }

  /** Microseconds in one unit of a time-per-operation score such as {@code ns/op}. */
  static double microsPerUnit(String field, String scoreUnit) {
    String time = scoreUnit.substring(0, scoreUnit.length() - "/op".length());
    return seconds(field, time) * 1e6;
  }

  /** Operations per second in one unit of a rate score such as {@code ops/ms}. */
  static double opsPerSecondPerUnit(String field, String scoreUnit) {
    int slash = scoreUnit.indexOf('/');
    if (slash < 0 || !scoreUnit.substring(0, slash).equals("ops")) {
      throw new UsageException(
          field
              + ": unknown unit '"
              + Texts.cut(scoreUnit)
              + "'; expected a rate such as ops/s or a time"
              + " such as us/op");
    }
    return 1.0 / seconds(field, scoreUnit.substring(slash + 1));
  }

  /** Seconds in an iteration time such as {@code 10 s} or {@code 100 ms}. */
  static double iterationSeconds(String field, String text) {
    String[] parts = text.trim().split("\\s+");
    if (parts.length != 2) {
      throw new UsageException(
          field
              + ": '"
              + Texts.cut(text)
              + "' is not a JMH time; expected a number and a unit like '10 s'");
    }
    try {
      return Double.parseDouble(parts[0]) * seconds(field, parts[1]);
    } catch (NumberFormatException e) {
      throw new UsageException(
          field
              + ": '"
              + Texts.cut(text)
              + "' is not a JMH time; expected a number and a unit like '10 s'");
    }
  }

  private static double seconds(String field, String unit) {
    Double s = SECONDS.get(unit);
    if (s == null) {
      throw new UsageException(
          field
              + ": unknown time unit '"
              + Texts.cut(unit)
              + "'; expected one of ns, us, ms, s, min");
    }
    return s;
  }
}
