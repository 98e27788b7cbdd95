package io.loadlab.cli;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Texts;
import java.util.Locale;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;

/**
 * Builds command-line option definitions, and reads their values, the same way for every command.
 */
public final class OptionDefs {
  private OptionDefs() {}

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
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "true", "on", "yes", "1" -> true;
      case "false", "off", "no", "0" -> false;
      default ->
          throw new UsageException("--" + option + ": '" + Texts.cut(text) + "' is not on or off");
    };
  }
}
