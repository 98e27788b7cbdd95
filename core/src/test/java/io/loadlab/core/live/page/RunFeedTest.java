package io.loadlab.core.live.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.live.LiveLabels;
import io.loadlab.core.live.OperationView;
import io.loadlab.core.live.RunView;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A run's feed: the run so far, interval by interval, bounded, with its warnings and ETA. */
class RunFeedTest {
  private static final long START = 1_700_000_000_000L;

  @Test
  void aLongRunIsDrawnWholeAtACoarserStep() {
    RunFeed feed = new RunFeed("net rr", Duration.ofSeconds(3000));
    feed.started(null, START);
    for (int i = 0; i < 2500; i++) {
      feed.interval(view(i, 100 + i, true));
    }
    Map<String, Object> chart = chart(feed);
    List<?> t = (List<?>) chart.get("t");
    List<?> index = (List<?>) chart.get("index");
    assertTrue(t.size() <= RunFeed.MAX_POINTS, "points: " + t.size());
    assertTrue(t.size() > RunFeed.MAX_POINTS / 4, "points: " + t.size());
    assertEquals(0, index.get(0));
    assertEquals(t.size(), rates(chart).size(), "every series as long as the time axis");
    int step = (Integer) chart.get("step");
    assertTrue(step > 1, "step: " + step);
    int last = (Integer) index.get(index.size() - 1);
    assertTrue(last > 2500 - 2 * step, "the last points are there: " + last);
    // Each point is its own interval's rate.
    for (int i = 0; i < index.size(); i++) {
      assertEquals(100.0 + (Integer) index.get(i), rates(chart).get(i));
    }
    assertEquals(500.0, (Double) feed.get().get("etaSeconds"), 1e-9);
  }

  @Test
  void warnsOfFailuresAndATargetNotHeld() {
    RunFeed feed = new RunFeed("net rr", null);
    feed.started(null, START);
    feed.interval(view(0, 100, true));
    feed.interval(view(1, 50, false));
    @SuppressWarnings("unchecked")
    List<Map<String, String>> warnings = (List<Map<String, String>>) feed.get().get("warnings");
    assertEquals(1, warnings.size(), warnings.toString());
    assertEquals("target-missed", warnings.get(0).get("kind"));
    assertTrue(
        warnings.get(0).get("message").contains("1 of 2 measured intervals"), warnings.toString());
    assertTrue(!feed.get().containsKey("etaSeconds"), "no ETA without a planned duration");
  }

  /**
   * A sweep's point: a warmup interval, measured ones, then the short one after its window while
   * the users stop (flagged warmup): the chart draws no point for it, so no false dip.
   */
  @Test
  void theIntervalAfterAMeasuredWindowIsNotDrawn() {
    RunFeed feed = new RunFeed("net rr", null);
    feed.started(null, START);
    int i = 0;
    for (String phase : List.of("users=1", "users=4")) {
      feed.interval(view(i++, 50, true, phase, true));
      feed.interval(view(i++, 100, true, phase, false));
      feed.interval(view(i++, 100, true, phase, false));
      feed.interval(view(i++, 38, true, phase, true));
    }
    Map<String, Object> chart = chart(feed);
    assertEquals(List.of(0, 1, 2, 4, 5, 6), chart.get("index"));
    assertEquals(List.of(50.0, 100.0, 100.0, 50.0, 100.0, 100.0), rates(chart));
    assertEquals(7, feed.get().get("interval"), "the figures of the last interval still shown");
  }

  /**
   * {@code since}: a page that holds the intervals up to one gets only those after it, whatever the
   * run's length; one further behind than the points kept gets the whole chart again.
   */
  @Test
  @SuppressWarnings("unchecked")
  void aPageGetsOnlyTheIntervalsItLacks() {
    RunFeed feed = new RunFeed("net rr", null);
    feed.started(null, START);
    for (int i = 0; i < 5000; i++) {
      feed.interval(view(i, 100 + i, true));
    }
    Map<String, Object> chart = (Map<String, Object>) feed.since(4996).get("chart");
    assertEquals(4996, chart.get("since"));
    assertEquals(List.of(4997, 4998, 4999), chart.get("index"));
    assertEquals(List.of(5097.0, 5098.0, 5099.0), rates(chart));
    assertEquals(4999, feed.since(4996).get("interval"));
    assertEquals(
        List.of(),
        ((Map<String, Object>) feed.since(4999).get("chart")).get("index"),
        "nothing new");
    // Behind the points kept, or no since: the whole chart, thinned.
    for (Integer behind : new Integer[] {null, 4999 - RunFeed.RECENT - 1, 6000}) {
      Map<String, Object> whole = (Map<String, Object>) feed.since(behind).get("chart");
      assertTrue(!whole.containsKey("since"), "whole for " + behind);
      assertTrue(((List<?>) whole.get("t")).size() > RunFeed.MAX_POINTS / 4, "whole: " + behind);
    }
    assertEquals(feed.get(), feed.since(null));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> chart(RunFeed feed) {
    return (Map<String, Object>) feed.get().get("chart");
  }

  @SuppressWarnings("unchecked")
  private static List<Double> rates(Map<String, Object> chart) {
    return (List<Double>) ((List<Map<String, Object>>) chart.get("operations")).get(0).get("rate");
  }

  /** Interval {@code i} (one second each) of one operation at {@code rate}, target 100/s. */
  private static RunView view(int i, double rate, boolean held) {
    return view(i, rate, held, "rr", false);
  }

  /** The same in phase {@code phase}, warmup or not. */
  private static RunView view(int i, double rate, boolean held, String phase, boolean warmup) {
    LatencySummary us = new LatencySummary(10, 20, 20, 30, 40, 50, 60, 70);
    OperationStats stats =
        new OperationStats((long) rate, 0, 1, rate, 0, 0, 0, us, null, null, null);
    OperationView op =
        new OperationView(
            "rr",
            stats,
            35,
            new OperationView.RunFigures((long) rate, 0, rate, us),
            (long) rate,
            0,
            new long[20],
            0,
            100.0,
            held);
    return new RunView(
        LiveLabels.of("net rr", Map.of(), "--metrics-label"),
        i,
        START + i * 1000L,
        START + (i + 1) * 1000L,
        phase,
        warmup,
        List.of(op),
        us,
        35,
        null,
        0,
        i + 1);
  }
}
