package io.loadlab.core.run;

import io.loadlab.core.record.OperationSnapshot;
import io.loadlab.core.results.CpuCost;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/** Adds up one operation's measured (non-warmup) intervals into its run totals. */
final class OperationTotals {
  final String phase;
  private final Histogram latency = new Histogram(3);
  private long count;
  private long errors;
  private long bytesSent;
  private long bytesReceived;
  private final Map<String, Long> errorKinds = new TreeMap<>();

  /**
   * The latency summary as of the last {@link #add}, or null: the result so far is built every
   * interval (result.json), and an operation that completed nothing since keeps its summary.
   */
  private LatencySummary summary;

  OperationTotals(String phase) {
    this.phase = phase;
  }

  void add(OperationSnapshot s) {
    if (s.latencyNanos().getTotalCount() > 0) {
      latency.add(s.latencyNanos());
      summary = null;
    }
    count += s.count();
    errors += s.errors();
    bytesSent += s.bytesSent();
    bytesReceived += s.bytesReceived();
    s.errorKinds().forEach((k, v) -> errorKinds.merge(k, v, Long::sum));
  }

  long count() {
    return count;
  }

  long errors() {
    return errors;
  }

  OperationStats stats(double seconds, CpuCost cpu, Map<String, String> parameters) {
    return of(
        count,
        errors,
        bytesSent,
        bytesReceived,
        latencySummary(),
        seconds,
        cpu,
        errorKinds.isEmpty() ? null : new TreeMap<>(errorKinds),
        parameters);
  }

  private LatencySummary latencySummary() {
    if (summary == null) {
      summary = LatencySummary.ofNanos(latency);
    }
    return summary;
  }

  static OperationStats of(OperationSnapshot s, double seconds) {
    return of(
        s.count(),
        s.errors(),
        s.bytesSent(),
        s.bytesReceived(),
        LatencySummary.ofNanos(s.latencyNanos()),
        seconds,
        null,
        s.errorKinds().isEmpty() ? null : s.errorKinds(),
        null);
  }

  private static OperationStats of(
      long count,
      long errors,
      long sent,
      long received,
      LatencySummary latency,
      double seconds,
      CpuCost cpu,
      Map<String, Long> kinds,
      Map<String, String> parameters) {
    double rate = seconds > 0 ? count / seconds : 0;
    double bytesRate = seconds > 0 ? (sent + received) / seconds : 0;
    return new OperationStats(
        count,
        errors,
        round(seconds),
        round(rate),
        round(bytesRate),
        sent,
        received,
        latency,
        cpu,
        kinds,
        parameters);
  }

  private static double round(double v) {
    return Math.round(v * 1_000.0) / 1_000.0;
  }
}
