package io.loadlab.core.compare;

import io.loadlab.core.compare.RunComparison.Metric;
import io.loadlab.core.compare.RunComparison.Row;
import io.loadlab.core.export.SvgStyle;
import java.util.List;
import java.util.Locale;

/**
 * A grouped bar chart as SVG: one group per operation, one bar per run, so a glance shows which run
 * is ahead on every operation (seed reports draw SR-IOV against bridged this way).
 */
final class BarChart {
  private static final int LEFT = 80;
  private static final int TOP = 40;
  private static final int PLOT_HEIGHT = 260;
  private static final int BAR = 18;
  private static final int GAP = 24;

  private BarChart() {}

  /** The chart of one metric over every row, or null if no run has a value for it. */
  static String of(RunComparison c, Metric metric) {
    List<Row> rows = c.rows();
    int runs = c.runs().size();
    double max = 0;
    for (Row row : rows) {
      for (int i = 0; i < runs; i++) {
        double v = metric.of(row.stats().get(i));
        if (!Double.isNaN(v)) {
          max = Math.max(max, v);
        }
      }
    }
    if (max <= 0) {
      return null;
    }
    double top = niceCeiling(max);
    int groupWidth = runs * BAR + GAP;
    int width = Math.max(LEFT + rows.size() * groupWidth + 20, 420);
    int legendY = TOP + PLOT_HEIGHT + 70;
    int height = legendY + 20 * runs + 10;
    StringBuilder svg = new StringBuilder();
    svg.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " font-family=\"sans-serif\" font-size=\"11\">%n",
            width,
            height));
    svg.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%d\" y=\"20\" font-size=\"14\">%s%s</text>%n",
            LEFT,
            SvgStyle.escape(metric.title),
            metric.higherIsBetter ? " (higher is better)" : " (lower is better)"));
    for (int t = 0; t <= 4; t++) {
      double value = top * t / 4;
      int y = TOP + PLOT_HEIGHT - (int) Math.round(PLOT_HEIGHT * t / 4.0);
      svg.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>"
                  + "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>%n",
              LEFT,
              y,
              width - 10,
              y,
              LEFT - 6,
              y + 4,
              label(value)));
    }
    for (int g = 0; g < rows.size(); g++) {
      int x0 = LEFT + g * groupWidth + GAP / 2;
      for (int i = 0; i < runs; i++) {
        double v = metric.of(rows.get(g).stats().get(i));
        if (Double.isNaN(v)) {
          continue;
        }
        int h = (int) Math.round(PLOT_HEIGHT * v / top);
        svg.append(
            String.format(
                Locale.ROOT,
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\">"
                    + "<title>%s: %s %s</title></rect>%n",
                x0 + i * BAR,
                TOP + PLOT_HEIGHT - h,
                BAR - 2,
                h,
                SvgStyle.colour(i),
                SvgStyle.escape(c.runs().get(i).name()),
                label(v),
                SvgStyle.escape(metric.unit)));
      }
      int cx = x0 + runs * BAR / 2;
      int ly = TOP + PLOT_HEIGHT + 14;
      svg.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" transform=\"rotate(-30 %d %d)\">%s</text>%n",
              cx,
              ly,
              cx,
              ly,
              SvgStyle.escape(rows.get(g).operation())));
    }
    for (int i = 0; i < runs; i++) {
      int y = legendY + 20 * i;
      svg.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                  + "<text x=\"%d\" y=\"%d\">%s</text>%n",
              LEFT,
              y - 10,
              SvgStyle.colour(i),
              LEFT + 18,
              y,
              SvgStyle.escape(c.runs().get(i).name())));
    }
    svg.append("</svg>\n");
    return svg.toString();
  }

  /** 1, 2 or 5 times a power of ten, at least {@code v}. */
  static double niceCeiling(double v) {
    double p = Math.pow(10, Math.floor(Math.log10(v)));
    for (double m : new double[] {1, 2, 5, 10}) {
      if (m * p >= v) {
        return m * p;
      }
    }
    return 10 * p;
  }

  private static String label(double v) {
    if (v == 0) {
      return "0";
    }
    if (v >= 1000) {
      return String.format(Locale.ROOT, "%,.0f", v);
    }
    return String.format(Locale.ROOT, v >= 10 ? "%.0f" : "%.2f", v);
  }
}
