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
import io.loadlab.core.util.JsonNumbers;
import io.loadlab.core.util.Texts;
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
      List<List<Path>> found = runsOf(args.get(i));
      String groupName =
          found.size() > 1
              ? Path.of(args.get(i)).toAbsolutePath().normalize().getFileName().toString()
              : null;
      for (List<Path> files : found) {
        Path runDir = runDir(files);
        String fallback =
            runDir.getFileName() == null ? args.get(i) : runDir.getFileName().toString();
        if (files.size() == 1) {
          RunResult r = read(files.get(0));
          String name =
              names != null
                  ? names.get(i)
                  : groupName != null ? groupName : RunComparison.defaultName(r, fallback);
          runs.add(new RunComparison.Run(name, r));
        } else {
          List<RunComparison.Client> clients = new ArrayList<>();
          for (Path f : files) {
            String dirName = f.toAbsolutePath().getParent().getFileName().toString();
            clients.add(new RunComparison.Client(dirName.replaceFirst("^\\d+-", ""), read(f)));
          }
          String name =
              names != null
                  ? names.get(i)
                  : groupName != null
                      ? groupName
                      : RunComparison.defaultName(clients.get(0).result(), fallback);
          runs.add(RunComparison.Run.ofClients(name, clients));
        }
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
   * The runs of an argument, each as its result files (one, or one per client of a run on several
   * machines): a result.json, a run directory, a campaign's run directory of clients ({@code
   * 1-machine/}, {@code 2-machine/}...), or a directory of such runs (the iterations of one
   * configuration, named after the directory).
   */
  private static List<List<Path>> runsOf(String arg) throws IOException {
    Path p = Path.of(arg);
    if (Files.isDirectory(p) && !Files.isRegularFile(p.resolve(ExportOptions.JSON_NAME))) {
      List<Path> clients = clientFiles(p);
      if (!clients.isEmpty()) {
        return List.of(clients);
      }
      List<List<Path>> runs = new ArrayList<>();
      try (var dirs = Files.list(p)) {
        for (Path d : dirs.filter(Files::isDirectory).sorted().toList()) {
          if (Files.isRegularFile(d.resolve(ExportOptions.JSON_NAME))) {
            runs.add(List.of(d.resolve(ExportOptions.JSON_NAME)));
          } else {
            List<Path> c = clientFiles(d);
            if (!c.isEmpty()) {
              runs.add(c);
            }
          }
        }
      }
      if (!runs.isEmpty()) {
        return runs;
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
    return List.of(List.of(p));
  }

  /**
   * The clients' result files of a campaign run on several machines: subdirectories {@code 1-NAME},
   * {@code 2-NAME}... numbered from 1 without a gap, each with its result.json; empty if {@code
   * dir} is not such a run.
   */
  private static List<Path> clientFiles(Path dir) throws IOException {
    java.util.TreeMap<Integer, Path> byIndex = new java.util.TreeMap<>();
    try (var dirs = Files.list(dir)) {
      for (Path d : dirs.filter(Files::isDirectory).toList()) {
        java.util.regex.Matcher m =
            java.util.regex.Pattern.compile("(\\d{1,3})-.+").matcher(d.getFileName().toString());
        if (m.matches() && Files.isRegularFile(d.resolve(ExportOptions.JSON_NAME))) {
          byIndex.put(Integer.parseInt(m.group(1)), d.resolve(ExportOptions.JSON_NAME));
        }
      }
    }
    boolean numbered =
        byIndex.size() >= 2 && byIndex.firstKey() == 1 && byIndex.lastKey() == byIndex.size();
    return numbered ? List.copyOf(byIndex.values()) : List.of();
  }

  private static Path runDir(List<Path> files) {
    Path first = files.get(0).toAbsolutePath();
    return files.size() == 1 ? first.getParent() : first.getParent().getParent();
  }

  private static RunResult read(Path file) {
    String fix = "give a run's result.json or its directory";
    RunResult r;
    try {
      String json = Files.readString(file);
      JsonNumbers.check(Texts.cut(file), json, fix);
      r = ResultJson.fromJson(json);
    } catch (IOException e) {
      String where =
          e instanceof com.fasterxml.jackson.core.JsonProcessingException j
              ? JsonNumbers.describe(j)
              : "cannot be read";
      throw new UsageException(Texts.cut(file) + ": " + where + "; " + fix);
    }
    if (r == null || r.workload() == null || r.status() == null || r.totals() == null) {
      throw new UsageException(
          file
              + ": not a loadlab result (no workload, status or totals); give a run's result.json"
              + " or its directory");
    }
    return r;
  }
}
