package io.loadlab.cli;

import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionTable;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * One {@code loadlab} subcommand, such as {@code net rr}. A command only translates options into a
 * workload's settings and calls its driver in {@code core}.
 */
public interface Command {
  /** The words that name it, such as {@code ["net", "rr"]}. */
  String[] path();

  /** One line for {@code loadlab --help}. */
  String summary();

  /**
   * The descriptions of the command's own options ({@link OptionSpec}: name, value, default, help,
   * docs row), from which {@link #options} builds them by default; none for a command whose options
   * are still built without them.
   */
  default OptionTable described() {
    return OptionTable.of();
  }

  /** The command's own options; {@code --help} and {@code --debug} are added for every command. */
  default Options options() {
    return OptionDefs.options(described());
  }

  /**
   * The name of the one positional argument the command takes, such as {@code testbed.yaml}, or
   * null if it takes none (the default). The value is {@code cmd.getArgList().get(0)}. A name
   * ending in {@code ...} (such as {@code RUN...}) takes one or more: {@code cmd.getArgList()}.
   */
  default String operand() {
    return null;
  }

  /** True if the command runs a load test: the shared run options are added to it. */
  default boolean runsLoad() {
    return false;
  }

  /**
   * The names of the workload figures its runs report besides each operation's (result.json's
   * {@code figures}, without a size or operation qualifier, such as {@code opm}), which {@code
   * --criteria} may name; none by default.
   */
  default List<String> figures() {
    return List.of();
  }

  /**
   * Checks the parsed options as {@link #run} would, without starting anything; throws a {@code
   * UsageException} naming the option and the fix. Campaigns call it (through {@link Main#check})
   * to refuse a step before any run starts, and {@link Main} before it runs the command. The
   * default checks nothing beyond parsing.
   */
  default void check(CommandLine cmd) {}

  /**
   * Runs the command.
   *
   * @return the exit code
   */
  int run(CommandLine cmd, CliContext ctx) throws Exception;
}
