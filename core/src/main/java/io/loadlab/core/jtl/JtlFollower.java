package io.loadlab.core.jtl;

import io.loadlab.core.record.Recorder;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import io.loadlab.core.run.ResultSink;
import io.loadlab.core.run.RunRecording;
import java.io.IOException;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Follows the CSV JTL file a JMeter run is writing, so the run's live outputs ({@code jmeter run
 * --influx}) see the plan's samples interval by interval, whatever the plan holds: every quarter
 * second the rows added since (complete lines only) are recorded as operations of a run of their
 * own, cut into intervals as they arrive. The run's files are still made from the whole JTL after
 * it ends; this run only feeds the live sinks it is given.
 */
public final class JtlFollower implements AutoCloseable {
  private static final long POLL_MS = 250;
  private static final int MAX_ERROR_KINDS = 20;
  private static final int MAX_READ = 8 << 20;

  private final Path file;
  private final Recorder recorder;
  private final RunRecording recording;
  private final Set<String> errorKinds = new HashSet<>();
  private final Thread thread;
  private volatile boolean stopping;
  private JtlColumns columns;
  private long offset;
  private long rows;

  private JtlFollower(Path file, Recorder recorder, RunRecording recording) {
    this.file = file;
    this.recorder = recorder;
    this.recording = recording;
    this.thread = new Thread(this::follow, "loadlab-jtl-follower");
    thread.setDaemon(true);
  }

  /**
   * Starts following {@code jtl} (which need not exist yet) into a run handed to {@code sinks}.
   *
   * @param every the intervals' length
   */
  public static JtlFollower start(Path jtl, RunInfo info, List<ResultSink> sinks, Duration every) {
    Recorder recorder = new Recorder();
    JtlFollower f =
        new JtlFollower(jtl, recorder, RunRecording.start(info, recorder, sinks, every));
    f.thread.start();
    return f;
  }

  private void follow() {
    while (!stopping) {
      try {
        Thread.sleep(POLL_MS);
        poll();
      } catch (InterruptedException e) {
        return;
      } catch (IOException | RuntimeException e) {
        // A file being written: read again next time.
      }
    }
  }

  /** The rows recorded so far. */
  public synchronized long rows() {
    return rows;
  }

  /** Records the complete rows written since the last call. */
  synchronized void poll() throws IOException {
    if (!Files.isRegularFile(file)) {
      return;
    }
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      while (true) {
        long size = ch.size();
        if (size <= offset) {
          return;
        }
        ByteBuffer buf = ByteBuffer.allocate((int) Math.min(size - offset, MAX_READ));
        ch.read(buf, offset);
        byte[] bytes = buf.array();
        int end = buf.position() - 1;
        while (end >= 0 && bytes[end] != '\n') {
          end--;
        }
        if (end < 0) {
          return;
        }
        offset += end + 1;
        record(new String(bytes, 0, end + 1, StandardCharsets.UTF_8));
      }
    }
  }

  private void record(String text) throws IOException {
    CsvRows csv = new CsvRows(new StringReader(text));
    List<String> row;
    while ((row = csv.next()) != null) {
      if (columns == null) {
        columns = JtlColumns.of(row, file);
        if (columns.header) {
          continue;
        }
      }
      try {
        record(row, csv.line());
      } catch (RuntimeException malformed) {
        // A row the importer judges after the run; the live view goes on without it.
      }
    }
  }

  private void record(List<String> row, long line) {
    long nanos = Math.max(0, columns.elapsed(row, line, file)) * 1_000_000L;
    String label = JtlColumns.field(row, columns.label);
    boolean ok =
        columns.success < 0 || !"false".equalsIgnoreCase(JtlColumns.field(row, columns.success));
    if (ok) {
      recorder
          .operation(label)
          .success(
              nanos,
              JtlColumns.optional(row, columns.sentBytes),
              JtlColumns.optional(row, columns.bytes));
    } else {
      String code = JtlColumns.field(row, columns.responseCode);
      String kind = code.isEmpty() ? "failure" : code;
      if (!errorKinds.contains(kind)) {
        if (errorKinds.size() >= MAX_ERROR_KINDS) {
          kind = "other";
        } else {
          errorKinds.add(kind);
        }
      }
      recorder.operation(label).failure(nanos, kind);
    }
    rows++;
  }

  /**
   * Reads what is left of the file and ends the run with {@code status} (its sinks say the end).
   */
  public RunResult finish(RunStatus status) {
    stopping = true;
    thread.interrupt();
    try {
      thread.join(5_000);
      poll();
    } catch (IOException | RuntimeException e) {
      // what could not be read is in the run's files, made from the whole JTL
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return recording.finish(status, null);
  }

  @Override
  public void close() {
    stopping = true;
    thread.interrupt();
    recording.close();
  }
}
