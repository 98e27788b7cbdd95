package io.loadlab.core.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Rectangle;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.StatisticalBarRenderer;
import org.jfree.chart.renderer.category.StatisticalLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.statistics.DefaultStatisticalCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/**
 * Draws a {@link Chart} as a static SVG (JFreeChart onto JFreeSVG's Graphics2D) for Markdown, which
 * shows pictures but runs no script. Long series are thinned to what the width can show (each pixel
 * column keeps its lowest and highest point), so a one-hour run stays a small file.
 */
public final class SvgCharts {
  /** The width of every static chart, in pixels. */
  public static final int WIDTH = 900;

  private static final int HEIGHT = 420;
  private static final Font FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);

  static {
    System.setProperty("java.awt.headless", "true");
  }

  private SvgCharts() {}

  /** The chart as an SVG document. */
  public static String svg(Chart chart) {
    JFreeChart jfree =
        switch (chart.kind()) {
          case LINE, SPECTRUM -> xy(chart);
          case BAR, SWEEP -> category(chart);
        };
    jfree.setBackgroundPaint(Color.WHITE);
    jfree.setAntiAlias(true);
    jfree.getTitle().setFont(FONT.deriveFont(Font.BOLD, 14f));
    LegendTitle legend = jfree.getLegend();
    if (legend != null) {
      legend.setItemFont(FONT.deriveFont(11f));
      legend.setFrame(BlockBorder.NONE);
      legend.setPosition(RectangleEdge.BOTTOM);
    }
    int legendRows = (chart.series().size() + 3) / 4;
    int height = HEIGHT + 18 * Math.max(0, legendRows - 1);
    SVGGraphics2D g = new SVGGraphics2D(WIDTH, height);
    g.setGeomDoubleConverter(v -> String.valueOf(Math.round(v * 10) / 10.0));
    jfree.draw(g, new Rectangle(0, 0, WIDTH, height));
    return g.getSVGElement() + "\n";
  }

  private static JFreeChart xy(Chart chart) {
    XYSeriesCollection data = new XYSeriesCollection();
    int n = 0;
    for (Chart.Series s : chart.series()) {
      XYSeries xy = new XYSeries(s.name() + (n > 0 && sameName(chart, s, n) ? " #" + n : ""));
      double[][] points = Thinning.minMax(s.x(), s.y(), WIDTH / 3);
      for (int i = 0; i < points[0].length; i++) {
        if (chart.kind() == Chart.Kind.SPECTRUM && points[0][i] <= 0) {
          continue;
        }
        double x = chart.kind() == Chart.Kind.SPECTRUM ? Math.log10(points[0][i]) : points[0][i];
        xy.add(x, Double.isNaN(points[1][i]) ? null : points[1][i]);
      }
      data.addSeries(xy);
      n++;
    }
    ValueAxis xAxis;
    if (chart.kind() == Chart.Kind.SPECTRUM) {
      // log10(1/(1-p)) on a plain axis, one tick per decade: 0%, 90%, 99%, 99.9%...
      NumberAxis axis = new NumberAxis(chart.xLabel());
      axis.setTickUnit(new NumberTickUnit(1, new PercentileFormat()));
      axis.setAutoRangeIncludesZero(true);
      xAxis = axis;
    } else {
      NumberAxis axis = new NumberAxis(chart.xLabel());
      axis.setAutoRangeIncludesZero(false);
      xAxis = axis;
    }
    ValueAxis yAxis = yAxis(chart);
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
    renderer.setDrawSeriesLineAsPath(true);
    for (int i = 0; i < chart.series().size(); i++) {
      renderer.setSeriesPaint(i, Color.decode(Palette.colour(chart.colourIndex(i))));
      renderer.setSeriesStroke(i, new BasicStroke(1.5f));
    }
    XYPlot plot = new XYPlot(data, xAxis, yAxis, renderer);
    style(plot.getDomainAxis(), plot.getRangeAxis());
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(new Color(0xdddddd));
    plot.setRangeGridlinePaint(new Color(0xdddddd));
    for (Chart.Band band : chart.bands()) {
      // Unmeasured stretches (warmup, start-up) grey; a measured phase labelled, its start marked.
      IntervalMarker m = new IntervalMarker(band.from(), band.to(), band.shaded() ? BAND : NO_BAND);
      m.setLabel(band.label());
      m.setLabelFont(FONT.deriveFont(10f));
      m.setLabelAnchor(RectangleAnchor.TOP_LEFT);
      m.setLabelTextAnchor(TextAnchor.TOP_LEFT);
      plot.addDomainMarker(m, Layer.BACKGROUND);
      if (!band.shaded()) {
        plot.addDomainMarker(
            new ValueMarker(band.from(), PHASE_LINE, PHASE_STROKE), Layer.BACKGROUND);
      }
    }
    return new JFreeChart(chart.title(), FONT, plot, chart.series().size() > 1);
  }

  private static boolean sameName(Chart chart, Chart.Series s, int n) {
    for (int i = 0; i < n; i++) {
      if (chart.series().get(i).name().equals(s.name())) {
        return true;
      }
    }
    return false;
  }

  /** Dash patterns of lines over categories, in order (null: solid), as report.js draws them. */
  private static final float[][] DASHES = {
    null, {8, 4}, {2, 3}, {10, 3, 2, 3}, {4, 4}, {12, 2, 2, 2, 2, 2}
  };

  private static final Color BAND = new Color(0xeeeeee);
  private static final Color NO_BAND = new Color(0, 0, 0, 0);
  private static final Color PHASE_LINE = new Color(0xbbbbbb);
  private static final BasicStroke PHASE_STROKE =
      new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {4, 3}, 0);

  private static JFreeChart category(Chart chart) {
    DefaultStatisticalCategoryDataset data = new DefaultStatisticalCategoryDataset();
    for (Chart.Series s : chart.series()) {
      for (int i = 0; i < chart.categories().size() && i < s.y().length; i++) {
        double y = s.y()[i];
        double spread = s.hasErrorBars() ? Math.max(0, (s.high()[i] - s.low()[i]) / 2) : Double.NaN;
        data.add(
            Double.isNaN(y) ? null : y,
            Double.isNaN(spread) ? null : spread,
            s.name(),
            chart.categories().get(i));
      }
    }
    CategoryAxis xAxis = new CategoryAxis(chart.xLabel());
    if (chart.categories().size() > 6) {
      xAxis.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
    }
    xAxis.setMaximumCategoryLabelLines(2);
    ValueAxis yAxis = yAxis(chart);
    CategoryPlot plot;
    if (chart.kind() == Chart.Kind.BAR) {
      StatisticalBarRenderer r =
          new StatisticalBarRenderer() {
            @Override
            public java.awt.Paint getItemPaint(int row, int column) {
              int[] colours = chart.series().get(row).valueColours();
              return colours == null || column >= colours.length
                  ? super.getItemPaint(row, column)
                  : Color.decode(Palette.colour(colours[column]));
            }
          };
      r.setErrorIndicatorPaint(Color.DARK_GRAY);
      r.setShadowVisible(false);
      r.setDrawBarOutline(false);
      r.setBarPainter(new org.jfree.chart.renderer.category.StandardBarPainter());
      r.setItemMargin(0.02);
      for (int i = 0; i < chart.series().size(); i++) {
        r.setSeriesPaint(i, Color.decode(Palette.colour(chart.colourIndex(i))));
      }
      plot = new CategoryPlot(data, xAxis, yAxis, r);
    } else {
      StatisticalLineAndShapeRenderer r = new StatisticalLineAndShapeRenderer(true, true);
      for (int i = 0; i < chart.series().size(); i++) {
        r.setSeriesPaint(i, Color.decode(Palette.colour(chart.colourIndex(i))));
        // Each line its own dash pattern (and, by JFreeChart's default, its own shape), as in
        // report.html, so a line is never lost under another of the same values.
        float[] dash = DASHES[i % DASHES.length];
        r.setSeriesStroke(
            i,
            dash == null
                ? new BasicStroke(1.5f)
                : new BasicStroke(
                    1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, dash, 0));
      }
      plot = new CategoryPlot(data, xAxis, yAxis, r);
    }
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(new Color(0xdddddd));
    style(plot.getDomainAxis(), plot.getRangeAxis());
    return new JFreeChart(chart.title(), FONT, plot, chart.series().size() > 1);
  }

  private static ValueAxis yAxis(Chart chart) {
    if (chart.yLog()) {
      LogAxis log = new LogAxis(chart.yLabel());
      log.setBase(10);
      log.setSmallestValue(1e-3);
      log.setNumberFormatOverride(NumberFormat.getNumberInstance(Locale.ROOT));
      return log;
    }
    NumberAxis y = new NumberAxis(chart.yLabel());
    y.setAutoRangeIncludesZero(true);
    if (chart.yMin() != null) {
      // Nothing negative: neither the axis nor an error bar reaches below zero.
      y.setRangeType(org.jfree.data.RangeType.POSITIVE);
    }
    y.setNumberFormatOverride(NumberFormat.getNumberInstance(Locale.ROOT));
    return y;
  }

  private static void style(Object... axes) {
    for (Object a : axes) {
      if (a instanceof org.jfree.chart.axis.Axis axis) {
        axis.setLabelFont(FONT);
        axis.setTickLabelFont(FONT.deriveFont(11f));
      }
    }
  }

  /** Labels {@code log10(1/(1-p))} as the percentile p: 1 → 90%, 3 → 99.9%. */
  static final class PercentileFormat extends NumberFormat {
    @Override
    public StringBuffer format(double v, StringBuffer to, FieldPosition pos) {
      return to.append(percentile(Math.pow(10, v)));
    }

    @Override
    public StringBuffer format(long v, StringBuffer to, FieldPosition pos) {
      return format((double) v, to, pos);
    }

    @Override
    public Number parse(String source, ParsePosition pos) {
      return null;
    }
  }

  /** The percentile label of {@code 1/(1-p)}: 1 → 0%, 2 → 50%, 100 → 99%. */
  public static String percentile(double inverse) {
    double p = 100 * (1 - 1 / inverse);
    if (p <= 0) {
      return "0%";
    }
    String text =
        String.format(Locale.ROOT, "%.6f", p).replaceAll("0+$", "").replaceAll("\\.$", "");
    return text + "%";
  }
}
