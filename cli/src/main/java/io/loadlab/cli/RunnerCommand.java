package io.loadlab.cli;

import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionValues;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.run.RunTiming;
import io.loadlab.core.workload.WorkloadCommand;
import io.loadlab.core.workload.WorkloadRunner;
import io.loadlab.core.workload.Workloads;
import java.util.ArrayList;
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
   * A command for every registered workload command that has a runner and none of {@code served}'s
   * words, in the registry's order.
   */
  static List<Command> forOthers(List<Command> served) {
    Set<String> words =
        served.stream().map(c -> String.join(" ", c.path())).collect(Collectors.toSet());
    List<Command> out = new ArrayList<>();
    for (WorkloadCommand c : Workloads.installed().commands()) {
      if (c.runner() != null && c.runsLoad() && !words.contains(c.words())) {
        out.add(of(c, c.runner()));
      }
    }
    return out;
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
    @SuppressWarnings("unchecked")
    Map<String, Object> recorded =
        ResultJson.mapper().convertValue(runner.recorded(settings), LinkedHashMap.class);
    try (RunSession session = RunSession.open(cmd, ctx, descriptor().words(), recorded, timing)) {
      session.drive(() -> runner.run(settings, timing, session.recording(), session.control()));
      return session.finish();
    }
  }

  private RunTiming timing(CommandLine cmd) {
    return RunOptions.timing(cmd, runner.defaultDuration(), runner.defaultInterval());
  }

  /** The runner's settings from the command's own options, as given on the command line. */
  private S settings(CommandLine cmd) {
    Map<String, List<String>> given = new LinkedHashMap<>();
    for (OptionSpec spec : described().specs()) {
      if (cmd.hasOption(spec.name())) {
        String[] values = cmd.getOptionValues(spec.name());
        given.put(spec.name(), values == null ? List.of() : Arrays.asList(values));
      }
    }
    return runner.settings(OptionValues.of(described(), given));
  }
}
