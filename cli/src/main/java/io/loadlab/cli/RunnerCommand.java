package io.loadlab.cli;

import io.loadlab.core.results.ResultJson;
import io.loadlab.core.run.RunTiming;
import io.loadlab.core.workload.PreparedRun;
import io.loadlab.core.workload.WorkloadCommand;
import io.loadlab.core.workload.WorkloadRunner;
import io.loadlab.core.workload.Workloads;
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
 * histograms, summary, live outputs, progress lines, exit codes).
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
   * Adds to {@code served} a command for every registered workload command that has a runner and
   * none of {@code served}'s words, each after the command the registry lists before it (so that
   * {@code --help} lists a workload's commands in its descriptor's order), or at the end if none of
   * those is in {@code served}.
   */
  static void addTo(List<Command> served) {
    Set<String> words =
        served.stream().map(c -> String.join(" ", c.path())).collect(Collectors.toSet());
    int end = served.size();
    String before = null;
    for (WorkloadCommand c : Workloads.installed().commands()) {
      if (c.runner() != null && c.runsLoad() && !words.contains(c.words())) {
        int at = before == null ? -1 : indexOf(served, before);
        served.add(at < 0 ? end : at + 1, of(c, c.runner()));
        end++;
      }
      before = c.words();
    }
  }

  private static int indexOf(List<Command> commands, String words) {
    for (int i = 0; i < commands.size(); i++) {
      if (String.join(" ", commands.get(i).path()).equals(words)) {
        return i;
      }
    }
    return -1;
  }

  private static <S> RunnerCommand<S> of(WorkloadCommand c, WorkloadRunner<S> runner) {
    return new RunnerCommand<>(c, runner);
  }

  @Override
  public void check(CommandLine cmd) {
    timing(cmd);
    settings(cmd);
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    RunTiming timing = timing(cmd);
    S settings = settings(cmd);
    // What the run needs started (a server in this process, the target's connection) starts
    // before its directory is made: a target that does not answer leaves no run behind.
    try (PreparedRun prepared = runner.prepare(settings, w -> ctx.err().println("warning: " + w))) {
      @SuppressWarnings("unchecked")
      Map<String, Object> recorded =
          ResultJson.mapper().convertValue(prepared.recorded(), LinkedHashMap.class);
      try (RunSession session = RunSession.open(cmd, ctx, descriptor().words(), recorded, timing)) {
        session.drive(() -> prepared.run(timing, session.recording(), session.control()));
        return session.finish();
      }
    }
  }

  private RunTiming timing(CommandLine cmd) {
    return RunOptions.timing(cmd, runner.defaultDuration(), runner.defaultInterval());
  }

  /** The runner's settings from the command's own options, as given on the command line. */
  private S settings(CommandLine cmd) {
    return runner.settings(OptionDefs.values(cmd, described()));
  }
}
