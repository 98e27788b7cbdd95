package io.loadlab.cli;

import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.options.OptionValues;
import io.loadlab.core.util.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * Builds command-line option definitions, and reads their values, the same way for every command:
 * from their descriptions ({@link OptionSpec}) where a command has them, and the descriptions of
 * the options still built here directly ({@link #describe(Option)}).
 */
public final class OptionDefs {
  /** Options naming a file the command reads, besides every {@code *-file} option. */
  private static final Set<String> INPUT = Set.of("plan", "trust-store", "tls-keystore");

  private static final Pattern ENV = Pattern.compile("LOADLAB_[A-Z_]+");

  private OptionDefs() {}

  /** The command-line option {@code spec} describes. */
  public static Option of(OptionSpec spec) {
    return switch (spec.kind()) {
      case FLAG -> flag(spec.name(), spec.help());
      case VALUE -> value(spec.name(), spec.arg(), spec.help());
      case OPTIONAL_VALUE -> optionalValue(spec.name(), spec.arg(), spec.help());
      case REPEATABLE -> repeatable(spec.name(), spec.arg(), spec.help());
      case KEYED ->
          Option.builder()
              .longOpt(spec.name())
              .numberOfArgs(2)
              .valueSeparator('=')
              .argName(spec.arg())
              .type(List.class)
              .desc(spec.help())
              .build();
    };
  }

  /** The command-line options {@code table} describes, in its order. */
  public static Options options(OptionTable table) {
    Options o = new Options();
    table.specs().forEach(s -> o.addOption(of(s)));
    return o;
  }

  /**
   * The description of a command's option: {@code described}'s own where it has one; else, for an
   * option still built without one, what the option itself tells (its kind) and its name (a file it
   * reads: {@code *-file}, {@code plan}, {@code trust-store}, {@code tls-keystore}; a password
   * file, and the variable its help names).
   */
  public static OptionTable describe(Options options, OptionTable described) {
    List<OptionSpec> out = new ArrayList<>();
    for (Option o : options.getOptions()) {
      OptionSpec s = described.get(o.getLongOpt());
      out.add(s != null ? s : describe(o));
    }
    return OptionTable.of(out);
  }

  private static OptionSpec describe(Option o) {
    String name = o.getLongOpt();
    String help = o.getDescription();
    if (!o.hasArg()) {
      return OptionSpec.flag(name, help);
    }
    OptionSpec.Kind kind =
        o.hasValueSeparator()
            ? OptionSpec.Kind.KEYED
            : isRepeatable(o)
                ? OptionSpec.Kind.REPEATABLE
                : o.hasOptionalArg() ? OptionSpec.Kind.OPTIONAL_VALUE : OptionSpec.Kind.VALUE;
    OptionSpec.Type type = OptionSpec.Type.TEXT;
    String env = null;
    if (name.endsWith("password-file")) {
      type = OptionSpec.Type.PASSWORD_FILE;
      Matcher m = ENV.matcher(help == null ? "" : help);
      env = m.find() ? m.group() : null;
    } else if (name.endsWith("-file") || INPUT.contains(name)) {
      type = OptionSpec.Type.INPUT_FILE;
    }
    return OptionSpec.value(name, o.getArgName(), type, help).kind(kind).env(env);
  }

  /** A long option that takes one value, shown as {@code --name ARG} in the help. */
  public static Option value(String name, String arg, String description) {
    return Option.builder().longOpt(name).hasArg().argName(arg).desc(description).build();
  }

  /**
   * A long option whose value may be left out ({@code --name} alone, as qpid-perftest's flags),
   * shown as {@code --name [ARG]}.
   */
  public static Option optionalValue(String name, String arg, String description) {
    return Option.builder()
        .longOpt(name)
        .hasArg()
        .optionalArg(true)
        .argName(arg)
        .desc(description)
        .build();
  }

  /**
   * A long option that takes one value and may be given more than once ({@code --target A --target
   * B}); every other option with a value is refused when given twice.
   */
  public static Option repeatable(String name, String arg, String description) {
    return Option.builder()
        .longOpt(name)
        .hasArg()
        .argName(arg)
        .type(java.util.List.class)
        .desc(description)
        .build();
  }

  /** True if {@code option} was made by {@link #repeatable}. */
  static boolean isRepeatable(Option option) {
    return option.getType() == java.util.List.class;
  }

  /** A long option without a value. */
  public static Option flag(String name, String description) {
    return Option.builder().longOpt(name).desc(description).build();
  }

  /**
   * The values given on the command line for {@code table}'s options (the command's own), read
   * through their descriptions as every front-end reads them ({@link OptionValues}).
   */
  public static OptionValues values(CommandLine cmd, OptionTable table) {
    Map<String, List<String>> given = new LinkedHashMap<>();
    for (OptionSpec spec : table.specs()) {
      if (cmd.hasOption(spec.name())) {
        String[] values = cmd.getOptionValues(spec.name());
        given.put(spec.name(), values == null ? List.of() : Arrays.asList(values));
      }
    }
    return OptionValues.of(table, given);
  }

  /** The value given for {@code spec}'s option, or its default (null if it has none). */
  public static String text(CommandLine cmd, OptionSpec spec) {
    return cmd.getOptionValue(spec.name(), spec.defaultValue());
  }

  /** The duration given for {@code spec}'s option, or its default (null if it has none). */
  public static Duration duration(CommandLine cmd, OptionSpec spec) {
    String text = text(cmd, spec);
    return text == null ? null : Durations.parse("--" + spec.name(), text);
  }

  /** The value of {@code spec}'s {@code on|off} option, or its default. */
  public static boolean onOff(CommandLine cmd, OptionSpec spec) {
    return onOff(cmd, spec.name(), "on".equals(spec.defaultValue()));
  }

  /**
   * The value of an {@code on|off} option: {@code defaultValue} if it is absent, on if it is given
   * without a value.
   */
  public static boolean onOff(CommandLine cmd, String option, boolean defaultValue) {
    if (!cmd.hasOption(option)) {
      return defaultValue;
    }
    String text = cmd.getOptionValue(option);
    if (text == null) {
      return true;
    }
    return OptionValues.onOff(option, text);
  }
}
