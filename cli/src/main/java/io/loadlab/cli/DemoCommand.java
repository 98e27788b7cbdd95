package io.loadlab.cli;

import io.loadlab.core.export.ExportOptions;
import io.loadlab.core.report.HeadlineFigures;
import io.loadlab.core.report.RunWarnings;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import io.loadlab.core.util.Durations;
import io.loadlab.core.util.Numbers;
import io.loadlab.core.util.Texts;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * {@code loadlab demo}: a short load test of every workload on embedded defaults (loopback server,
 * embedded broker, embedded database), each through the real command line, with an index of the
 * results in {@code results/<timestamp>/summary.md}.
 */
final class DemoCommand implements Command {
  /** One workload's part of the demo: a name and the command line that runs it. */
  record Step(String name, List<String> args) {}

  @Override
  public String[] path() {
    return new String[] {"demo"};
  }

  @Override
  public String summary() {
    return "run a short load test of every workload on embedded defaults and write a report";
  }

  @Override
  public Options options() {
    Options o = new Options();
    o.addOption(
        Option.builder()
            .longOpt("duration")
            .hasArg()
            .argName("TIME")
            .desc("how long each step measures (default 5s)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("output")
            .hasArg()
            .argName("DIR")
            .desc("where the report goes (default results/<timestamp>)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("only")
            .hasArg()
            .argName("STEPS")
            .desc("run only these steps, e.g. net-rr,net-stream")
            .build());
    o.addOption(Option.builder().longOpt("quiet").desc("print only summaries").build());
    return o;
  }

  /** The steps, in order; each workload adds its own. */
  static List<Step> steps(String duration) {
    List<Step> steps = new ArrayList<>();
    steps.add(new Step("net-rr", List.of("net", "rr", "--users", "1,4", "--duration", duration)));
    steps.add(
        new Step(
            "net-crr",
            List.of(
                "net",
                "crr",
                "--users",
                "4",
                "--request",
                "64",
                "--response",
                "8192",
                "--duration",
                duration)));
    steps.add(
        new Step("net-stream", List.of("net", "stream", "--users", "1", "--duration", duration)));
    steps.add(
        new Step(
            "amqp-latency",
            List.of(
                "amqp", "latency", "--size", "1024", "--rate", "1000", "--duration", duration)));
    steps.add(
        new Step(
            "amqp-throughput",
            List.of(
                "amqp",
                "throughput",
                "--size",
                "64,1024",
                "--count",
                "20000",
                "--npubs",
                "1",
                "--nsubs",
                "1")));
    // DS2: loads the smallest standard size (10MB) into the embedded PostgreSQL on first use
    // (~15 s with the first start of the server), then reuses it.
    steps.add(
        new Step(
            "ds2",
            List.of(
                "ds2",
                "run",
                "--load",
                "--db-size",
                "10MB",
                "--database",
                "ds2_demo",
                "--threads",
                "4",
                "--interval",
                "2s",
                "--duration",
                duration)));
    return steps;
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    Duration duration = RunOptions.duration(cmd, "duration", Duration.ofSeconds(5));
    Path dir =
        cmd.hasOption("output")
            ? Path.of(cmd.getOptionValue("output"))
            : RunOptions.defaultOutputDir("demo");
    List<Step> steps = select(steps(Durations.format(duration)), cmd.getOptionValue("only"));
    Map<String, RunResult> results = new LinkedHashMap<>();
    Map<String, Integer> exitCodes = new LinkedHashMap<>();
    for (Step step : steps) {
      ctx.out()
          .println("== demo step " + step.name() + ": loadlab " + String.join(" ", step.args()));
      List<String> args = new ArrayList<>(step.args());
      args.addAll(List.of("--output", dir.resolve(step.name()).toString()));
      if (cmd.hasOption("quiet")) {
        args.add("--quiet");
      }
      int code = Main.run(args.toArray(String[]::new), ctx.out(), ctx.err());
      exitCodes.put(step.name(), code);
      Path json = dir.resolve(step.name()).resolve(ExportOptions.JSON_NAME);
      if (Files.exists(json)) {
        results.put(step.name(), ResultJson.read(json));
      }
    }
    Path index = dir.resolve(ExportOptions.MARKDOWN_NAME);
    Files.createDirectories(dir);
    Files.writeString(index, index(steps, results, exitCodes), StandardCharsets.UTF_8);
    ctx.out().println("\ndemo report: " + index);
    boolean allOk = exitCodes.values().stream().allMatch(c -> c == 0);
    return allOk ? 0 : 1;
  }

  private static List<Step> select(List<Step> steps, String only) {
    if (only == null) {
      return steps;
    }
    List<String> wanted = Arrays.asList(only.split(","));
    List<Step> chosen = steps.stream().filter(s -> wanted.contains(s.name())).toList();
    if (chosen.isEmpty()) {
      throw new io.loadlab.core.failure.UsageException(
          "--only: no step named '"
              + Texts.cut(only)
              + "'; the steps are "
              + steps.stream().map(Step::name).toList());
    }
    return chosen;
  }

  /**
   * The rate the step's own table shows: a workload that reports a rate figure for the operation
   * (AMQP throughput's {@code publishRate size=64}, the mean over iterations, for {@code publish
   * size=64}) shows that one; else the operation's rate over the measured time.
   */
  private static double rate(RunResult r, String operation, OperationStats s) {
    String figure = operation.replaceFirst("^(\\S+)", "$1Rate");
    Double own = r.figures() == null ? null : r.figures().get(figure);
    return own != null ? own : s.ratePerSec();
  }

  private static String index(
      List<Step> steps, Map<String, RunResult> results, Map<String, Integer> exitCodes) {
    StringBuilder sb = new StringBuilder("# loadlab demo\n\n");
    sb.append("| step | status | operation | ops/s | MB/s | p50 us | p99 us | details |\n");
    sb.append("| --- | --- | --- | ---: | ---: | ---: | ---: | --- |\n");
    for (Step step : steps) {
      RunResult r = results.get(step.name());
      String status =
          r == null
              ? "no result (exit " + exitCodes.get(step.name()) + ")"
              : r.status().jsonName() + RunWarnings.statusSuffix(r);
      if (r == null || r.totals().isEmpty()) {
        sb.append("| ").append(step.name()).append(" | ").append(status).append(" | | | | | | |\n");
        continue;
      }
      for (Map.Entry<String, OperationStats> e : r.totals().entrySet()) {
        OperationStats s = e.getValue();
        // The same numbers, rounded the same way, as the Totals table of the step's summary.md.
        sb.append(
            String.format(
                Locale.ROOT,
                "| %s | %s | %s | %s | %s | %s | %s | [%s](%s/%s) |%n",
                step.name(),
                status,
                e.getKey(),
                Numbers.format(rate(r, e.getKey(), s)),
                Numbers.format(s.bytesPerSec() / 1e6),
                Numbers.format(s.latencyUs().p50()),
                Numbers.format(s.latencyUs().p99()),
                ExportOptions.MARKDOWN_NAME,
                step.name(),
                ExportOptions.MARKDOWN_NAME));
      }
    }
    for (Step step : steps) {
      RunResult r = results.get(step.name());
      // Headline figures only: no bookkeeping (queues deleted), none that is zero.
      List<String> headline =
          r == null || r.figures() == null
              ? List.of()
              : HeadlineFigures.of(
                  List.copyOf(r.figures().keySet()), k -> new double[] {r.figures().get(k)});
      if (!headline.isEmpty()) {
        sb.append("\n").append(step.name()).append(": ");
        headline.forEach(
            k -> sb.append(k).append(' ').append(Numbers.format(r.figures().get(k))).append("; "));
        sb.append('\n');
      }
    }
    sb.append("\nEach step's directory holds result.json, intervals.csv, histograms.hlog and ")
        .append("summary.md with a chart (and every figure, bookkeeping and zeros included).\n");
    boolean failed = results.values().stream().anyMatch(r -> r.status() != RunStatus.OK);
    if (failed || results.size() < steps.size()) {
      sb.append("\nSome steps did not finish ok: see their summaries.\n");
    }
    return sb.toString();
  }
}
