package io.loadlab.core.export;

import io.loadlab.core.report.FigureNotes;
import io.loadlab.core.report.RunWarnings;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.Problem;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.run.IntervalReport;
import io.loadlab.core.run.ResultSink;
import io.loadlab.core.util.Numbers;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;

/**
 * A progress line per operation per interval while the run goes, and a summary table at the end.
 * Quiet mode prints only the summary.
 */
public final class ConsoleExporter implements ResultSink {
  private final PrintStream out;
  private final boolean quiet;
  private long startEpochMs;
  private long lastSecond = -1;

  public ConsoleExporter(PrintStream out, boolean quiet) {
    this.out = out;
    this.quiet = quiet;
  }

  @Override
  public void begin(RunInfo info, long startEpochMs) {
    this.startEpochMs = startEpochMs;
    if (!quiet) {
      out.println(
          "loadlab "
              + info.toolVersion()
              + ": "
              + info.workload()
              + (info.label() == null ? "" : " [" + info.label() + "]"));
    }
  }

  @Override
  public void interval(IntervalReport report) {
    if (quiet) {
      return;
    }
    IntervalSample s = report.sample();
    long ms = s.endEpochMs() - startEpochMs;
    // Whole seconds, unless that would repeat the last line's (a part of an interval at a phase
    // change or the end): then tenths, so that no line looks like a stray copy of the one before.
    String at =
        ms / 1000 == lastSecond
            ? String.format(Locale.ROOT, "%5.1f", ms / 1000.0)
            : String.format(Locale.ROOT, "%5d", ms / 1000);
    lastSecond = ms / 1000;
    String tag = s.warmup() ? " warmup" : "";
    if (s.operations().isEmpty()) {
      out.printf(Locale.ROOT, "[%ss]%s no operations completed%n", at, tag);
    }
    for (Map.Entry<String, OperationStats> e : s.operations().entrySet()) {
      OperationStats o = e.getValue();
      Double target = s.targetRates() == null ? null : s.targetRates().get(e.getKey());
      out.printf(
          Locale.ROOT,
          "[%ss]%s %s: %s ops/s%s  %s MB/s  p50 %s us  p99 %s us  max %s us  errors %d%n",
          at,
          tag,
          e.getKey(),
          Numbers.format(o.ratePerSec()),
          target == null ? "" : " (target " + Numbers.format(target) + ")",
          Numbers.format(o.bytesPerSec() / 1e6),
          Numbers.format(o.latencyUs().p50()),
          Numbers.format(o.latencyUs().p99()),
          Numbers.format(o.latencyUs().max()),
          o.errors());
    }
    out.flush();
  }

  @Override
  public void end(RunResult result) {
    out.println();
    out.print(SummaryTable.text(SummaryTable.header(result), SummaryTable.rows(result)));
    RunWarnings.lines(result).forEach(out::println);
    if (!result.figures().isEmpty()) {
      result
          .figures()
          .forEach((k, v) -> out.println(k + ": " + io.loadlab.core.util.Numbers.format(v)));
    }
    FigureNotes.of(result).all().forEach(out::println);
    out.print(CriteriaText.console(result));
    for (Problem p : result.problems()) {
      out.println("problem: " + p.kind() + " x" + p.count() + ": " + p.message());
    }
    RateCheckText.lines(result).forEach(line -> out.println("target rate: " + line));
    out.println(
        "status: "
            + result.status().jsonName()
            + (result.statusReason() == null ? "" : " (" + result.statusReason() + ")"));
    out.flush();
  }
}
