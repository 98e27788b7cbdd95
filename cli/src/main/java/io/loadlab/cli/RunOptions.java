package io.loadlab.cli;

import io.loadlab.cli.live.LiveOptions;
import io.loadlab.core.criteria.Criteria;
import io.loadlab.core.export.ExportOptions;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.run.RunDirectories;
import io.loadlab.core.run.RunTiming;
import io.loadlab.core.util.Durations;
import io.loadlab.core.util.Shares;
import io.loadlab.core.util.Texts;
import io.loadlab.core.workload.SharedOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * The options every load-running command shares: how long, how often to report, and where the
 * results go. By default every run writes its files into {@code results/<timestamp>-<workload>/}.
 */
public final class RunOptions {
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

  private RunOptions() {}

  /** The options every load-running command shares ({@link SharedOptions#RUN}). */
  public static final OptionTable TABLE = SharedOptions.RUN;

  static Options definitions() {
    return OptionDefs.options(TABLE);
  }

  /**
   * Checks the shared run options that no driver reads, before anything starts; throws a {@code
   * UsageException} naming the option.
   */
  public static void check(CommandLine cmd) {
    rateTolerance(cmd);
    LiveOptions.check(cmd);
  }

  /**
   * Checks the shared run options, and the criteria against the figures of the command's runs
   * ({@link Command#figures}).
   */
  public static void check(CommandLine cmd, List<String> runFigures) {
    check(cmd);
    criteria(cmd, runFigures);
  }

  /** The run's pass/fail criteria ({@code --criteria}), none if not given. */
  public static Criteria criteria(CommandLine cmd, List<String> runFigures) {
    String[] values = cmd.getOptionValues("criteria");
    return values == null
        ? Criteria.NONE
        : Criteria.parse("--criteria", List.of(values), runFigures);
  }

  /** The rate tolerance as a share of the target (0.95 unless {@code --rate-tolerance} says). */
  public static double rateTolerance(CommandLine cmd) {
    String text = cmd.getOptionValue("rate-tolerance");
    if (text == null) {
      return DEFAULT_RATE_TOLERANCE;
    }
    return Shares.parse("--rate-tolerance", text);
  }

  /** The share of a target rate a run must achieve by default. */
  public static final double DEFAULT_RATE_TOLERANCE = 0.95;

  /** The run's timing, with the command's defaults where an option is not given. */
  public static RunTiming timing(
      CommandLine cmd, Duration defaultDuration, Duration defaultInterval) {
    return new RunTiming(
        duration(cmd, "duration", defaultDuration),
        duration(cmd, "warmup", Duration.ZERO),
        duration(cmd, "interval", defaultInterval));
  }

  /** Parses a duration option, or returns the default. */
  public static Duration duration(CommandLine cmd, String option, Duration defaultValue) {
    String text = cmd.getOptionValue(option);
    return text == null ? defaultValue : Durations.parse("--" + option, text);
  }

  /**
   * Where the results go. Without {@code --output}, a new directory under {@code results/} is made
   * now, atomically, with a suffix if another run took the name. The run's directory appears with
   * {@code contents} in it (its first {@code result.json}): it is never seen without one. With
   * {@code --output DIR}, an existing {@code DIR} gets them written into it.
   */
  public static ExportOptions exports(
      CommandLine cmd, String workload, PrintStream out, RunDirectories.Contents contents)
      throws IOException {
    return exportsInto(
        cmd,
        out,
        cmd.hasOption("output")
            ? RunDirectories.createOrFill(Path.of(cmd.getOptionValue("output")), contents)
            : RunDirectories.createNew(defaultOutputDir(workload), contents));
  }

  /** Where the results go, into the run's directory {@code dir}, made already. */
  public static ExportOptions exportsInto(CommandLine cmd, PrintStream out, Path dir) {
    Path csv = null;
    if (cmd.hasOption("csv")) {
      csv = Path.of(cmd.getOptionValue("csv", "-"));
    }
    return new ExportOptions(
        dir,
        path(cmd, "json"),
        csv,
        path(cmd, "jtl"),
        path(cmd, "hlog"),
        path(cmd, "markdown"),
        out,
        cmd.hasOption("quiet"),
        path(cmd, "junit"));
  }

  /**
   * The testbed the run is on, read from {@code --testbed FILE} (a JSON object), or {@code null}.
   */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> testbed(CommandLine cmd) {
    String file = cmd.getOptionValue("testbed");
    if (file == null) {
      return null;
    }
    try {
      return ResultJson.mapper().readValue(Path.of(file).toFile(), Map.class);
    } catch (IOException | RuntimeException e) {
      throw new UsageException(
          "--testbed: cannot read '"
              + Texts.cut(file)
              + "' as a JSON object; write it with"
              + " 'loadlab provision status --describe testbed.yaml > "
              + Texts.cut(file)
              + "'");
    }
  }

  /** Where run directories go when {@code --output} is not given. */
  static final String DEFAULT_PARENT = "results";

  /**
   * A system property naming another parent for run directories without {@code --output}; the build
   * sets it so that tests never write into the source tree.
   */
  static final String PARENT_PROPERTY = "loadlab.results.parent";

  /** The parent of run directories without {@code --output}: {@code results}, relative. */
  static String defaultParent() {
    return System.getProperty(PARENT_PROPERTY, DEFAULT_PARENT);
  }

  /** {@code results/<timestamp>-<workload>} under the working directory. */
  public static Path defaultOutputDir(String workload) {
    return Path.of(
        defaultParent(), LocalDateTime.now().format(STAMP) + "-" + workload.replace(' ', '-'));
  }

  private static Path path(CommandLine cmd, String option) {
    String v = cmd.getOptionValue(option);
    return v == null ? null : Path.of(v);
  }
}
