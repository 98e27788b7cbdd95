package io.loadlab.core.export;

import io.loadlab.core.record.SampleListener;
import io.loadlab.core.run.IntervalReport;
import io.loadlab.core.run.ResultSink;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

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

  /** A buffer that grew past this in a burst is dropped rather than kept for the run. */
  private static final int MAX_KEPT_CHARS = 4 << 20;

  private final AppendFile file;
  private final Map<String, String> labels = new ConcurrentHashMap<>();
  private final ThreadLocal<String> threadColumn;
  private final Object flushing = new Object();
  // Rows go into pending; a flush swaps in the spare buffer, so buffers are reused, not regrown.
  private StringBuilder pending = new StringBuilder();
  private StringBuilder spare = new StringBuilder();

  /**
   * @param threadGroup the thread-group name written into {@code threadName} (e.g. the workload)
   */
  public JtlExporter(Path path, String threadGroup) throws IOException {
    this.file = new AppendFile(path, System.out);
    this.threadColumn =
        ThreadLocal.withInitial(
            () -> CsvExporter.quote(threadGroup + " " + Thread.currentThread().getName()));
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
    String label = labels.computeIfAbsent(operation, CsvExporter::quote);
    String thread = threadColumn.get();
    String message = success ? "OK" : CsvExporter.quote(code);
    // Appended straight into the interval's buffer: no per-row string on the recording thread.
    synchronized (this) {
      pending
          .append(end - elapsedMs)
          .append(',')
          .append(elapsedMs)
          .append(',')
          .append(label)
          .append(',')
          .append(success ? "200" : message)
          .append(',')
          .append(message)
          .append(',')
          .append(thread)
          .append(",text,")
          .append(success)
          .append(',')
          .append(success ? "" : message)
          .append(',')
          .append(received)
          .append(',')
          .append(sent)
          .append(',')
          .append(activeUsers)
          .append(',')
          .append(activeUsers)
          .append(",,")
          .append(elapsedMs)
          .append(",0,")
          .append(connectNanos / 1_000_000)
          .append('\n');
    }
  }

  @Override
  public void interval(IntervalReport report) throws IOException {
    flushPending();
  }

  private void flushPending() throws IOException {
    synchronized (flushing) {
      StringBuilder full;
      synchronized (this) {
        full = pending;
        pending = spare;
      }
      try {
        if (full.length() > 0) {
          file.append(full.toString());
        }
      } finally {
        full.setLength(0);
        synchronized (this) {
          spare = full.capacity() > MAX_KEPT_CHARS ? new StringBuilder() : full;
        }
      }
    }
  }

  @Override
  public void close() throws IOException {
    flushPending();
    file.close();
  }

  @Override
  public String target() {
    return file.target();
  }
}
