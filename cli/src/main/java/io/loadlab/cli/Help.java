package io.loadlab.cli;

import io.loadlab.core.Version;
import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.util.NearestName;
import io.loadlab.core.util.Texts;
import io.loadlab.core.workload.SharedOptions;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.apache.commons.cli.AlreadySelectedException;
import org.apache.commons.cli.AmbiguousOptionException;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.MissingArgumentException;
import org.apache.commons.cli.MissingOptionException;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.apache.commons.cli.UnrecognizedOptionException;

/** Help texts and option-parsing errors, worded for users. */
final class Help {
  private Help() {}

  static String overview(List<Command> commands) {
    StringBuilder sb = new StringBuilder();
    sb.append("loadlab ")
        .append(Version.get())
        .append(": load tests for message brokers (JMS), databases (DS2) and networks\n\n");
    sb.append("usage: loadlab <command> [options]\n\ncommands:\n");
    int width = 0;
    for (Command c : commands) {
      width = Math.max(width, String.join(" ", c.path()).length());
    }
    for (Command c : commands) {
      String name = String.join(" ", c.path());
      sb.append("  ")
          .append(name)
          .append(" ".repeat(width - name.length() + 2))
          .append(c.summary())
          .append('\n');
    }
    sb.append(
        "\nloadlab <command> --help shows a command's options; loadlab --version its version.\n");
    sb.append("Every option is documented in docs/configuration.md.\n");
    return sb.toString();
  }

  /** True if some command's name is {@code word} followed by more words, e.g. {@code amqp}. */
  static boolean isGroup(List<Command> commands, String word) {
    return commands.stream().anyMatch(c -> c.path().length > 1 && c.path()[0].equals(word));
  }

  /**
   * What a group named without a command is told, in one line: its commands, and where their
   * descriptions are ({@code net: name a command: rr, crr, stream or serve; ...}).
   */
  static String missingCommand(List<Command> commands, String word) {
    List<String> names =
        commands.stream()
            .filter(c -> c.path().length > 1 && c.path()[0].equals(word))
            .map(c -> c.path()[1])
            .distinct()
            .toList();
    String list =
        names.size() == 1
            ? names.get(0)
            : String.join(", ", names.subList(0, names.size() - 1))
                + " or "
                + names.get(names.size() - 1);
    return word
        + ": name a command: "
        + list
        + " (e.g. 'loadlab "
        + word
        + " "
        + names.get(0)
        + "'); 'loadlab "
        + word
        + " --help' says what each does";
  }

  /** A command group's help: its commands, one line each. */
  static String group(List<Command> commands, String word) {
    StringBuilder sb = new StringBuilder();
    sb.append("usage: loadlab ").append(word).append(" <command> [options]\n\ncommands:\n");
    sb.append(commandLines(commands, word));
    sb.append("\nloadlab ")
        .append(word)
        .append(" <command> --help shows a command's options; every option is documented in")
        .append(" docs/configuration.md.\n");
    return sb.toString();
  }

  /** One line per command whose name starts with {@code word} and has more words after it. */
  private static String commandLines(List<Command> commands, String word) {
    List<Command> members =
        commands.stream().filter(c -> c.path().length > 1 && c.path()[0].equals(word)).toList();
    int width = 0;
    for (Command c : members) {
      width = Math.max(width, String.join(" ", c.path()).length());
    }
    StringBuilder sb = new StringBuilder();
    for (Command c : members) {
      String name = String.join(" ", c.path());
      sb.append("  ")
          .append(name)
          .append(" ".repeat(width - name.length() + 2))
          .append(c.summary())
          .append('\n');
    }
    return sb.toString();
  }

  /** {@code --help}: every command has it. */
  static final OptionSpec HELP = SharedOptions.HELP;

  /** {@code --debug}: every command has it. */
  static final OptionSpec DEBUG = SharedOptions.DEBUG;

  /** The command's options plus the ones every command has. */
  static Options optionsOf(Command command) {
    Options options = new Options();
    command.options().getOptions().forEach(options::addOption);
    if (command.runsLoad()) {
      RunOptions.definitions().getOptions().forEach(options::addOption);
    }
    options.addOption(OptionDefs.of(HELP));
    options.addOption(OptionDefs.of(DEBUG));
    return options;
  }

  /**
   * The descriptions of every option of the command (as {@link #optionsOf}), for campaign steps.
   */
  static OptionTable describe(Command command) {
    OptionTable described = command.described();
    if (command.runsLoad()) {
      described = described.plus(RunOptions.TABLE);
    }
    return OptionDefs.describe(optionsOf(command), described.plus(HELP, DEBUG));
  }

  /** A command's help; a command that is also a group (e.g. {@code report}) lists its members. */
  static String of(Command command, List<Command> commands) {
    String help = of(command);
    if (command.path().length == 1 && isGroup(commands, command.path()[0])) {
      help += "\ncommands:\n" + commandLines(commands, command.path()[0]);
    }
    return help;
  }

  static String of(Command command) {
    StringWriter text = new StringWriter();
    HelpFormatter formatter = new HelpFormatter();
    formatter.setWidth(100);
    formatter.setOptionComparator(null);
    formatter.printHelp(
        new PrintWriter(text),
        100,
        "loadlab "
            + String.join(" ", command.path())
            + (command.operand() == null ? "" : " " + command.operand())
            + " [options]",
        command.summary() + "\n\n",
        optionsOf(command),
        2,
        4,
        "\nSee docs/configuration.md for every option.");
    return text.toString();
  }

  static String parseError(ParseException e, Options options) {
    if (e instanceof UnrecognizedOptionException u) {
      // Never the text after '=': it may be a secret given to a misspelt option.
      String name = u.getOption() == null ? "" : u.getOption().split("=", 2)[0];
      List<String> nearest =
          NearestName.all(
              name.replaceFirst("^-+", ""),
              options.getOptions().stream().map(Option::getLongOpt).toList());
      return "unknown option '"
          + Texts.cut(name)
          + "'"
          + (nearest.isEmpty() ? "" : "; did you mean --" + String.join(" or --", nearest) + "?")
          + "; see --help for the options of this command";
    }
    if (e instanceof MissingArgumentException m) {
      return "--" + m.getOption().getLongOpt() + " needs a value; see --help";
    }
    if (e instanceof MissingOptionException m) {
      return "missing required option " + m.getMissingOptions() + "; see --help";
    }
    if (e instanceof AmbiguousOptionException a) {
      return "option '"
          + Texts.cut(a.getOption())
          + "' is ambiguous; it could be "
          + a.getMatchingOptions();
    }
    if (e instanceof AlreadySelectedException a) {
      return "option --"
          + a.getOption().getLongOpt()
          + " cannot be used with --"
          + a.getOptionGroup().getSelected();
    }
    return e.getMessage();
  }
}
