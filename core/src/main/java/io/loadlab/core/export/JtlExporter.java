package io.loadlab.core.export;

import io.loadlab.core.record.SampleListener;
import io.loadlab.core.run.IntervalReport;
import io.loadlab.core.run.ResultSink;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A JMeter CSV results file (JTL) with JMeter's default columns in JMeter's order, one row per
 * sample, so that {@code jmeter -g run.jtl -o dir} renders a loadlab run as a JMeter dashboard.
 * Rows are buffered and written once per interval.
 */
public final class JtlExporter implements ResultSink, SampleListener {
  /** JMeter 5.x's default CSV header. */
  public static final String HEADER =
      "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
          + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect";

  private final AppendFile file;
  private final String threadGroup;
  private StringBuilder pending = new StringBuilder();

  /**
   * @param threadGroup the thread-group name written into {@code threadName} (e.g. the workload)
   */
  public JtlExporter(Path path, String threadGroup) throws IOException {
    this.file = new AppendFile(path, System.out);
    this.threadGroup = threadGroup;
    file.append(HEADER + "\n");
  }

  @Override
  public void onSample(
      String operation,
      long latencyNanos,
      long connectNanos,
      boolean success,
      String code,
      long sent,
      long received,
      int activeUsers) {
    long elapsedMs = latencyNanos / 1_000_000;
    long end = System.currentTimeMillis();
    String label = CsvExporter.quote(operation);
    String thread = threadGroup + " " + Thread.currentThread().getName();
    String message = success ? "OK" : CsvExporter.quote(code);
    String row =
        (end - elapsedMs)
            + ","
            + elapsedMs
            + ","
            + label
            + ","
            + (success ? "200" : message)
            + ","
            + message
            + ","
            + CsvExporter.quote(thread)
            + ",text,"
            + success
            + ","
            + (success ? "" : message)
            + ","
            + received
            + ","
            + sent
            + ","
            + activeUsers
            + ","
            + activeUsers
            + ",,"
            + elapsedMs
            + ",0,"
            + connectNanos / 1_000_000
            + "\n";
    synchronized (this) {
      pending.append(row);
    }
  }

  @Override
  public void interval(IntervalReport report) throws IOException {
    flushPending();
  }

  private void flushPending() throws IOException {
    String chunk;
    synchronized (this) {
      chunk = pending.toString();
      pending = new StringBuilder(Math.max(1024, chunk.length()));
    }
    if (!chunk.isEmpty()) {
      file.append(chunk);
    }
  }

  @Override
  public void close() throws IOException {
    flushPending();
    file.close();
  }
}
