package io.loadlab.core.export;

import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * A self-contained SVG picture of a run: each operation's rate per interval above, its p99 latency
 * below, against seconds since the start. Warmup intervals are drawn too, shaded.
 */
final class SvgChart {
  private static final int WIDTH = 760;
  private static final int PANEL = 220;
  private static final int LEFT = 70;
  private static final int TOP = 30;

  private SvgChart() {}

  /** The chart, or {@code null} if the run has fewer than two intervals to draw. */
  static String rateAndLatency(RunResult r) {
    List<IntervalSample> intervals = r.intervals();
    if (intervals == null || intervals.size() < 2) {
      return null;
    }
    long t0 = intervals.get(0).startEpochMs();
    double tMax = (intervals.get(intervals.size() - 1).endEpochMs() - t0) / 1000.0;
    Map<String, List<double[]>> rate = series(intervals, t0, OperationStats::ratePerSec);
    Map<String, List<double[]>> p99 = series(intervals, t0, o -> o.latencyUs().p99());
    StringBuilder sb = new StringBuilder();
    int height = TOP + 2 * PANEL + 120 + 16 * rate.size();
    sb.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "font-family=\"sans-serif\" font-size=\"11\">%n",
            WIDTH,
            height));
    sb.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    sb.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%d\" y=\"18\" font-size=\"14\">%s</text>%n",
            LEFT,
            SvgStyle.escape(
                "loadlab " + r.workload() + (r.label() == null ? "" : ": " + r.label()))));
    shadeWarmup(sb, intervals, t0, tMax);
    panel(sb, rate, tMax, TOP, "operations per second");
    panel(sb, p99, tMax, TOP + PANEL + 40, "p99 latency (us)");
    int y = TOP + 2 * PANEL + 100;
    sb.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%d\" y=\"%d\">seconds since start</text>%n",
            LEFT + 260,
            y - 28));
    int i = 0;
    for (String op : rate.keySet()) {
      sb.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"3\" fill=\"%s\"/>"
                  + "<text x=\"%d\" y=\"%d\">%s</text>%n",
              LEFT,
              y + 16 * i,
              SvgStyle.colour(i),
              LEFT + 18,
              y + 16 * i + 5,
              SvgStyle.escape(op)));
      i++;
    }
    sb.append("</svg>\n");
    return sb.toString();
  }

  private static Map<String, List<double[]>> series(
      List<IntervalSample> intervals, long t0, ToDoubleFunction<OperationStats> value) {
    Map<String, List<double[]>> out = new LinkedHashMap<>();
    for (IntervalSample s : intervals) {
      double t = (s.endEpochMs() - t0) / 1000.0;
      s.operations()
          .forEach(
              (op, stats) ->
                  out.computeIfAbsent(op, k -> new ArrayList<>())
                      .add(new double[] {t, value.applyAsDouble(stats)}));
    }
    return out;
  }

  private static void shadeWarmup(
      StringBuilder sb, List<IntervalSample> intervals, long t0, double tMax) {
    for (IntervalSample s : intervals) {
      if (s.warmup()) {
        double x0 = x((s.startEpochMs() - t0) / 1000.0, tMax);
        double x1 = x((s.endEpochMs() - t0) / 1000.0, tMax);
        sb.append(
            String.format(
                Locale.ROOT,
                "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#eeeeee\"/>%n",
                x0,
                TOP,
                x1 - x0,
                2 * PANEL + 40));
      }
    }
  }

  private static void panel(
      StringBuilder sb, Map<String, List<double[]>> series, double tMax, int top, String title) {
    double yMax = 0;
    for (List<double[]> points : series.values()) {
      for (double[] p : points) {
        yMax = Math.max(yMax, p[1]);
      }
    }
    yMax = yMax <= 0 ? 1 : yMax * 1.1;
    int plotW = WIDTH - LEFT - 20;
    sb.append(
        String.format(
            Locale.ROOT,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#999\"/>%n",
            LEFT,
            top,
            plotW,
            PANEL));
    sb.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%d\" y=\"%d\">%s</text>%n",
            LEFT + 4,
            top + 14,
            SvgStyle.escape(title)));
    for (int k = 0; k <= 4; k++) {
      double v = yMax * k / 4;
      double y = top + PANEL - PANEL * k / 4.0;
      sb.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
              LEFT - 4,
              y + 4,
              SummaryTable.num(v)));
      double t = tMax * k / 4;
      sb.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
              x(t, tMax),
              top + PANEL + 14,
              SummaryTable.num(t)));
    }
    int i = 0;
    for (List<double[]> points : series.values()) {
      StringBuilder path = new StringBuilder();
      for (double[] p : points) {
        double y = top + PANEL - PANEL * p[1] / yMax;
        path.append(path.length() == 0 ? "" : " ")
            .append(String.format(Locale.ROOT, "%.1f,%.1f", x(p[0], tMax), y));
      }
      sb.append(
          String.format(
              Locale.ROOT,
              "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"%s\"/>%n",
              SvgStyle.colour(i),
              path));
      i++;
    }
  }

  private static double x(double t, double tMax) {
    return LEFT + (WIDTH - LEFT - 20) * (tMax <= 0 ? 0 : t / tMax);
  }
}
