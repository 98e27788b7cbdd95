package io.loadlab.cli;

import io.loadlab.cli.live.LiveOptions;
import io.loadlab.core.criteria.Criteria;
import io.loadlab.core.export.ExportOptions;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionSpec.Type;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.run.RunDirectories;
import io.loadlab.core.run.RunTiming;
import io.loadlab.core.util.Durations;
import io.loadlab.core.util.Shares;
import io.loadlab.core.util.Texts;
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

  /** The options every load-running command shares. */
  public static final OptionTable TABLE =
      OptionTable.of(
              OptionSpec.value(
                      "duration",
                      "TIME",
                      Type.DURATION,
                      "how long to measure, e.g. 60s, 15m (default per command)")
                  .docs("per command", "how long to measure (after warmup)"),
              OptionSpec.value(
                      "warmup",
                      "TIME",
                      Type.DURATION,
                      "run this long first, left out of the figures (default 0s)")
                  .defaultValue("0s")
                  .docs(
                      "`0s`",
                      "run this long first; warmup intervals are reported but left out of the totals"),
              OptionSpec.value(
                      "interval", "TIME", Type.DURATION, "reporting interval (default per command)")
                  .docs(
                      "per command (`1s`; DS2 `10s`)",
                      "reporting interval: one progress line and one row per operation per interval"),
              OptionSpec.value(
                      "output",
                      "DIR",
                      Type.OUTPUT,
                      "directory for the result files (default results/<time>-<workload>)")
                  .docs(
                      "`results/<yyyyMMdd-HHmmss>-<workload>` (a new directory; `-2`, `-3`, ... is"
                          + " added if another run took the name)",
                      "directory for `result.json`, `intervals.csv`, `histograms.hlog`, `summary.md`")
                  .setByCampaign(),
              OptionSpec.value("label", "TEXT", Type.TEXT, "a label recorded with the results")
                  .docs("none", "a label recorded with the results"),
              OptionSpec.value(
                      "json",
                      "FILE",
                      Type.OUTPUT,
                      "also write the JSON result here (the run directory keeps its own)")
                  .docs(
                      "none",
                      "also write the JSON result here: an extra copy, the run directory keeps its"
                          + " `result.json`")
                  .setByCampaign(),
              OptionSpec.value(
                      "csv",
                      "FILE",
                      Type.OUTPUT,
                      "also write the interval CSV here (the run directory keeps its own); without"
                          + " FILE, print it instead of progress lines")
                  .kind(OptionSpec.Kind.OPTIONAL_VALUE)
                  .docs(
                      "none",
                      "also write the interval CSV here (the run directory keeps its"
                          + " `intervals.csv`); with no FILE, print CSV rows on standard output"
                          + " instead of progress lines")
                  .setByCampaign(),
              OptionSpec.value(
                      "jtl",
                      "FILE",
                      Type.OUTPUT,
                      "write a JMeter CSV results file, one row per sample")
                  .docs("none", "write a JMeter CSV results file, one row per sample")
                  .setByCampaign(),
              OptionSpec.value(
                      "hlog", "FILE", Type.OUTPUT, "write the HdrHistogram interval log here too")
                  .docs(
                      "none",
                      "also write the HdrHistogram interval log here (the run directory keeps its"
                          + " own)")
                  .setByCampaign(),
              OptionSpec.value(
                      "markdown", "FILE", Type.OUTPUT, "write the Markdown summary here too")
                  .docs(
                      "none",
                      "also write the Markdown summary here (the run directory keeps its own)")
                  .setByCampaign(),
              // Read where the run runs; a campaign names a lab's own (lab.json) and copies none.
              OptionSpec.value(
                      "testbed",
                      "FILE",
                      Type.TEXT,
                      "record this testbed description (JSON from 'provision status --describe' or"
                          + " a lab's lab.json) with the results")
                  .docs(
                      "none",
                      "record this testbed (a JSON object: `loadlab provision status --describe"
                          + " testbed.yaml > tb.json`, or a lab's `lab.json`) in the result's"
                          + " `testbed` field, so a report says what the run ran on"),
              OptionSpec.flag("quiet", "print only the summary")
                  .docs("off", "print only the final summary")
                  .setByCampaign(),
              OptionSpec.value(
                      "rate-tolerance",
                      "SHARE",
                      Type.TEXT,
                      "with a target rate, the share of it a run must achieve, e.g. 95% or 0.95"
                          + " (default 95%); below it the run fails with 'rate not held'")
                  .defaultValue("95%")
                  .docs(
                      "`95%`",
                      "with a target rate (`net rr/crr --rate`, `amqp latency --rate`), the share of"
                          + " it the run must achieve over its measured window, as a percentage"
                          + " (`90%`) or a fraction (`0.9`), more than 0 and at most 100%; below it"
                          + " the run ends `failed`, exit code 1, reason `rate not held: 1,325 of"
                          + " 5,000 msg/s (26%)` (see [Target rates](#target-rates))"),
              OptionSpec.value(
                      "criteria",
                      "LIST",
                      Type.TEXT,
                      "pass/fail criteria, e.g. 'p99Us<=2000,errors==0' or 'purchase:p99Ms<5'; a"
                          + " failed one fails the run (exit 1); repeat or separate by commas")
                  .kind(OptionSpec.Kind.REPEATABLE)
                  .docs(
                      "none",
                      "pass/fail criteria, e.g. `'p99Us<=2000,errors==0'`; repeat the option or"
                          + " separate criteria by commas. A criterion that fails makes the run"
                          + " `failed` (exit code 1). See [Pass/fail"
                          + " criteria](#passfail-criteria---criteria)"),
              OptionSpec.value(
                      "junit",
                      "FILE",
                      Type.OUTPUT,
                      "write the run's status, rate checks and criteria as JUnit XML here, for CI")
                  .docs(
                      "none",
                      "write the run as JUnit XML for CI (Jenkins, GitLab, GitHub test reports): a"
                          + " test case for the run's status, each rate check and each criterion."
                          + " Two layouts, as no one file satisfies both schemas CI tools check:"
                          + " `FILE` in the Ant layout (strict Ant JUnit schema), and beside it a"
                          + " directory named as `FILE` without `.xml` (`junit.xml`: `junit/`) with a"
                          + " `TEST-loadlab-<suite>.xml` per suite in Maven Surefire's layout; point CI"
                          + " at one of them"
                          + " ([results-format.md](results-format.md#junit-xml---junit-file))")
                  .setByCampaign())
          .plus(LiveOptions.TABLE);

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
