package io.loadlab.core.live.influx;

import io.loadlab.core.live.OperationView;
import io.loadlab.core.live.RunView;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An interval as JMeter's Backend Listener ({@code InfluxdbBackendListenerClient}) writes one:
 * measurement {@code jmeter}; per operation (its {@code transaction}) a point tagged {@code
 * statut=all}, one {@code statut=ok} and, with failures, one {@code statut=ko}; a point for {@code
 * transaction=all} over every operation; and the start and end in measurement {@code events}. Times
 * are milliseconds, as JMeter's; loadlab measures the latency of successful operations only, so the
 * {@code all} points carry the {@code ok} timings and {@code ko} points only their count.
 */
public final class JmeterPoints {
  /** JMeter's default measurement. */
  public static final String MEASUREMENT = "jmeter";

  /** The measurement of start and end annotations. */
  public static final String EVENTS = "events";

  /** The percentiles written, as JMeter names their fields ({@code pct90.0}). */
  private static final String[] PCT = {"pct50.0", "pct90.0", "pct95.0", "pct99.0", "pct99.9"};

  private final String application;
  private final Map<String, String> extraTags;

  /**
   * @param application the {@code application} tag (JMeter's {@code application} parameter)
   * @param extraTags more tags on every point (JMeter's {@code TAG_*} parameters)
   */
  public JmeterPoints(String application, Map<String, String> extraTags) {
    this.application = application;
    this.extraTags = Map.copyOf(extraTags);
  }

  /** The lines of one interval, stamped with its end. */
  public List<String> interval(RunView view) {
    long at = view.endEpochMs() * 1_000_000L;
    double seconds = Math.max((view.endEpochMs() - view.startEpochMs()) / 1_000.0, 1e-9);
    List<String> lines = new ArrayList<>();
    long count = 0;
    long errors = 0;
    long sent = 0;
    long received = 0;
    for (OperationView op : view.operations()) {
      OperationStats s = op.interval();
      count += s.count();
      errors += s.errors();
      sent += s.bytesSent();
      received += s.bytesReceived();
      String tx = op.operation();
      Map<String, Object> all = timings(s.latencyUs(), op.intervalP95Us(), s.count() - s.errors());
      all.put("count", s.count());
      all.put("countError", s.errors());
      all.put("hit", s.count());
      all.put("sb", s.bytesSent());
      all.put("rb", s.bytesReceived());
      lines.add(line(tx, "all", all, at));
      if (s.count() - s.errors() > 0) {
        Map<String, Object> ok = timings(s.latencyUs(), op.intervalP95Us(), 1);
        ok.put("count", s.count() - s.errors());
        lines.add(line(tx, "ok", ok, at));
      }
      if (s.errors() > 0) {
        Map<String, Object> ko = new LinkedHashMap<>();
        ko.put("count", s.errors());
        lines.add(line(tx, "ko", ko, at));
      }
    }
    if (count > 0) {
      Map<String, Object> total = timings(view.allLatencyUs(), view.allP95Us(), count - errors);
      total.put("count", count);
      total.put("countError", errors);
      total.put("hit", count);
      total.put("sb", sent);
      total.put("rb", received);
      lines.add(line("all", "all", total, at));
    }
    return lines;
  }

  /** The start or end annotation: {@code text} is "TITLE started" or "TITLE ended". */
  public String event(String title, boolean start, long epochMs) {
    Map<String, String> tags = new LinkedHashMap<>();
    tags.put("application", application);
    tags.put("title", "ApacheJMeter");
    tags.putAll(extraTags);
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("text", title + (start ? " started" : " ended"));
    return LineProtocol.point(EVENTS, tags, fields, epochMs * 1_000_000L);
  }

  private String line(String transaction, String statut, Map<String, Object> fields, long at) {
    Map<String, String> tags = new LinkedHashMap<>();
    tags.put("application", application);
    tags.put("statut", statut);
    tags.put("transaction", transaction);
    tags.putAll(extraTags);
    Map<String, Object> ordered = new LinkedHashMap<>();
    ordered.put("count", fields.remove("count"));
    ordered.putAll(fields);
    return LineProtocol.point(MEASUREMENT, tags, ordered, at);
  }

  /** avg, min, max and the percentiles in ms, if any operation succeeded. */
  private static Map<String, Object> timings(LatencySummary us, double p95Us, long successes) {
    Map<String, Object> f = new LinkedHashMap<>();
    if (successes <= 0 || us == null) {
      return f;
    }
    f.put("avg", ms(us.mean()));
    f.put("min", ms(us.min()));
    f.put("max", ms(us.max()));
    double[] values = {us.p50(), us.p90(), p95Us, us.p99(), us.p999()};
    for (int i = 0; i < PCT.length; i++) {
      f.put(PCT[i], ms(values[i]));
    }
    return f;
  }

  /** Microseconds as milliseconds, to the nanosecond. */
  private static double ms(double us) {
    return Math.round(us * 1_000.0) / 1_000_000.0;
  }
}
