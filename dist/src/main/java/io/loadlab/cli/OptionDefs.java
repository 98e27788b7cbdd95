package io.loadlab.cli;

import org.apache.commons.cli.Option;

/** Builds command-line option definitions the same way for every command. */
public final class OptionDefs {
  private OptionDefs() {}

  /** A long option that takes one value, shown as {@code --name ARG} in the help. */
  public static Option value(String name, String arg, String description) {
    return Option.builder().longOpt(name).hasArg().argName(arg).desc(description).build();
  }

  /** A long option without a value. */
  public static Option flag(String name, String description) {
    return Option.builder().longOpt(name).desc(description).build();
  }
}
