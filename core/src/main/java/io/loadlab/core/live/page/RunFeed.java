package io.loadlab.core.live.page;

import io.loadlab.core.live.OperationView;
import io.loadlab.core.live.RunView;
import io.loadlab.core.live.RunViewListener;
import io.loadlab.core.results.AfterWindow;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A run's feed for the live page ({@code /live.json}): where the run is and its ETA, each
 * operation's figures of the last interval and of the run so far, its rate and latency interval by
 * interval for the charts, and its warnings. Built on the run's sink thread once per interval into
 * an immutable map that a poll only reads. The charts keep at most {@link #MAX_POINTS} points: past
 * that, every other one is dropped, so a long run is drawn whole at a coarser step.
 *
 * <p>{@link #since} is the feed of a page that already holds the intervals up to one it names
 * ({@code /live.json?since=N}): the chart then holds only the points after it, so a poll costs the
 * same at minute 1 and hour 5. The last {@link #RECENT} points are kept for it, every one; a page
 * further behind (or of another run) gets the whole chart again, marked {@code full}.
 */
public final class RunFeed implements RunViewListener, Supplier<Map<String, Object>> {
  /** The most points a chart's series keeps. */
  static final int MAX_POINTS = 1000;

  /** The most recent points kept, every one, for the pages that poll with {@code since}. */
  static final int RECENT = 600;

  private final String title;
  private final Double plannedSeconds;
  private final LiveWarnings warnings = new LiveWarnings();
  private final List<Double> times = new ArrayList<>();
  private final List<Integer> indexes = new ArrayList<>();
  private final Map<String, List<Double[]>> points = new LinkedHashMap<>();
  private final AfterWindow.Tracker afterWindow = new AfterWindow.Tracker();

  /** The last points drawn, every one: an interval's index, time and each operation's values. */
  private final ArrayDeque<Recent> recent = new ArrayDeque<>();

  /** The last interval dropped from {@link #recent}: a page behind it gets the whole chart. */
  private int forgotten = -1;

  private volatile Map<String, Object> full;
  private int step = 1;
  private int skipped;
  private long startEpochMs;
  private String status = "starting";
  private RunView last;
  private volatile Map<String, Object> feed;

  /**
   * @param title what the page calls the run, such as {@code net rr}
   * @param planned how long the run is to take, warmup included, or {@code null} if unknown
   */
  public RunFeed(String title, Duration planned) {
    this.title = title;
    this.plannedSeconds = planned == null ? null : planned.toMillis() / 1000.0;
    this.startEpochMs = System.currentTimeMillis();
    this.feed = make();
  }

  @Override
  public synchronized void started(RunInfo info, long startEpochMs) {
    this.startEpochMs = startEpochMs;
    this.status = "running";
    feed = make();
  }

  @Override
  public synchronized void interval(RunView view) {
    status = "running";
    last = view;
    warnings.add(view);
    record(view);
    feed = make();
  }

  @Override
  public synchronized void ended(RunResult result) {
    status = result.status().name().toLowerCase(Locale.ROOT);
    warnings.ended(result);
    feed = make();
  }

  /** The feed as the last interval left it, with the whole chart. */
  @Override
  public Map<String, Object> get() {
    Map<String, Object> f = full;
    if (f == null) {
      synchronized (this) {
        f = with(feed, chart());
        full = f;
      }
    }
    return f;
  }

  /**
   * The feed for a page that holds the points up to interval {@code since}: the chart holds only
   * those after it (marked {@code since}); or, for a page further behind than the points kept,
   * after the end, or with no {@code since}, the whole chart.
   */
  public Map<String, Object> since(Integer since) {
    synchronized (this) {
      Map<String, Object> f = feed;
      Object last = f.get("interval");
      if (since == null || since < forgotten || !(last instanceof Integer l) || since > l) {
        return get();
      }
      return with(f, newPoints(since));
    }
  }

  /** The feed {@code f} with {@code chart}. */
  private static Map<String, Object> with(Map<String, Object> f, Map<String, Object> chart) {
    Map<String, Object> out = new LinkedHashMap<>(f);
    out.put("chart", chart);
    return java.util.Collections.unmodifiableMap(out);
  }

  /** The chart of the points after interval {@code since}, every one. */
  private Map<String, Object> newPoints(int since) {
    List<Recent> after = new ArrayList<>();
    for (java.util.Iterator<Recent> it = recent.descendingIterator(); it.hasNext(); ) {
      Recent r = it.next();
      if (r.index() <= since) {
        break;
      }
      after.add(0, r);
    }
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("since", since);
    c.put("step", 1);
    List<Double> t = new ArrayList<>(after.size());
    List<Integer> index = new ArrayList<>(after.size());
    after.forEach(
        r -> {
          t.add(r.t());
          index.add(r.index());
        });
    c.put("t", t);
    c.put("index", index);
    List<Map<String, Object>> ops = new ArrayList<>();
    for (String name : points.keySet()) {
      List<Double[]> series = new ArrayList<>(after.size());
      for (Recent r : after) {
        Double[] v = r.values().get(name);
        series.add(v == null ? new Double[4] : v);
      }
      ops.add(operation(name, series));
    }
    c.put("operations", ops);
    return c;
  }

  /** A point of {@link #recent}. */
  private record Recent(int index, double t, Map<String, Double[]> values) {}

  /**
   * Adds the interval's points; every {@code step}-th interval is kept. An interval after its
   * phase's measured window (while the users stop) is no measured point and is not drawn.
   */
  private void record(RunView view) {
    if (afterWindow.next(view.phase(), view.warmup())) {
      return;
    }
    double t = round((view.endEpochMs() - startEpochMs) / 1000.0);
    Map<String, Double[]> values = new LinkedHashMap<>();
    for (OperationView op : view.operations()) {
      points.computeIfAbsent(op.operation(), k -> new ArrayList<>());
      values.put(
          op.operation(),
          new Double[] {
            op.interval().ratePerSec(),
            ms(op.interval().latencyUs().p50()),
            ms(op.interval().latencyUs().p99()),
            op.targetRate()
          });
    }
    recent.addLast(new Recent(view.index(), t, values));
    if (recent.size() > RECENT) {
      forgotten = recent.removeFirst().index();
    }
    if (++skipped < step) {
      return;
    }
    skipped = 0;
    times.add(t);
    indexes.add(view.index());
    values.forEach(
        (name, v) -> {
          List<Double[]> series = points.get(name);
          while (series.size() < times.size() - 1) {
            series.add(new Double[4]);
          }
          series.add(v);
        });
    for (List<Double[]> series : points.values()) {
      // An operation missing from this interval (or not yet seen before it) has a gap.
      while (series.size() < times.size()) {
        series.add(new Double[4]);
      }
    }
    if (times.size() > MAX_POINTS) {
      thin(times);
      thin(indexes);
      points.values().forEach(RunFeed::thin);
      step *= 2;
    }
  }

  /** Keeps every other element, the last one always. */
  private static <T> void thin(List<T> list) {
    List<T> kept = new ArrayList<>(list.size() / 2 + 1);
    for (int i = (list.size() - 1) % 2; i < list.size(); i += 2) {
      kept.add(list.get(i));
    }
    list.clear();
    list.addAll(kept);
  }

  private Map<String, Object> make() {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("kind", "run");
    f.put("title", title);
    f.put("status", status);
    f.put("startEpochMs", startEpochMs);
    RunView v = last;
    double elapsed = v == null ? 0 : (v.endEpochMs() - startEpochMs) / 1000.0;
    f.put("elapsedSeconds", round(elapsed));
    f.put("plannedSeconds", plannedSeconds);
    boolean over = !"running".equals(status) && !"starting".equals(status);
    f.put(
        "etaSeconds",
        over ? Double.valueOf(0) : plannedSeconds == null ? null : round(plannedSeconds - elapsed));
    if (v != null) {
      f.put("labels", v.labels().asMap());
      f.put("interval", v.index());
      f.put("phase", v.phase());
      f.put("warmup", v.warmup());
      f.put("updatedEpochMs", v.endEpochMs());
      f.put("operations", operations(v));
    } else {
      f.put("operations", List.of());
    }
    f.put("warnings", warnings.list());
    f.values().removeIf(java.util.Objects::isNull);
    full = null;
    return java.util.Collections.unmodifiableMap(f);
  }

  private static List<Map<String, Object>> operations(RunView v) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (OperationView op : v.operations()) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("name", op.operation());
      o.put("intervalRate", finite(op.interval().ratePerSec()));
      o.put("intervalErrors", op.interval().errors());
      o.put("intervalP50Ms", ms(op.interval().latencyUs().p50()));
      o.put("intervalP99Ms", ms(op.interval().latencyUs().p99()));
      o.put("rate", finite(op.run().ratePerSec()));
      o.put("count", op.run().count());
      o.put("errors", op.run().errors());
      o.put("p50Ms", ms(op.run().latencyUs().p50()));
      o.put("p99Ms", ms(op.run().latencyUs().p99()));
      o.put("targetRate", op.targetRate());
      o.put("held", op.held());
      out.add(o);
    }
    return out;
  }

  private Map<String, Object> chart() {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("step", step);
    c.put("t", List.copyOf(times));
    c.put("index", List.copyOf(indexes));
    List<Map<String, Object>> ops = new ArrayList<>();
    points.forEach((name, series) -> ops.add(operation(name, series)));
    c.put("operations", ops);
    return c;
  }

  private static Map<String, Object> operation(String name, List<Double[]> series) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("name", name);
    o.put("rate", column(series, 0));
    o.put("p50Ms", column(series, 1));
    o.put("p99Ms", column(series, 2));
    if (series.stream().anyMatch(p -> p[3] != null)) {
      o.put("targetRate", column(series, 3));
    }
    return o;
  }

  private static List<Double> column(List<Double[]> series, int i) {
    List<Double> out = new ArrayList<>(series.size());
    for (Double[] p : series) {
      out.add(p[i] == null ? null : finite(p[i]));
    }
    return java.util.Collections.unmodifiableList(out);
  }

  /** Microseconds as milliseconds, to the microsecond. */
  private static Double ms(double us) {
    return finite(Math.round(us) / 1000.0);
  }

  private static Double finite(double v) {
    return Double.isFinite(v) ? v : null;
  }

  private static double round(double seconds) {
    return Math.round(seconds * 1000) / 1000.0;
  }
}
