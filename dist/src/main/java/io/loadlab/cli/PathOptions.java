package io.loadlab.cli;

import io.loadlab.core.util.PathChecks;
import java.util.Set;
import org.apache.commons.cli.CommandLine;

/**
 * Checks every output path a command was given before anything starts: output directories can be
 * created and written, output files too. The options are the same in every command, so the check is
 * made once here for all of them.
 */
final class PathOptions {
  /** Options naming a directory the command writes into. */
  static final Set<String> OUTPUT_DIRECTORIES = Set.of("output", "out", "data-dir", "state-dir");

  /** Options naming a file the command writes. */
  static final Set<String> OUTPUT_FILES = Set.of("json", "csv", "jtl", "hlog", "markdown", "junit");

  private PathOptions() {}

  static void check(CommandLine cmd, Command command) {
    for (String name : OUTPUT_DIRECTORIES) {
      String value = cmd.getOptionValue(name);
      if (value != null) {
        PathChecks.writableDirectory("--" + name, value);
      }
    }
    for (String name : OUTPUT_FILES) {
      String value = cmd.getOptionValue(name);
      if (value != null && !value.equals("-")) {
        PathChecks.writableFile("--" + name, value);
      }
    }
    if (command.runsLoad() && !cmd.hasOption("output")) {
      // The default run directory goes under results/ in the working directory.
      PathChecks.writableDirectory("--output (default results/)", RunOptions.defaultParent());
    }
    if (command.runsLoad() && cmd.hasOption("testbed")) {
      PathChecks.readableFile("--testbed", cmd.getOptionValue("testbed"));
      RunOptions.testbed(cmd); // read now: a bad file is refused before anything starts
    }
  }
}
