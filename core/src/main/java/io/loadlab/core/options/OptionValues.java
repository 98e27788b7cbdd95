package io.loadlab.core.options;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Durations;
import io.loadlab.core.util.Numerals;
import io.loadlab.core.util.Texts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The values a command's options were given, read through their descriptions ({@link OptionTable}):
 * a value left out is its description's default, and a malformed one is refused with a {@code
 * UsageException} naming the option. Any front-end makes one (the command line from its parsed
 * options, the JMeter plugin from a sampler's field), so a workload parses its settings from it
 * once for every front-end.
 */
public final class OptionValues {
  private final OptionTable table;
  private final Map<String, List<String>> given;

  private OptionValues(OptionTable table, Map<String, List<String>> given) {
    this.table = table;
    this.given = given;
  }

  /**
   * The values {@code given} (by option name without {@code --}; a flag with no value); each must
   * be an option of {@code table}.
   */
  public static OptionValues of(OptionTable table, Map<String, List<String>> given) {
    Map<String, List<String>> copy = new LinkedHashMap<>();
    given.forEach(
        (name, values) -> {
          if (table.get(name) == null) {
            throw unknown(table, name);
          }
          copy.put(name, List.copyOf(values));
        });
    return new OptionValues(table, copy);
  }

  /**
   * Parses options written as on the command line ({@code --pause 10ms --flag}, or {@code
   * --pause=10ms}), split at white space, against {@code table}.
   */
  public static OptionValues parse(OptionTable table, String text) {
    String trimmed = text == null ? "" : text.strip();
    return parse(table, trimmed.isEmpty() ? List.of() : List.of(trimmed.split("\\s+")));
  }

  /** Parses options given as command-line words against {@code table}. */
  public static OptionValues parse(OptionTable table, List<String> words) {
    Map<String, List<String>> given = new LinkedHashMap<>();
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      if (!word.startsWith("--") || word.length() == 2) {
        throw new UsageException(
            "unexpected argument '" + Texts.cut(word) + "'; options start with --");
      }
      int eq = word.indexOf('=');
      String name = word.substring(2, eq < 0 ? word.length() : eq);
      OptionSpec spec = table.get(name);
      if (spec == null) {
        throw unknown(table, name);
      }
      List<String> values = given.computeIfAbsent(name, k -> new ArrayList<>());
      if (eq >= 0) {
        values.add(word.substring(eq + 1));
      } else if (spec.hasValue() && spec.kind() != OptionSpec.Kind.OPTIONAL_VALUE) {
        if (i + 1 >= words.size()) {
          throw new UsageException("--" + name + ": a value is needed (" + spec.arg() + ")");
        }
        values.add(words.get(++i));
      }
    }
    return new OptionValues(table, given);
  }

  private static UsageException unknown(OptionTable table, String name) {
    List<String> names = table.specs().stream().map(s -> "--" + s.name()).toList();
    return new UsageException(
        "unknown option --"
            + Texts.cut(name)
            + (names.isEmpty() ? "; it takes none" : "; it takes " + String.join(", ", names)));
  }

  /** The descriptions the values are read through. */
  public OptionTable table() {
    return table;
  }

  /** True if the option was given. */
  public boolean has(String name) {
    spec(name);
    return given.containsKey(name);
  }

  /** The option's (last) value, or its default; null if neither. */
  public String text(String name) {
    OptionSpec spec = spec(name);
    List<String> values = given.get(name);
    return values == null || values.isEmpty() ? spec.defaultValue() : values.get(values.size() - 1);
  }

  /** Every value given for a repeatable option, in order; none if not given. */
  public List<String> all(String name) {
    spec(name);
    return given.getOrDefault(name, List.of());
  }

  /** A flag: true if given. */
  public boolean flag(String name) {
    return has(name);
  }

  /** A duration ({@code 500ms}, {@code 60s}), or null if neither given nor defaulted. */
  public Duration duration(String name) {
    String text = text(name);
    return text == null ? null : Durations.parse("--" + name, text);
  }

  /** A whole number in its description's range (or any long), or {@code fallback} if absent. */
  public long number(String name, long fallback) {
    OptionSpec spec = spec(name);
    String text = text(name);
    if (text == null) {
      return fallback;
    }
    long min = spec.range() == null ? Long.MIN_VALUE : spec.range().min();
    long max = spec.range() == null ? Long.MAX_VALUE : spec.range().max();
    return Numerals.parseLong("--" + name, text, min, max);
  }

  /** An {@code on|off} value: its default when absent. */
  public boolean onOff(String name) {
    String text = text(name);
    return text != null && onOff(name, text);
  }

  /**
   * {@code text} given to {@code --name} as on or off ({@code on/off}, {@code true/false}, {@code
   * yes/no}, {@code 1/0}, any case).
   *
   * @throws UsageException naming the option when it is neither
   */
  public static boolean onOff(String name, String text) {
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "true", "on", "yes", "1" -> true;
      case "false", "off", "no", "0" -> false;
      default ->
          throw new UsageException("--" + name + ": '" + Texts.cut(text) + "' is not on or off");
    };
  }

  private OptionSpec spec(String name) {
    return table.require(name);
  }
}
