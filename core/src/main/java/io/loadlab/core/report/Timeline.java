package io.loadlab.core.report;

import io.loadlab.core.report.Chart.Band;
import io.loadlab.core.report.Chart.Kind;
import io.loadlab.core.report.Chart.Series;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.OperationStats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/** Intervals on a time axis: seconds since the first interval started. */
final class Timeline {
  private final List<IntervalSample> intervals;
  private final List<String> operations;
  private final double[] x;
  private final long t0;

  Timeline(List<IntervalSample> intervals, List<String> operations) {
    this.intervals = intervals;
    this.operations = operations;
    this.t0 = intervals.get(0).startEpochMs();
    this.x = new double[intervals.size()];
    for (int i = 0; i < x.length; i++) {
      x[i] = (intervals.get(i).endEpochMs() - t0) / 1000.0;
    }
  }

  Chart chart(String id, String title, String yLabel, ToDoubleFunction<OperationStats> value) {
    List<Series> series = new ArrayList<>();
    for (String op : operations) {
      double[] y = new double[intervals.size()];
      for (int i = 0; i < y.length; i++) {
        OperationStats s = intervals.get(i).operations().get(op);
        y[i] = s == null ? Double.NaN : value.applyAsDouble(s);
      }
      series.add(Series.xy(op, x, y));
    }
    return new Chart(
        id, title, Kind.LINE, "seconds since start", yLabel, false, List.of(), series, bands());
  }

  /**
   * The rate chart: each operation's achieved rate and, for a paced operation, its target as a
   * series of its own ({@code OP target}), so a run that fell behind shows where.
   */
  Chart rate(String id, String title, String yLabel) {
    Chart chart = chart(id, title, yLabel, OperationStats::ratePerSec);
    List<Series> series = new ArrayList<>(chart.series());
    for (String op : operations) {
      double[] y = new double[intervals.size()];
      boolean paced = false;
      for (int i = 0; i < y.length; i++) {
        Map<String, Double> targets = intervals.get(i).targetRates();
        Double target = targets == null ? null : targets.get(op);
        y[i] = target == null ? Double.NaN : target;
        paced |= target != null;
      }
      if (paced) {
        series.add(Series.xy(op + " target", x, y));
      }
    }
    return series.size() == chart.series().size()
        ? chart
        : new Chart(
            id,
            title,
            Kind.LINE,
            "seconds since start",
            yLabel,
            false,
            List.of(),
            series,
            chart.bands());
  }

  /** A line per entry of {@code lines}, each a figure of the whole interval. */
  Chart perInterval(
      String id, String title, String yLabel, Map<String, ToDoubleFunction<IntervalSample>> lines) {
    List<Series> series = new ArrayList<>();
    lines.forEach(
        (name, value) ->
            series.add(Series.xy(name, x, intervals.stream().mapToDouble(value).toArray())));
    return new Chart(
        id, title, Kind.LINE, "seconds since start", yLabel, false, List.of(), series, bands());
  }

  Chart errors() {
    Map<String, double[]> byKind = new LinkedHashMap<>();
    for (int i = 0; i < intervals.size(); i++) {
      for (OperationStats s : intervals.get(i).operations().values()) {
        if (s.errors() == 0) {
          continue;
        }
        Map<String, Long> kinds =
            s.errorKinds() == null || s.errorKinds().isEmpty()
                ? Map.of("error", s.errors())
                : s.errorKinds();
        for (Map.Entry<String, Long> k : kinds.entrySet()) {
          byKind.computeIfAbsent(k.getKey(), key -> new double[intervals.size()])[i] +=
              k.getValue();
        }
      }
    }
    if (byKind.isEmpty()) {
      return null;
    }
    List<Series> series = new ArrayList<>();
    byKind.forEach((kind, y) -> series.add(Series.xy(kind, x, y)));
    return new Chart(
        "errors",
        "Errors per interval, by kind",
        Kind.LINE,
        "seconds since start",
        "errors",
        false,
        List.of(),
        series,
        bands());
  }

  /**
   * Warmup and the start-up interval as shaded ranges, and phases (when there are several) as
   * labelled ranges, unshaded: a sweep's measured points are not grey.
   */
  List<Band> bands() {
    List<Band> bands = new ArrayList<>();
    Set<String> phases = new LinkedHashSet<>();
    boolean anyWarmup = false;
    for (IntervalSample s : intervals) {
      if (s.phase() != null) {
        phases.add(s.phase());
      }
      anyWarmup |= s.warmup();
    }
    boolean showPhases = phases.size() > 1;
    Set<String> common = commonWords(phases);
    int start = 0;
    for (int i = 1; i <= intervals.size(); i++) {
      if (i < intervals.size() && same(intervals.get(start), intervals.get(i))) {
        continue;
      }
      IntervalSample first = intervals.get(start);
      String label = null;
      boolean shaded = true;
      if (first.warmup()) {
        label = "warmup";
      } else if (first.phase() == null) {
        label = i - start < intervals.size() ? "start-up" : null;
      } else if (showPhases) {
        label = shortPhase(first.phase(), common);
        shaded = false;
      }
      if (label != null) {
        bands.add(
            new Band(
                label,
                (first.startEpochMs() - t0) / 1000.0,
                (intervals.get(i - 1).endEpochMs() - t0) / 1000.0,
                shaded));
      }
      start = i;
    }
    boolean marked = bands.stream().anyMatch(b -> b.label().equals("start-up"));
    if (!marked && !anyWarmup && !showPhases && intervals.size() >= 3) {
      IntervalSample first = intervals.get(0);
      bands.add(new Band("start-up", 0, (first.endEpochMs() - t0) / 1000.0, true));
    }
    return bands;
  }

  /** Words every phase has (such as {@code request=1} in {@code users=4 request=1}). */
  private static Set<String> commonWords(Set<String> phases) {
    Set<String> common = null;
    for (String p : phases) {
      Set<String> words = new LinkedHashSet<>(Arrays.asList(p.split(" ")));
      if (common == null) {
        common = words;
      } else {
        common.retainAll(words);
      }
    }
    return common == null || phases.size() < 2 ? Set.of() : common;
  }

  /** A phase's name without the words all phases share: what tells it apart. */
  private static String shortPhase(String phase, Set<String> common) {
    String s =
        Arrays.stream(phase.split(" "))
            .filter(w -> !common.contains(w))
            .reduce((a, b) -> a + " " + b)
            .orElse(phase);
    return s.isBlank() ? phase : s;
  }

  private static boolean same(IntervalSample a, IntervalSample b) {
    return a.warmup() == b.warmup() && Objects.equals(a.phase(), b.phase());
  }
}
