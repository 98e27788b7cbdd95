package io.loadlab.cli.report;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.Command;
import io.loadlab.cli.OptionDefs;
import io.loadlab.cli.RunOptions;
import io.loadlab.core.compare.ComparisonReport;
import io.loadlab.core.compare.RunComparison;
import io.loadlab.core.export.ExportOptions;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * {@code loadlab compare RUN RUN...}: runs side by side, as a lab compares bare metal, a bridged
 * guest and an SR-IOV guest. Each RUN is a {@code result.json} or the directory holding it; the
 * first run is the baseline.
 */
final class CompareCommand implements Command {
  @Override
  public String[] path() {
    return new String[] {"compare"};
  }

  @Override
  public String summary() {
    return "compare runs side by side (result.json files, run directories, or directories of"
        + " iterations; runs with one name are one configuration; the first is the baseline)";
  }

  @Override
  public String operand() {
    return "RUN...";
  }

  @Override
  public Options options() {
    Options o = new Options();
    o.addOption(
        OptionDefs.value(
            "names",
            "A,B,...",
            "column names, one per run (default: each run's label, else its testbed's network"
                + " mode, else its directory)"));
    o.addOption(
        OptionDefs.value(
            "output",
            "DIR",
            "directory for comparison.html, comparison.md and its charts (default"
                + " results/<time>-compare)"));
    return o;
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    List<String> args = cmd.getArgList();
    if (args.size() < 2) {
      throw new UsageException(
          "compare: give two runs or more (result.json files or run directories)");
    }
    List<String> names = names(cmd, args.size());
    List<RunComparison.Run> runs = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      List<Path> files = resultFiles(args.get(i));
      String groupName =
          files.size() > 1
              ? Path.of(args.get(i)).toAbsolutePath().normalize().getFileName().toString()
              : null;
      for (Path file : files) {
        RunResult r = read(file);
        String fallback =
            file.toAbsolutePath().getParent() == null
                ? args.get(i)
                : file.toAbsolutePath().getParent().getFileName().toString();
        String name =
            names != null
                ? names.get(i)
                : groupName != null ? groupName : RunComparison.defaultName(r, fallback);
        runs.add(new RunComparison.Run(name, r));
      }
    }
    Path dir =
        cmd.hasOption("output")
            ? Path.of(cmd.getOptionValue("output"))
            : RunOptions.defaultOutputDir("compare");
    String markdown = ComparisonReport.write(RunComparison.of(runs), dir);
    ctx.out().print(markdown);
    ctx.out().println();
    ctx.out().println("comparison: " + dir.resolve(ComparisonReport.MARKDOWN_NAME));
    ctx.out().println("report: " + dir.resolve(ComparisonReport.HTML_NAME));
    return 0;
  }

  private static List<String> names(CommandLine cmd, int runs) {
    String text = cmd.getOptionValue("names");
    if (text == null) {
      return null;
    }
    List<String> names = Arrays.stream(text.split(",")).map(String::strip).toList();
    if (names.size() != runs || names.stream().anyMatch(String::isEmpty)) {
      throw new UsageException(
          "--names: " + names.size() + " names for " + runs + " runs; give one name per run");
    }
    return names;
  }

  /**
   * The result files of an argument: a result.json, a run directory, or a directory of run
   * directories (the iterations of one configuration, named after the directory).
   */
  private static List<Path> resultFiles(String arg) throws IOException {
    Path p = Path.of(arg);
    if (Files.isDirectory(p) && !Files.isRegularFile(p.resolve(ExportOptions.JSON_NAME))) {
      try (var dirs = Files.list(p)) {
        List<Path> files =
            dirs.map(d -> d.resolve(ExportOptions.JSON_NAME))
                .filter(Files::isRegularFile)
                .sorted()
                .toList();
        if (!files.isEmpty()) {
          return files;
        }
      }
    }
    if (Files.isDirectory(p)) {
      p = p.resolve(ExportOptions.JSON_NAME);
    }
    if (!Files.isRegularFile(p)) {
      throw new UsageException(
          arg
              + ": no result.json there; give a run's result.json, its directory, or a directory"
              + " of run directories (one configuration's iterations)");
    }
    return List.of(p);
  }

  private static RunResult read(Path file) {
    RunResult r;
    try {
      r = ResultJson.read(file);
    } catch (IOException e) {
      throw new UsageException(file + ": not a loadlab result (" + firstLine(e.getMessage()) + ")");
    }
    if (r == null || r.workload() == null || r.status() == null || r.totals() == null) {
      throw new UsageException(
          file
              + ": not a loadlab result (no workload, status or totals); give a run's result.json"
              + " or its directory");
    }
    return r;
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "unreadable";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
