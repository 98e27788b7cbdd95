package io.loadlab.core.report;

import io.loadlab.core.record.OperationSnapshot;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.run.IntervalReport;
import io.loadlab.core.run.ResultSink;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Writes a run's {@code report.html} at its end. Each measured (not warmup) interval's histograms
 * are added up per operation as the run goes, for the percentile spectrum.
 */
public final class HtmlReportExporter implements ResultSink {
  private final Path file;
  private final Map<String, Histogram> histograms = new LinkedHashMap<>();

  public HtmlReportExporter(Path file) {
    this.file = file;
  }

  /** The report of a result written whole (imported): its latency histograms given at once. */
  public HtmlReportExporter(Path file, Map<String, Histogram> histograms) {
    this.file = file;
    this.histograms.putAll(histograms);
  }

  @Override
  public void begin(RunInfo info, long startEpochMs) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
  }

  @Override
  public void interval(IntervalReport report) {
    if (report.sample().warmup()) {
      return;
    }
    for (OperationSnapshot s : report.snapshots()) {
      if (s.latencyNanos() != null && s.latencyNanos().getTotalCount() > 0) {
        histograms
            .computeIfAbsent(
                s.operation(),
                k -> new Histogram(s.latencyNanos().getNumberOfSignificantValueDigits()))
            .add(s.latencyNanos());
      }
    }
  }

  @Override
  public void end(RunResult result) throws IOException {
    new RunReport(result, histograms).write(file);
  }

  @Override
  public String target() {
    return file.toString();
  }
}
