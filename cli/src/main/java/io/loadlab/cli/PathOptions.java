package io.loadlab.cli;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.junit.JunitXml;
import io.loadlab.core.util.JsonNumbers;
import io.loadlab.core.util.PathChecks;
import io.loadlab.core.util.Secrets;
import io.loadlab.core.util.Texts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Set;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;

/**
 * Checks every path a command was given before anything starts: output directories can be created
 * and written, output files too; files it reads are regular files (a password file also at most 4
 * KB), never a pipe or a device that would block or never end the read. The options are the same in
 * every command, so the check is made once here for all of them.
 */
final class PathOptions {
  /** Options naming a directory the command writes into. */
  static final Set<String> OUTPUT_DIRECTORIES = Set.of("output", "out", "data-dir", "state-dir");

  /** Options naming a file the command writes. */
  static final Set<String> OUTPUT_FILES = Set.of("json", "csv", "jtl", "hlog", "markdown", "junit");

  /**
   * Options naming a file the command reads: it must be a regular file (a named pipe would block
   * the read, a device never end it). {@code --jtl} is one for {@code report}, which reads it.
   */
  static final Set<String> INPUT_FILES =
      Set.of("users-file", "tls-keystore", "trust-store", "plan", "property-file", "jmh");

  /**
   * Commands whose {@code --output} directory is checked without writing into it: a {@code campaign
   * run} refused because another one uses the directory must write nothing there, so it proves the
   * directory writable once it holds the directory's lock; {@code campaign plan} writes nothing.
   */
  static final Set<String> OUTPUT_LEFT_UNTOUCHED = Set.of("campaign run", "campaign plan");

  private PathOptions() {}

  static void check(CommandLine cmd, Command command) {
    for (Option o : cmd.getOptions()) {
      String name = o.getLongOpt();
      if (o.getValue() != null && name.endsWith("password-file")) {
        // Never the path in a message: the secret itself may have been given in its place.
        Secrets.checkFile("--" + name, path("--" + name, o.getValue()));
      } else if (o.getValue() != null
          && (INPUT_FILES.contains(name) || (name.equals("jtl") && !command.runsLoad()))) {
        PathChecks.notSpecialFile("--" + name, o.getValue());
      }
    }
    boolean untouched = OUTPUT_LEFT_UNTOUCHED.contains(String.join(" ", command.path()));
    for (String name : OUTPUT_DIRECTORIES) {
      String value = cmd.getOptionValue(name);
      if (value != null && untouched && name.equals("output")) {
        PathChecks.writableDirectoryUntouched("--" + name, value);
      } else if (value != null) {
        PathChecks.writableDirectory("--" + name, value);
      }
    }
    for (String name : OUTPUT_FILES) {
      String value = cmd.getOptionValue(name);
      if (value != null && !value.equals("-") && (command.runsLoad() || !name.equals("jtl"))) {
        PathChecks.writableFile("--" + name, value);
        if (name.equals("junit")) {
          // Its Surefire-layout files go into a directory beside it (JunitXml.surefireDirectory).
          PathChecks.writableDirectory(
              "--junit (its Surefire-layout files)",
              JunitXml.surefireDirectory(Path.of(value)).toString());
        }
      }
    }
    if (command.runsLoad() && !cmd.hasOption("output")) {
      // The default run directory goes under results/ in the working directory.
      PathChecks.writableDirectory("--output (default results/)", RunOptions.defaultParent());
    }
    if (command.runsLoad() && cmd.hasOption("testbed")) {
      PathChecks.readableFile("--testbed", cmd.getOptionValue("testbed"));
      checkNumbers("--testbed", cmd.getOptionValue("testbed"));
      RunOptions.testbed(cmd); // read now: a bad file is refused before anything starts
    }
  }

  /** A JSON file's numbers fit the figures that hold them (the field is named otherwise). */
  private static void checkNumbers(String option, String file) {
    String json;
    try {
      json = Files.readString(Path.of(file));
    } catch (IOException e) {
      return; // not text: the command's reader says so
    }
    JsonNumbers.check(option + ": " + Texts.cut(file), json, "fix the value or the file");
  }

  private static Path path(String option, String text) {
    try {
      return Path.of(text);
    } catch (InvalidPathException e) {
      throw new UsageException(option + ": not a valid path; name a file holding the secret");
    }
  }
}
