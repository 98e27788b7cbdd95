package io.loadlab.cli;

import io.loadlab.core.Version;
import io.loadlab.core.failure.LoadlabException;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.util.Secrets;
import io.loadlab.core.util.Texts;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;

/**
 * The {@code loadlab} command line: finds the subcommand named by the first words, parses its
 * options and runs it. Exit codes: 0 success, 1 the run failed its own criteria, 2 bad usage, 3 the
 * target could not be reached, 130 stopped by the user.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    if (Arrays.asList(args).contains("--debug")) {
      // Before the first logger is made: slf4j-simple reads this once.
      System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "debug");
    }
    preferBlockingSocketReads();
    ParentWatch.startIfAsked(System.err);
    System.exit(run(args, System.out, System.err));
  }

  /**
   * On Java 17, before any socket exists: java.net.Socket uses the JDK's earlier implementation,
   * whose reads block in one system call. The default one (JEP 353) leaves a socket non-blocking
   * once any read had a timeout (PgJDBC's SSL request has one), and then each read that waits costs
   * a failed read, a poll and a second read: 21.3 system calls per DS2 order instead of 12.4
   * (docs/benchmarks.md). Java 18 and later ignore the property; a value the user set stays.
   */
  static void preferBlockingSocketReads() {
    if (Runtime.version().feature() == 17) {
      System.getProperties().putIfAbsent("jdk.net.usePlainSocketImpl", "true");
    }
  }

  /** Runs a command line and returns its exit code; used by tests and by {@link #main}. */
  public static int run(String[] givenArgs, PrintStream out, PrintStream err) {
    String[] args = CommandAliases.canonical(givenArgs);
    boolean debug = Arrays.asList(args).contains("--debug");
    List<Command> commands = Commands.all();
    if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
      out.print(Help.overview(commands));
      return 0;
    }
    if (args[0].equals("--version")) {
      out.println("loadlab " + Version.get());
      return 0;
    }
    String group = args[0];
    if (Help.isGroup(commands, group) && args.length == 1) {
      // Bad input as any other: one line naming the fix (the group's commands), exit 2.
      err.println("loadlab: " + Help.missingCommand(commands, group));
      return UsageException.EXIT_CODE;
    }
    if (Help.isGroup(commands, group) && isHelp(args[1])) {
      out.print(Help.group(commands, group));
      return 0;
    }
    Command command = find(commands, args);
    if (command == null && Help.isGroup(commands, group)) {
      err.println(
          "loadlab: unknown command '"
              + Texts.cut(String.join(" ", prefix(args)))
              + "'; run 'loadlab "
              + group
              + " --help' for the commands of "
              + group);
      return UsageException.EXIT_CODE;
    }
    if (command == null) {
      err.println(
          "loadlab: unknown command '"
              + Texts.cut(String.join(" ", prefix(args)))
              + "'; run 'loadlab --help' for the list of commands");
      return UsageException.EXIT_CODE;
    }
    String[] rest = Arrays.copyOfRange(args, command.path().length, args.length);
    Options options = Help.optionsOf(command);
    String commandLine = Secrets.mask("loadlab " + String.join(" ", args));
    CommandLine cmd = null;
    RunSession.forgetOpened();
    try {
      CommandLineChecks.checkLengths(rest);
      cmd = parse(options, rest, command.operand());
      if (cmd.hasOption("help")) {
        out.print(Help.of(command, commands));
        return 0;
      }
      CommandLineChecks.check(cmd, options);
      if (command.runsLoad()) {
        RunOptions.check(cmd, command.figures()); // the shared options first
      }
      command.check(cmd);
      PathOptions.check(cmd, command);
      return command.run(cmd, new CliContext(out, err, debug, commandLine));
    } catch (LoadlabException e) {
      // Not for a run stopped by a signal before it started (exit 128 + n): it makes nothing.
      if (e.exitCode() != UsageException.EXIT_CODE && e.exitCode() < 128 && cmd != null) {
        UnstartedRun.record(command, cmd, commandLine, e.getMessage());
      }
      report(err, e, debug);
      return e.exitCode();
    } catch (OutOfMemoryError e) {
      // One line, not the JVM's stack trace: what ran out and the two ways out.
      err.println("loadlab: " + outOfMemory(e));
      if (debug) {
        e.printStackTrace(err);
      }
      return 1;
    } catch (Exception e) {
      if (cmd != null) {
        UnstartedRun.record(command, cmd, commandLine, describe(e));
      }
      err.println("loadlab: " + describe(e) + (debug ? "" : " (run with --debug for details)"));
      if (debug) {
        e.printStackTrace(err);
      }
      return 1;
    }
  }

  /**
   * Checks a command line the way {@link #run} would (the command exists, its options parse, and
   * the command's own {@link Command#check}), without running anything.
   *
   * @throws UsageException naming the first problem and its fix
   */
  public static void check(List<String> args) {
    String[] argv = CommandAliases.canonical(args.toArray(String[]::new));
    Command command = find(Checked.COMMANDS, argv);
    if (command == null) {
      throw new UsageException(
          "unknown command '"
              + Texts.cut(String.join(" ", prefix(argv)))
              + "'; see 'loadlab --help'");
    }
    String[] rest = Arrays.copyOfRange(argv, command.path().length, argv.length);
    CommandLineChecks.checkLengths(rest);
    // A campaign checks every sweep point's command line: the options are built once per command.
    Options options =
        Checked.OPTIONS.computeIfAbsent(
            String.join(" ", command.path()), k -> Help.optionsOf(command));
    CommandLine cmd = parse(options, rest, command.operand());
    CommandLineChecks.check(cmd, options);
    // Output and testbed paths (PathOptions) are checked when each run starts: a lab's lab.json
    // exists only once the lab is up.
    if (command.runsLoad()) {
      RunOptions.check(cmd, command.figures());
    }
    command.check(cmd);
  }

  /** The commands and their options as {@link #check} uses them, made once. */
  private static final class Checked {
    static final List<Command> COMMANDS = Commands.all();
    static final java.util.Map<String, Options> OPTIONS =
        new java.util.concurrent.ConcurrentHashMap<>();
  }

  /**
   * The descriptions of the options (its own, the shared run options if it runs load, and
   * --help/--debug) of the command named exactly by {@code words} (such as {@code net rr}), or null
   * if there is none; for a workload's command the same as {@link
   * io.loadlab.core.workload.Workloads#optionsOf}, and also for the commands no workload gives.
   */
  public static OptionTable optionsOf(String given) {
    String words = CommandAliases.canonical(given);
    for (Command c : Commands.all()) {
      if (String.join(" ", c.path()).equals(words)) {
        return Help.describe(c);
      }
    }
    return null;
  }

  private static CommandLine parse(Options options, String[] args, String operand) {
    try {
      // Whole option names only: a prefix could turn --password into --password-file.
      CommandLine cmd =
          DefaultParser.builder().setAllowPartialMatching(false).build().parse(options, args);
      if (operand != null && !cmd.hasOption("help")) {
        if (cmd.getArgList().isEmpty()) {
          throw new UsageException("missing " + operand + "; give it after the command");
        }
        if (cmd.getArgList().size() > 1 && !operand.endsWith("...")) {
          throw new UsageException(
              "unexpected argument '"
                  + Texts.cut(cmd.getArgList().get(1))
                  + "'; give only one "
                  + operand);
        }
      } else if (operand == null && !cmd.getArgList().isEmpty()) {
        throw new UsageException(
            "unexpected argument '"
                + Texts.cut(cmd.getArgList().get(0))
                + "'; options start with --");
      }
      return cmd;
    } catch (ParseException e) {
      throw new UsageException(Help.parseError(e, options));
    }
  }

  private static boolean isHelp(String arg) {
    return arg.equals("--help") || arg.equals("-h");
  }

  private static Command find(List<Command> commands, String[] args) {
    Command best = null;
    for (Command c : commands) {
      String[] path = c.path();
      if (path.length <= args.length
          && Arrays.equals(path, Arrays.copyOf(args, path.length))
          && (best == null || path.length > best.path().length)) {
        best = c;
      }
    }
    return best;
  }

  private static List<String> prefix(String[] args) {
    return Arrays.stream(args).takeWhile(a -> !a.startsWith("-")).toList();
  }

  private static void report(PrintStream err, LoadlabException e, boolean debug) {
    err.println("loadlab: " + e.getMessage());
    if (debug) {
      e.printStackTrace(err);
    }
  }

  /** What ran out, its limit, and how to give more or ask for less. */
  static String outOfMemory(OutOfMemoryError e) {
    long maxMiB = Runtime.getRuntime().maxMemory() >> 20;
    return "out of memory ("
        + (e.getMessage() == null ? "Java heap" : e.getMessage())
        + ", at most "
        + maxMiB
        + " MiB here): give the JVM more, e.g. LOADLAB_JAVA_OPTS=-Xmx"
        + Math.max(1, 2 * maxMiB / 1024)
        + "g, or run fewer users";
  }

  private static String describe(Throwable e) {
    String message = e.getMessage();
    return Secrets.mask(message == null ? e.getClass().getSimpleName() : message);
  }
}
