package io.loadlab.cli.jmeter;

import io.loadlab.core.Version;
import io.loadlab.core.criteria.Criteria;
import io.loadlab.core.export.CsvExporter;
import io.loadlab.core.export.ExportOptions;
import io.loadlab.core.export.HlogExporter;
import io.loadlab.core.export.JsonExporter;
import io.loadlab.core.export.JunitExporter;
import io.loadlab.core.export.MarkdownExporter;
import io.loadlab.core.jtl.JtlImporter;
import io.loadlab.core.report.HtmlReportExporter;
import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import io.loadlab.core.run.FinalWrites;
import io.loadlab.core.run.IntervalReport;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Turns what a JMeter run left (its CSV results, read by {@link JtlImporter}, and its exit code)
 * into the ordinary run directory: {@code result.json}, {@code intervals.csv}, {@code
 * histograms.hlog} (one whole-run histogram per sample label), {@code summary.md} and {@code
 * report.html}, with the run's status: {@code aborted} when stopped by a signal, {@code failed}
 * when JMeter failed, wrote no sample or a criterion ({@code --criteria}) failed; and the JUnit XML
 * ({@code --junit}).
 */
final class JmeterRunFiles {
  /** The workload name of a JMeter run (as of an imported JTL). */
  static final String WORKLOAD = JtlImporter.WORKLOAD;

  private JmeterRunFiles() {}

  /** The written result. */
  record Outcome(RunResult result) {}

  static Outcome write(
      Path dir,
      Path jtl,
      JmeterRunCommand.JmeterRun run,
      int exitCode,
      String signal,
      String startTime,
      String label,
      String commandLine,
      Map<String, Object> testbed,
      ExportOptions extra,
      Criteria criteria)
      throws IOException {
    RunResult imported = null;
    Map<String, Histogram> histograms = Map.of();
    String importProblem = null;
    if (Files.isRegularFile(jtl) && Files.size(jtl) > 0) {
      try {
        JtlImporter.Import i = JtlImporter.read(jtl, label);
        imported = i.result();
        histograms = i.histograms();
      } catch (RuntimeException e) {
        importProblem = e.getMessage();
      }
    }
    boolean samples = imported != null && !imported.totals().isEmpty();
    RunStatus status;
    String reason = null;
    if (signal != null) {
      status = RunStatus.ABORTED;
      reason = "stopped by " + signal;
    } else if (exitCode != 0) {
      status = RunStatus.FAILED;
      reason = "JMeter exited with " + exitCode + "; see " + dir.resolve(JmeterRunCommand.LOG_NAME);
    } else if (!samples) {
      status = RunStatus.FAILED;
      reason =
          "JMeter wrote no samples"
              + (importProblem == null ? "" : " (" + importProblem + ")")
              + "; see "
              + dir.resolve(JmeterRunCommand.LOG_NAME)
              + (run.remote().isEmpty() ? "" : " and the jmeter-server logs on " + run.remote());
    } else {
      status = RunStatus.OK;
    }
    Map<String, Object> configuration = new LinkedHashMap<>(run.describe());
    if (imported != null && imported.configuration() != null) {
      configuration.putAll(imported.configuration());
    }
    configuration.put("exitCode", exitCode);
    RunResult result =
        new RunResult(
            Version.get(),
            WORKLOAD,
            label,
            commandLine,
            configuration,
            EnvironmentInfo.current(),
            testbed,
            imported == null ? startTime : imported.startTime(),
            imported == null ? Instant.now().toString() : imported.endTime(),
            status,
            reason,
            imported == null ? Map.of() : imported.figures(),
            imported == null ? Map.of() : imported.totals(),
            imported == null ? List.of() : imported.intervals(),
            imported == null ? List.of() : imported.problems());
    result = criteria.judge(result);
    Path json = dir.resolve(ExportOptions.JSON_NAME);
    Path csv = dir.resolve(ExportOptions.CSV_NAME);
    Path hlog = dir.resolve(ExportOptions.HLOG_NAME);
    Path markdown = dir.resolve(ExportOptions.MARKDOWN_NAME);
    Files.createDirectories(dir);
    writeIntervals(result, csv);
    writeHistograms(result, histograms, hlog);
    // As a run's end: result.json last, so that all files say the same status and reason.
    RunResult written =
        FinalWrites.write(
            JunitExporter.alongside(
                extra.junit(),
                new MarkdownExporter(markdown),
                new HtmlReportExporter(dir.resolve(ExportOptions.REPORT_NAME), histograms),
                new JsonExporter(json)),
            result);
    copy(json, extra.json(), extra.console());
    copy(csv, extra.csv(), extra.console());
    copy(hlog, extra.hlog(), extra.console());
    copy(markdown, extra.markdown(), extra.console());
    copy(jtl, extra.jtl(), extra.console());
    return new Outcome(written);
  }

  private static void writeIntervals(RunResult result, Path file) throws IOException {
    try (CsvExporter csv = new CsvExporter(file)) {
      for (IntervalSample s : result.intervals()) {
        csv.interval(new IntervalReport(s, List.of(), () -> result));
      }
    }
  }

  /** One interval per label spanning the run: JMeter's samples carry no finer histograms. */
  private static void writeHistograms(
      RunResult result, Map<String, Histogram> histograms, Path file) throws IOException {
    try (OutputStream out = Files.newOutputStream(file);
        PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8)) {
      HistogramLogWriter w = new HistogramLogWriter(ps);
      long start =
          result.startTime() == null ? 0 : Instant.parse(result.startTime()).toEpochMilli();
      long end = result.endTime() == null ? start : Instant.parse(result.endTime()).toEpochMilli();
      w.outputLogFormatVersion();
      w.outputComment("loadlab " + result.toolVersion() + " jmeter, nanoseconds");
      w.outputStartTime(start);
      w.setBaseTime(start);
      w.outputLegend();
      for (Map.Entry<String, Histogram> e : histograms.entrySet()) {
        Histogram h = e.getValue().copy();
        h.setStartTimeStamp(start);
        h.setEndTimeStamp(Math.max(end, start + 1));
        h.setTag(HlogExporter.tag(e.getKey()));
        w.outputIntervalHistogram(h);
      }
    }
  }

  private static void copy(Path from, Path to, PrintStream console) throws IOException {
    if (to == null || !Files.exists(from)) {
      return;
    }
    if (to.toString().equals("-")) {
      console.print(Files.readString(from));
      return;
    }
    if (!to.toAbsolutePath().normalize().equals(from.toAbsolutePath().normalize())) {
      Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
