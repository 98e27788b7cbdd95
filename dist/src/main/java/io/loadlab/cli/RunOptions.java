package io.loadlab.cli;

import io.loadlab.core.criteria.Criteria;
import io.loadlab.core.export.ExportOptions;
import io.loadlab.core.failure.UsageException;
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
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * The options every load-running command shares: how long, how often to report, and where the
 * results go. By default every run writes its files into {@code results/<timestamp>-<workload>/}.
 */
public final class RunOptions {
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

  private RunOptions() {}

  static Options definitions() {
    Options o = new Options();
    o.addOption(
        OptionDefs.value(
            "duration", "TIME", "how long to measure, e.g. 60s, 15m (default per command)"));
    o.addOption(
        OptionDefs.value(
            "warmup", "TIME", "run this long first, left out of the figures (default 0s)"));
    o.addOption(OptionDefs.value("interval", "TIME", "reporting interval (default per command)"));
    o.addOption(
        OptionDefs.value(
            "output", "DIR", "directory for the result files (default results/<time>-<workload>)"));
    o.addOption(OptionDefs.value("label", "TEXT", "a label recorded with the results"));
    o.addOption(
        OptionDefs.value(
            "json", "FILE", "also write the JSON result here (the run directory keeps its own)"));
    o.addOption(
        Option.builder()
            .longOpt("csv")
            .hasArg()
            .optionalArg(true)
            .argName("FILE")
            .desc(
                "also write the interval CSV here (the run directory keeps its own); without FILE,"
                    + " print it instead of progress lines")
            .build());
    o.addOption(
        OptionDefs.value("jtl", "FILE", "write a JMeter CSV results file, one row per sample"));
    o.addOption(OptionDefs.value("hlog", "FILE", "write the HdrHistogram interval log here too"));
    o.addOption(OptionDefs.value("markdown", "FILE", "write the Markdown summary here too"));
    o.addOption(
        OptionDefs.value(
            "testbed",
            "FILE",
            "record this testbed description (JSON from 'provision status --describe' or a lab's"
                + " lab.json) with the results"));
    o.addOption(Option.builder().longOpt("quiet").desc("print only the summary").build());
    o.addOption(
        OptionDefs.value(
            "rate-tolerance",
            "SHARE",
            "with a target rate, the share of it a run must achieve, e.g. 95% or 0.95 (default"
                + " 95%); below it the run fails with 'rate not held'"));
    o.addOption(
        OptionDefs.repeatable(
            "criteria",
            "LIST",
            "pass/fail criteria, e.g. 'p99Us<=2000,errors==0' or 'purchase:p99Ms<5'; a failed one"
                + " fails the run (exit 1); repeat or separate by commas"));
    o.addOption(
        OptionDefs.value(
            "junit",
            "FILE",
            "write the run's status, rate checks and criteria as JUnit XML here, for CI"));
    return o;
  }

  /**
   * Checks the shared run options that no driver reads, before anything starts; throws a {@code
   * UsageException} naming the option.
   */
  public static void check(CommandLine cmd) {
    rateTolerance(cmd);
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
   * now, atomically, with a suffix if another run took the name.
   */
  public static ExportOptions exports(CommandLine cmd, String workload, PrintStream out)
      throws IOException {
    Path dir =
        cmd.hasOption("output")
            ? Path.of(cmd.getOptionValue("output"))
            : RunDirectories.createNew(defaultOutputDir(workload));
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
