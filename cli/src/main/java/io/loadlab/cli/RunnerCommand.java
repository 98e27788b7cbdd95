package io.loadlab.cli;

import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.options.OptionValues;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.run.RunTiming;
import io.loadlab.core.workload.PreparedRun;
import io.loadlab.core.workload.RunConsole;
import io.loadlab.core.workload.Workload;
import io.loadlab.core.workload.WorkloadCommand;
import io.loadlab.core.workload.WorkloadRunner;
import io.loadlab.core.workload.Workloads;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.commons.cli.CommandLine;

/**
 * The command of any registered workload that runs load through its descriptor's runner ({@link
 * WorkloadRunner}) and has no command of its own here: its options parsed into the runner's
 * settings once for the check and the run, and the run through the pipeline every load command has
 * ({@link RunSession}: run directory, result.json with the settings Jackson serialises, intervals,
 * histograms, summary, live outputs, progress lines, exit codes). What the runner starts for a run
 * ({@link WorkloadRunner#prepare}) starts before the run directory is made and stops after the run;
 * its lines and the table it shows after the result go to the console.
 *
 * @param <S> the runner's settings
 */
final class RunnerCommand<S> extends DescribedCommand {
  private final WorkloadRunner<S> runner;

  private RunnerCommand(WorkloadCommand descriptor, WorkloadRunner<S> runner) {
    super(descriptor.words());
    this.runner = runner;
  }

  /**
   * Adds to {@code commands} a command for every registered workload command that has a runner and
   * none of their words: each beside its own workload's commands, in its workload's order (after
   * the last listed before it, else before the first listed after it), else at the end.
   */
  static void addOthers(List<Command> commands) {
    Set<String> words =
        commands.stream().map(c -> String.join(" ", c.path())).collect(Collectors.toSet());
    for (Workload w : Workloads.installed().workloads()) {
      List<WorkloadCommand> own = w.commands();
      for (int i = 0; i < own.size(); i++) {
        WorkloadCommand c = own.get(i);
        if (c.runner() == null || !c.runsLoad() || words.contains(c.words())) {
          continue;
        }
        commands.add(place(commands, own, i), of(c, c.runner()));
        words.add(c.words());
      }
    }
  }

  /** Where the {@code i}th of a workload's commands {@code own} goes in {@code commands}. */
  private static int place(List<Command> commands, List<WorkloadCommand> own, int i) {
    for (int before = i - 1; before >= 0; before--) {
      int at = indexOf(commands, own.get(before).words());
      if (at >= 0) {
        return at + 1;
      }
    }
    for (int after = i + 1; after < own.size(); after++) {
      int at = indexOf(commands, own.get(after).words());
      if (at >= 0) {
        return at;
      }
    }
    return commands.size();
  }

  private static int indexOf(List<Command> commands, String words) {
    for (int at = 0; at < commands.size(); at++) {
      if (String.join(" ", commands.get(at).path()).equals(words)) {
        return at;
      }
    }
    return -1;
  }

  private static <S> RunnerCommand<S> of(WorkloadCommand c, WorkloadRunner<S> runner) {
    return new RunnerCommand<>(c, runner);
  }

  @Override
  public void check(CommandLine cmd) {
    timing(cmd, settings(cmd));
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    S settings = settings(cmd);
    RunTiming timing = timing(cmd, settings);
    // A table goes where the CSV rows do not: stderr when --csv writes them to stdout.
    PrintStream table =
        cmd.hasOption("csv") && cmd.getOptionValue("csv") == null ? ctx.err() : ctx.out();
    RunConsole console =
        new RunConsole() {
          @Override
          public void warning(String line) {
            ctx.err().println("warning: " + line);
          }

          @Override
          public void notice(String line) {
            ctx.err().println(line);
          }

          @Override
          public void line(String line) {
            table.println(line);
          }
        };
    // What the run needs started (a server in this process, the target's connection) starts
    // before its directory is made: a target that does not answer leaves no run behind.
    try (PreparedRun prepared = runner.prepare(settings, console)) {
      @SuppressWarnings("unchecked")
      Map<String, Object> recorded =
          ResultJson.mapper().convertValue(prepared.recorded(), LinkedHashMap.class);
      try (RunSession session = RunSession.open(cmd, ctx, descriptor().words(), recorded, timing)) {
        session.drive(() -> prepared.run(timing, session.recording(), session.control()));
        RunResult result = session.finishResult();
        table.print(prepared.after(result));
        return RunSession.exitCode(result.status());
      }
    }
  }

  private RunTiming timing(CommandLine cmd, S settings) {
    return RunOptions.timing(cmd, runner.defaultDuration(), runner.defaultInterval(settings));
  }

  /**
   * The runner's settings from the command's options as given on the command line (its own, which
   * it reads, and the shared ones, which it may ask whether they were given).
   */
  private S settings(CommandLine cmd) {
    OptionTable all = Workloads.installed().optionsOf(descriptor().words());
    Map<String, List<String>> given = new LinkedHashMap<>();
    for (OptionSpec spec : all.specs()) {
      if (cmd.hasOption(spec.name())) {
        String[] values = cmd.getOptionValues(spec.name());
        given.put(spec.name(), values == null ? List.of() : Arrays.asList(values));
      }
    }
    return runner.settings(OptionValues.of(all, given));
  }
}
