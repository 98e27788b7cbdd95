package io.loadlab.cli;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.HostNames;
import io.loadlab.core.util.Secrets;
import io.loadlab.core.util.Texts;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * Checks a parsed command line before any command sees it: a single-valued option given twice, a
 * password written into an option's value (a URL), where the process list would show it, and a host
 * option whose value cannot be a host.
 */
final class CommandLineChecks {
  private static final Pattern ENV_NAME = Pattern.compile("LOADLAB_[A-Z_]+");

  /** Options naming one host (a name or an address), in every command that has them. */
  static final Set<String> HOST_OPTIONS = Set.of("host", "rmi-hostname");

  /**
   * The longest argument taken: far beyond any path (4,095 bytes), host or URL, and short enough
   * that Commons CLI, which tries every prefix of an argument that starts with {@code -} as an
   * option name (quadratic in its length), answers at once.
   */
  static final int MAX_ARGUMENT_LENGTH = 16_384;

  private CommandLineChecks() {}

  /**
   * Refuses an argument longer than {@link #MAX_ARGUMENT_LENGTH}, before the command line is
   * parsed, naming the option it was given to.
   */
  static void checkLengths(String[] args) {
    for (int i = 0; i < args.length; i++) {
      if (args[i].length() > MAX_ARGUMENT_LENGTH) {
        if (i > 0 && args[i - 1].startsWith("--")) {
          throw new UsageException(
              Texts.cut(args[i - 1])
                  + ": the value has "
                  + args[i].length()
                  + " characters; none takes more than "
                  + MAX_ARGUMENT_LENGTH);
        }
        throw new UsageException(
            "argument '"
                + Texts.cut(Secrets.mask(args[i]))
                + "' is longer than any this command takes (at most "
                + MAX_ARGUMENT_LENGTH
                + " characters)");
      }
    }
  }

  static void check(CommandLine cmd, Options options) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    for (Option o : cmd.getOptions()) {
      if (o.hasArg() && !OptionDefs.isRepeatable(o)) {
        counts.merge(o.getLongOpt(), 1, Integer::sum);
      }
    }
    counts.forEach(
        (name, n) -> {
          if (n > 1) {
            throw new UsageException(
                "--" + name + " is given " + n + " times; give it once (it takes one value)");
          }
        });
    for (Option o : cmd.getOptions()) {
      String value = o.getValue();
      if (value != null && Secrets.holdsSecret(value)) {
        throw new UsageException(
            "--"
                + o.getLongOpt()
                + ": the value holds a password, which the process list would show; take it out"
                + " and give the password with "
                + passwordSource(options));
      }
    }
    for (Option o : cmd.getOptions()) {
      if (HOST_OPTIONS.contains(o.getLongOpt()) && o.getValue() != null) {
        HostNames.check("--" + o.getLongOpt(), o.getValue());
      }
    }
  }

  /** How this command takes a password: its password-file option and environment variable. */
  private static String passwordSource(Options options) {
    Option file = options.getOption("password-file");
    if (file == null) {
      return "a file or an environment variable (see --help)";
    }
    Matcher env = ENV_NAME.matcher(String.valueOf(file.getDescription()));
    return "--password-file FILE"
        + (env.find() ? " or the environment variable " + env.group() : "");
  }
}
