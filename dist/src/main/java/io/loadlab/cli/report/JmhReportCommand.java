package io.loadlab.cli.report;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.Command;
import io.loadlab.cli.RunOptions;
import io.loadlab.cli.RunSession;
import io.loadlab.core.export.ConsoleExporter;
import io.loadlab.core.export.ExportOptions;
import io.loadlab.core.export.MarkdownExporter;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.jmh.JmhResultImporter;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.run.RunDirectories;
import java.nio.file.Path;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * {@code loadlab report --jmh result.json}: converts a JMH JSON result into loadlab's result JSON
 * and Markdown summary, so JMH figures can be compared with command-line and JMeter runs of the
 * same operations.
 */
final class JmhReportCommand implements Command {
  @Override
  public String[] path() {
    return new String[] {"report"};
  }

  @Override
  public String summary() {
    return "convert a JMH JSON result (-rf json) into loadlab's result JSON and summary";
  }

  @Override
  public Options options() {
    Options o = new Options();
    o.addOption(
        Option.builder()
            .longOpt("jmh")
            .hasArg()
            .argName("FILE")
            .desc("the JMH result, written by: java -jar benchmarks.jar -rf json -rff FILE")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("output")
            .hasArg()
            .argName("DIR")
            .desc("directory for result.json and summary.md (default results/<time>-jmh)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("label")
            .hasArg()
            .argName("TEXT")
            .desc("a label recorded with the results")
            .build());
    return o;
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    String jmh = cmd.getOptionValue("jmh");
    if (jmh == null) {
      throw new UsageException(
          "--jmh: missing; name the JSON file JMH wrote with -rf json -rff FILE");
    }
    RunResult result;
    try {
      result = JmhResultImporter.read(Path.of(jmh), cmd.getOptionValue("label"));
    } catch (UsageException e) {
      throw new UsageException("--jmh: " + e.getMessage());
    }
    Path dir =
        cmd.hasOption("output")
            ? Path.of(cmd.getOptionValue("output"))
            : RunDirectories.createNew(RunOptions.defaultOutputDir(JmhResultImporter.WORKLOAD));
    Path json = dir.resolve(ExportOptions.JSON_NAME);
    Path markdown = dir.resolve(ExportOptions.MARKDOWN_NAME);
    ResultJson.write(result, json);
    new MarkdownExporter(markdown).end(result);
    new ConsoleExporter(ctx.out(), true).end(result);
    ctx.out().println("result: " + json);
    ctx.out().println("summary: " + markdown);
    return RunSession.exitCode(result.status());
  }
}
