package io.loadlab.cli.report;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.Command;
import io.loadlab.cli.OptionDefs;
import io.loadlab.cli.RunOptions;
import io.loadlab.cli.RunSession;
import io.loadlab.core.export.ConsoleExporter;
import io.loadlab.core.export.ExportOptions;
import io.loadlab.core.export.JsonExporter;
import io.loadlab.core.export.MarkdownExporter;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.jmh.JmhResultImporter;
import io.loadlab.core.jtl.JtlImporter;
import io.loadlab.core.report.HtmlReportExporter;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.run.FinalWrites;
import io.loadlab.core.run.RunDirectories;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * {@code loadlab report --jmh result.json} or {@code --jtl run.jtl}: converts a JMH JSON result, or
 * the CSV results of any JMeter plan, into loadlab's result JSON, Markdown summary and HTML report,
 * so they can be compared with command-line runs of the same operations; {@code --criteria} checks
 * them (exit 1 if one fails) and {@code --junit} writes the verdicts for CI.
 */
final class JmhReportCommand implements Command {
  @Override
  public String[] path() {
    return new String[] {"report"};
  }

  @Override
  public String summary() {
    return "turn a JMH JSON result (--jmh) or a JMeter CSV results file (--jtl) into loadlab's"
        + " result.json, summary.md and report.html";
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
            .longOpt("jtl")
            .hasArg()
            .argName("FILE")
            .desc("a JMeter CSV results file of any plan (jmeter -n -t plan.jmx -l FILE)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("output")
            .hasArg()
            .argName("DIR")
            .desc(
                "directory for result.json, summary.md and report.html (default"
                    + " results/<time>-jmh or -jmeter)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("label")
            .hasArg()
            .argName("TEXT")
            .desc("a label recorded with the results")
            .build());
    o.addOption(
        OptionDefs.repeatable(
            "criteria",
            "LIST",
            "pass/fail criteria checked on the imported results, e.g. 'login:p99Ms<=500,errors==0';"
                + " a failed one makes the result failed (exit 1)"));
    o.addOption(
        OptionDefs.value(
            "junit", "FILE", "write the status and criteria as JUnit XML here, for CI"));
    return o;
  }

  @Override
  public void check(CommandLine cmd) {
    RunOptions.criteria(cmd, List.of());
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    String jmh = cmd.getOptionValue("jmh");
    String jtl = cmd.getOptionValue("jtl");
    if (jmh == null && jtl == null) {
      throw new UsageException(
          "--jmh or --jtl: missing; name JMH's JSON result (-rf json -rff FILE) or JMeter's CSV"
              + " results (-l FILE)");
    }
    if (jmh != null && jtl != null) {
      throw new UsageException("--jmh and --jtl: give one of them, not both");
    }
    RunResult result;
    Map<String, Histogram> histograms = Map.of();
    try {
      if (jmh != null) {
        result = JmhResultImporter.read(Path.of(jmh), cmd.getOptionValue("label"));
      } else {
        JtlImporter.Import imported = JtlImporter.read(Path.of(jtl), cmd.getOptionValue("label"));
        result = imported.result();
        histograms = imported.histograms();
      }
    } catch (UsageException e) {
      throw new UsageException((jmh != null ? "--jmh: " : "--jtl: ") + e.getMessage());
    }
    result = RunOptions.criteria(cmd, List.of()).judge(result);
    Path dir =
        cmd.hasOption("output")
            ? Path.of(cmd.getOptionValue("output"))
            : RunDirectories.createNew(RunOptions.defaultOutputDir(result.workload()));
    Path json = dir.resolve(ExportOptions.JSON_NAME);
    Path markdown = dir.resolve(ExportOptions.MARKDOWN_NAME);
    Path html = dir.resolve(ExportOptions.REPORT_NAME);
    Files.createDirectories(dir);
    // As a run's end: result.json last, the console after every file, all saying the same.
    RunResult written =
        FinalWrites.write(
            io.loadlab.core.export.JunitExporter.alongside(
                cmd.hasOption("junit") ? Path.of(cmd.getOptionValue("junit")) : null,
                new MarkdownExporter(markdown),
                new HtmlReportExporter(html, histograms),
                new JsonExporter(json),
                new ConsoleExporter(ctx.out(), true)),
            result);
    ctx.out().println("result: " + json);
    ctx.out().println("summary: " + markdown);
    ctx.out().println("report: " + html);
    return RunSession.exitCode(written.status());
  }
}
