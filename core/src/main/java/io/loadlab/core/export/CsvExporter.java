package io.loadlab.core.export;

import io.loadlab.core.results.GeneratorLoad;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.run.IntervalReport;
import io.loadlab.core.run.ResultSink;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/** One CSV row per operation per interval, appended as each interval finishes. */
public final class CsvExporter implements ResultSink {
  /** The header line; the columns are documented in {@code docs/results-format.md}. */
  public static final String HEADER =
      "interval,startEpochMs,endEpochMs,phase,warmup,operation,count,errors,ratePerSec,"
          + "bytesPerSec,minUs,meanUs,p50Us,p90Us,p99Us,p999Us,p9999Us,maxUs,targetPerSec,"
          + "generatorCpuPercent,hostCpuPercent,stallMaxMs";

  private final AppendFile file;

  public CsvExporter(Path path) throws IOException {
    this(path, System.out);
  }

  /** Writes to {@code path}, or to {@code stdout} if the path is {@code -}. */
  public CsvExporter(Path path, PrintStream stdout) throws IOException {
    this.file = new AppendFile(path, stdout);
    file.append(HEADER + "\n");
  }

  @Override
  public void interval(IntervalReport report) throws IOException {
    IntervalSample s = report.sample();
    GeneratorLoad g = s.generator();
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, OperationStats> e : s.operations().entrySet()) {
      OperationStats o = e.getValue();
      LatencySummary l = o.latencyUs();
      sb.append(s.index())
          .append(',')
          .append(s.startEpochMs())
          .append(',')
          .append(s.endEpochMs())
          .append(',')
          .append(quote(s.phase() == null ? "" : s.phase()))
          .append(',')
          .append(s.warmup())
          .append(',')
          .append(quote(e.getKey()))
          .append(',')
          .append(o.count())
          .append(',')
          .append(o.errors())
          .append(',')
          .append(fmt(o.ratePerSec()))
          .append(',')
          .append(fmt(o.bytesPerSec()))
          .append(',')
          .append(fmt(l.min()))
          .append(',')
          .append(fmt(l.mean()))
          .append(',')
          .append(fmt(l.p50()))
          .append(',')
          .append(fmt(l.p90()))
          .append(',')
          .append(fmt(l.p99()))
          .append(',')
          .append(fmt(l.p999()))
          .append(',')
          .append(fmt(l.p9999()))
          .append(',')
          .append(fmt(l.max()))
          .append(',')
          .append(optional(s.targetRates() == null ? null : s.targetRates().get(e.getKey())))
          .append(',')
          .append(optional(g == null ? null : g.processCpuPercent()))
          .append(',')
          .append(optional(g == null ? null : g.hostCpuPercent()))
          .append(',')
          .append(optional(g == null ? null : g.stallMaxMs()))
          .append('\n');
    }
    if (sb.length() > 0) {
      file.append(sb.toString());
    }
  }

  /** A figure that may be unmeasured: empty then. */
  static String optional(Double v) {
    return v == null ? "" : fmt(v);
  }

  static String fmt(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }

  /** Quotes a CSV field when it holds a comma, a quote or a line break (RFC 4180). */
  public static String quote(String field) {
    if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0) {
      return field;
    }
    return '"' + field.replace("\"", "\"\"") + '"';
  }

  @Override
  public void close() throws IOException {
    file.close();
  }

  @Override
  public String target() {
    return file.target();
  }
}
