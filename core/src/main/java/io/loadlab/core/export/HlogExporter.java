package io.loadlab.core.export;

import io.loadlab.core.record.OperationSnapshot;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.run.IntervalReport;
import io.loadlab.core.run.ResultSink;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * An HdrHistogram interval log: one tagged histogram (nanoseconds) per operation per interval,
 * readable by {@code HistogramLogReader} and {@code HistogramLogProcessor}. The tag is the
 * operation name with white space and commas replaced by underscores.
 */
public final class HlogExporter implements ResultSink {
  private final AppendFile file;
  private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
  private final HistogramLogWriter writer =
      new HistogramLogWriter(new PrintStream(buffer, true, StandardCharsets.UTF_8));

  public HlogExporter(Path path) throws IOException {
    this.file = new AppendFile(path, System.out);
  }

  @Override
  public void begin(RunInfo info, long startEpochMs) throws IOException {
    writer.outputLogFormatVersion();
    writer.outputComment("loadlab " + info.toolVersion() + " " + info.workload() + ", nanoseconds");
    writer.outputStartTime(startEpochMs);
    writer.setBaseTime(startEpochMs);
    writer.outputLegend();
    drain();
  }

  @Override
  public void interval(IntervalReport report) throws IOException {
    for (OperationSnapshot s : report.snapshots()) {
      // Lent for this call, the recorder's own: it clears tag and time stamps when it reuses it.
      Histogram h = s.latencyNanos();
      h.setStartTimeStamp(report.sample().startEpochMs());
      h.setEndTimeStamp(report.sample().endEpochMs());
      h.setTag(tag(s.operation()));
      writer.outputIntervalHistogram(h);
    }
    drain();
  }

  /** The log tag of an operation name. */
  public static String tag(String operation) {
    return operation.replaceAll("[\\s,]", "_");
  }

  private void drain() throws IOException {
    if (buffer.size() > 0) {
      file.append(buffer.toByteArray());
      buffer.reset();
    }
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
