package io.loadlab.campaign.file;

import io.loadlab.core.util.Texts;
import java.util.Map;
import java.util.Set;

/**
 * Reads an {@code iterations:} field (campaign-wide or a step's): a fixed count such as {@code 9},
 * or adaptive {@code {min: 3, max: 15, until-cv: 3.5%}} that stops a cell once its spread is small.
 */
public final class IterationsField {
  private final ValidationProblems problems;

  public IterationsField(ValidationProblems problems) {
    this.problems = problems;
  }

  /** The iterations field {@code f} gives, or {@code defaults} if absent or wrong (reported). */
  public Iterations read(String f, Object value, Iterations defaults) {
    if (value == null) {
      return defaults;
    }
    if (value instanceof Integer n) {
      if (n < 1 || n > 10_000) {
        problems.problem(f, n + " is out of range; use 1 to 10000");
        return defaults;
      }
      return Iterations.fixed(n);
    }
    if (value instanceof Map<?, ?> m) {
      Set<String> known = Set.of("min", "max", "until-cv");
      for (Object k : m.keySet()) {
        if (!known.contains(String.valueOf(k))) {
          problems.problem(f + "." + k, "unknown field; use min, max and until-cv");
          return defaults;
        }
      }
      Integer min = count(f + ".min", m.get("min"), 3);
      Integer max = count(f + ".max", m.get("max"), min == null ? 3 : min);
      Double cv = percent(f + ".until-cv", m.get("until-cv"));
      if (min == null || max == null || (m.containsKey("until-cv") && cv == null)) {
        return defaults;
      }
      if (max < min) {
        problems.problem(f + ".max", max + " is below min " + min + "; use max >= min");
        return defaults;
      }
      if (max > min && cv == null) {
        problems.problem(
            f + ".until-cv", "missing; give the target CV for adaptive runs, e.g. 3.5%");
        return defaults;
      }
      return new Iterations(min, max, cv == null ? Double.NaN : cv);
    }
    problems.problem(
        f,
        "'"
            + Texts.cut(value)
            + "' is not a count; use a number such as 9, or {min: 3, max: 15, until-cv: 3.5%}");
    return defaults;
  }

  private Integer count(String f, Object v, int defaultValue) {
    if (v == null) {
      return defaultValue;
    }
    if (v instanceof Integer n && n >= 1 && n <= 10_000) {
      return n;
    }
    problems.problem(f, "'" + Texts.cut(v) + "' is not a count from 1 to 10000");
    return null;
  }

  private Double percent(String f, Object v) {
    if (v == null) {
      return null;
    }
    String text = String.valueOf(v).trim();
    try {
      double d =
          Double.parseDouble(text.endsWith("%") ? text.substring(0, text.length() - 1) : text);
      if (d > 0 && d < 1000) {
        return d;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    problems.problem(f, "'" + Texts.cut(v) + "' is not a percentage; use e.g. 3.5%");
    return null;
  }
}
