package io.loadlab.core.jtl;

import io.loadlab.core.Version;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.Problem;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntCountsHistogram;

/**
 * Reads a JMeter CSV results file (JTL, any plan and samplers) into a {@link RunResult}: one
 * operation per sample label, counted as JMeter's dashboard counts (every row is a sample; {@code
 * success=false} is an error), with latency from {@code elapsed} in HdrHistograms, intervals of at
 * least a second (at most about 600 of them) and errors by response code.
 *
 * <p>Two passes over the file: the first finds the time span (and so the interval length), the
 * second counts. Memory stays small whatever the file's size: one histogram per label for the
 * totals, and a small one (milliseconds, two digits) per label per interval.
 */
public final class JtlImporter {
  /** The workload name of an imported JTL. */
  public static final String WORKLOAD = "jmeter";

  /** JMeter 5's default CSV columns, used when a file has no header line. */
  static final List<String> DEFAULT_COLUMNS =
      List.of(
          "timeStamp",
          "elapsed",
          "label",
          "responseCode",
          "responseMessage",
          "threadName",
          "dataType",
          "success",
          "failureMessage",
          "bytes",
          "sentBytes",
          "grpThreads",
          "allThreads",
          "URL",
          "Latency",
          "IdleTime",
          "Connect");

  private static final int MAX_INTERVALS = 600;
  private static final int MAX_ERROR_KINDS = 20;

  /** A converted file: the result, and each label's latency histogram in nanoseconds. */
  public record Import(RunResult result, Map<String, Histogram> histograms) {}

  private JtlImporter() {}

  /**
   * Reads a JTL file.
   *
   * @param label a label recorded with the result, or {@code null}
   * @throws UsageException if the file is missing or is not a CSV JTL
   */
  public static Import read(Path file, String label) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new UsageException(
          file + " does not exist; give the CSV results file JMeter wrote with -l FILE");
    }
    Span span = span(file);
    long intervalMs = Math.max(1000, ((span.end - span.start) / MAX_INTERVALS + 999) / 1000 * 1000);
    Accumulator acc = new Accumulator(span.start, intervalMs);
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      CsvRows rows = new CsvRows(r);
      JtlColumns cols = null;
      List<String> row;
      while ((row = rows.next()) != null) {
        if (cols == null) {
          cols = JtlColumns.of(row, file);
          rows.keep(
              cols.mask(
                  cols.timeStamp,
                  cols.elapsed,
                  cols.label,
                  cols.responseCode,
                  cols.success,
                  cols.failureMessage,
                  cols.bytes,
                  cols.sentBytes));
          if (cols.header) {
            continue;
          }
        }
        acc.add(cols, row, rows.line(), file);
      }
    }
    return acc.result(file, label);
  }

  private record Span(long start, long end, long rows) {}

  /** First pass: the earliest sample start and the latest sample end. */
  private static Span span(Path file) throws IOException {
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    long n = 0;
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      CsvRows rows = new CsvRows(r);
      JtlColumns cols = null;
      List<String> row;
      while ((row = rows.next()) != null) {
        if (cols == null) {
          cols = JtlColumns.of(row, file);
          rows.keep(cols.mask(cols.timeStamp, cols.elapsed));
          if (cols.header) {
            continue;
          }
        }
        long t = cols.timeStamp(row, rows.line(), file);
        long e = cols.elapsed(row, rows.line(), file);
        start = Math.min(start, t);
        end = Math.max(end, t + e);
        n++;
      }
    } catch (java.nio.charset.MalformedInputException e) {
      throw new UsageException(file + " is not a text file; give JMeter's CSV results (-l FILE)");
    }
    if (n == 0) {
      throw new UsageException(file + " holds no samples; give the JTL of a JMeter run");
    }
    return new Span(start, Math.max(end, start + 1), n);
  }

  /** Second pass: totals and intervals per label. */
  private static final class Accumulator {
    private final long start;
    private final long intervalMs;
    private final Map<String, Label> labels = new LinkedHashMap<>();
    private final Map<String, long[]> problemCounts = new LinkedHashMap<>();
    private final Map<String, String> problemExamples = new LinkedHashMap<>();
    private long end;

    Accumulator(long start, long intervalMs) {
      this.start = start;
      this.intervalMs = intervalMs;
    }

    void add(JtlColumns c, List<String> row, long line, Path file) {
      long t = c.timeStamp(row, line, file);
      long elapsed = Math.max(0, c.elapsed(row, line, file));
      String name = JtlColumns.field(row, c.label);
      Label l = labels.computeIfAbsent(name, Label::new);
      int interval = (int) ((t + elapsed - start) / intervalMs);
      boolean ok = c.success < 0 || !"false".equalsIgnoreCase(JtlColumns.field(row, c.success));
      long received = JtlColumns.optional(row, c.bytes);
      long sent = JtlColumns.optional(row, c.sentBytes);
      end = Math.max(end, t + elapsed);
      String kind = null;
      if (!ok) {
        String code = JtlColumns.field(row, c.responseCode);
        kind = code.isEmpty() ? "failure" : code;
        if (l.errorKinds.size() >= MAX_ERROR_KINDS && !l.errorKinds.containsKey(kind)) {
          kind = "other";
        }
        String key = name + ": " + kind;
        problemCounts.computeIfAbsent(key, k -> new long[1])[0]++;
        if (!problemExamples.containsKey(key)) {
          String msg = JtlColumns.field(row, c.failureMessage);
          problemExamples.put(key, msg.isEmpty() ? "response code " + kind : msg);
        }
      }
      l.add(interval, elapsed, ok, sent, received, kind);
    }

    Import result(Path file, String runLabel) {
      Map<String, OperationStats> totals = new LinkedHashMap<>();
      Map<String, Histogram> histograms = new LinkedHashMap<>();
      double seconds = Math.max(0.001, (end - start) / 1000.0);
      int intervalCount = 0;
      for (Label l : labels.values()) {
        totals.put(l.name, l.totals(seconds));
        histograms.put(l.name, nanos(l.total));
        intervalCount = Math.max(intervalCount, l.intervals.size());
      }
      List<IntervalSample> intervals = new ArrayList<>();
      for (int i = 0; i < intervalCount; i++) {
        long from = start + i * intervalMs;
        long to = Math.min(from + intervalMs, Math.max(end, from + 1));
        Map<String, OperationStats> ops = new LinkedHashMap<>();
        for (Label l : labels.values()) {
          OperationStats s = l.interval(i, (to - from) / 1000.0);
          if (s != null) {
            ops.put(l.name, s);
          }
        }
        intervals.add(new IntervalSample(i + 1, from, to, null, false, ops));
      }
      List<Problem> problems = new ArrayList<>();
      problemCounts.forEach((k, n) -> problems.add(new Problem(k, n[0], problemExamples.get(k))));
      Map<String, Object> configuration = new LinkedHashMap<>();
      configuration.put("jtl", file.getFileName().toString());
      configuration.put("intervalSeconds", intervalMs / 1000);
      RunResult result =
          new RunResult(
              Version.get(),
              WORKLOAD,
              runLabel,
              null,
              configuration,
              null,
              null,
              Instant.ofEpochMilli(start).toString(),
              Instant.ofEpochMilli(end).toString(),
              RunStatus.OK,
              null,
              Map.of(),
              totals,
              intervals,
              problems);
      return new Import(result, histograms);
    }
  }

  /** One label's counts: the whole run and each interval. */
  private static final class Label {
    final String name;

    /** Milliseconds, as JMeter records them: exact up to 2 s, 0.1% beyond. */
    final Histogram total = new Histogram(3);

    final List<Slot> intervals = new ArrayList<>();
    final Map<String, Long> errorKinds = new LinkedHashMap<>();
    long count;
    long errors;
    long sent;
    long received;

    Label(String name) {
      this.name = name;
    }

    void add(int interval, long elapsedMs, boolean ok, long sent, long received, String kind) {
      while (intervals.size() <= interval) {
        intervals.add(null);
      }
      Slot s = intervals.get(interval);
      if (s == null) {
        s = new Slot();
        intervals.set(interval, s);
      }
      count++;
      s.count++;
      this.sent += sent;
      this.received += received;
      s.bytes += sent + received;
      if (ok) {
        total.recordValue(elapsedMs);
        s.latencyMs.recordValue(elapsedMs);
      } else {
        errors++;
        s.errors++;
        errorKinds.merge(kind, 1L, Long::sum);
        s.errorKinds.merge(kind, 1L, Long::sum);
      }
    }

    OperationStats totals(double seconds) {
      return new OperationStats(
          count,
          errors,
          seconds,
          count / seconds,
          (sent + received) / seconds,
          sent,
          received,
          millis(total),
          null,
          errorKinds.isEmpty() ? null : new TreeMap<>(errorKinds), // sorted, as OperationTotals
          null);
    }

    OperationStats interval(int i, double seconds) {
      Slot s = i < intervals.size() ? intervals.get(i) : null;
      if (s == null) {
        return null;
      }
      return new OperationStats(
          s.count,
          s.errors,
          seconds,
          s.count / seconds,
          s.bytes / seconds,
          0,
          0,
          millis(s.latencyMs),
          null,
          s.errorKinds.isEmpty() ? null : s.errorKinds,
          null);
    }
  }

  private static final class Slot {
    final IntCountsHistogram latencyMs = new IntCountsHistogram(2);
    final Map<String, Long> errorKinds = new LinkedHashMap<>(2);
    long count;
    long errors;
    long bytes;
  }

  /** A histogram of milliseconds as one of nanoseconds, for the report's percentile spectrum. */
  private static Histogram nanos(Histogram millis) {
    Histogram h = new Histogram(3);
    for (org.HdrHistogram.HistogramIterationValue v : millis.recordedValues()) {
      h.recordValueWithCount(v.getValueIteratedTo() * 1_000_000L, v.getCountAtValueIteratedTo());
    }
    return h;
  }

  /** The summary, in microseconds, of a histogram of milliseconds. */
  private static LatencySummary millis(org.HdrHistogram.AbstractHistogram h) {
    if (h.getTotalCount() == 0) {
      return LatencySummary.EMPTY;
    }
    return new LatencySummary(
        h.getMinValue() * 1000.0,
        Math.round(h.getMean() * 1000.0 * 1000.0) / 1000.0,
        h.getValueAtPercentile(50) * 1000.0,
        h.getValueAtPercentile(90) * 1000.0,
        h.getValueAtPercentile(99) * 1000.0,
        h.getValueAtPercentile(99.9) * 1000.0,
        h.getValueAtPercentile(99.99) * 1000.0,
        h.getMaxValue() * 1000.0);
  }
}
