package io.loadlab.core.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * One chart, described once and drawn twice: by ECharts in {@code report.html} and as a static SVG
 * for Markdown. Values are plain numbers in the unit named by the axis label; {@code NaN} is a gap.
 *
 * @param id a name unique in its report (the SVG file and the HTML element are named after it)
 * @param title what the chart shows
 * @param kind how it is drawn
 * @param xLabel the x axis' name, with its unit
 * @param yLabel the y axis' name, with its unit
 * @param yLog a logarithmic y axis
 * @param categories the x axis' categories (bars and sweeps), or empty for a numeric x axis
 * @param series the lines or bar groups
 * @param bands labelled x ranges (warmup and start-up shaded, phases marked), in x axis units;
 *     empty for none
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Chart(
    String id,
    String title,
    Kind kind,
    String xLabel,
    String yLabel,
    boolean yLog,
    List<String> categories,
    List<Series> series,
    List<Band> bands) {

  /** How a chart is drawn. */
  public enum Kind {
    /** Lines against a numeric x axis (time). */
    LINE,
    /**
     * Latency against percentile, x being {@code 1/(1-p)} on a log axis labelled in percent, as
     * HdrHistogram's plotter draws the percentile spectrum.
     */
    SPECTRUM,
    /** Grouped bars, one group per category, one bar per series, with error bars if given. */
    BAR,
    /** Lines over categories (sweep points), with error bars if given. */
    SWEEP
  }

  /**
   * One line or one set of bars.
   *
   * @param name the legend's text
   * @param x x values for {@link Kind#LINE} and {@link Kind#SPECTRUM}; empty for categories
   * @param y the values, one per x or per category
   * @param low the error bars' lower ends, or empty for none
   * @param high the error bars' upper ends, or empty for none
   * @param stack series with the same non-null stack name are stacked (bars only)
   * @param colour the series' colour as an index into the {@link Palette}, so that one thing (a
   *     configuration, a client) keeps its colour in every chart of a report; null for the series'
   *     own position
   * @param valueColours each value's own colour as a palette index, where the values of one series
   *     stand for different things (a bar per configuration); null for the series' colour
   */
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  public record Series(
      String name,
      double[] x,
      double[] y,
      double[] low,
      double[] high,
      String stack,
      Integer colour,
      int[] valueColours) {
    /** A series in one colour. */
    public Series(
        String name, double[] x, double[] y, double[] low, double[] high, String stack, Integer c) {
      this(name, x, y, low, high, stack, c, null);
    }

    /** A series coloured by its position. */
    public Series(String name, double[] x, double[] y, double[] low, double[] high, String stack) {
      this(name, x, y, low, high, stack, null);
    }

    /** A series over categories. */
    public static Series of(String name, double[] y) {
      return new Series(name, new double[0], y, new double[0], new double[0], null);
    }

    /** A series of points. */
    public static Series xy(String name, double[] x, double[] y) {
      return new Series(name, x, y, new double[0], new double[0], null);
    }

    /** True if it has error bars. */
    public boolean hasErrorBars() {
      return low.length > 0 && high.length > 0;
    }

    /** This series with the colour of palette entry {@code index}. */
    public Series coloured(int index) {
      return new Series(name, x, y, low, high, stack, index, valueColours);
    }

    /** This series with value {@code i} in palette entry {@code colours[i]}. */
    public Series colouredByValue(int[] colours) {
      return new Series(name, x, y, low, high, stack, colour, colours.clone());
    }

    /** This series stacked on the others of {@code stackName}. */
    public Series stacked(String stackName) {
      return new Series(name, x, y, low, high, stackName, colour, valueColours);
    }
  }

  /** The palette index of series {@code i}: its own colour, else its position. */
  public int colourIndex(int i) {
    Integer c = series.get(i).colour();
    return c == null ? i : c;
  }

  /**
   * A range of the x axis with its label: shaded where nothing is measured (warmup, start-up), or
   * only labelled and marked at its start (a measured phase, such as a sweep point), so that the
   * measured stretches of a sweep stay white.
   */
  public record Band(String label, double from, double to, boolean shaded) {}

  /** A chart with no bands. */
  public static Chart of(
      String id,
      String title,
      Kind kind,
      String xLabel,
      String yLabel,
      List<String> categories,
      List<Series> series) {
    return new Chart(id, title, kind, xLabel, yLabel, false, categories, series, List.of());
  }

  /**
   * The y axis' lowest value: 0 where nothing drawn is negative (rates, latencies, counts, ratios:
   * their axis never reaches below zero, whatever the scale's rounding), or null for an automatic
   * axis (a log axis, or negative values).
   */
  @JsonProperty("yMin")
  public Double yMin() {
    if (yLog) {
      return null;
    }
    for (Series s : series) {
      for (double[] values : new double[][] {s.y(), s.low(), s.high()}) {
        for (double v : values) {
          if (v < 0) {
            return null;
          }
        }
      }
    }
    return 0.0;
  }

  /** True if some series has a value that is a number. */
  public boolean hasData() {
    for (Series s : series) {
      for (double v : s.y()) {
        if (!Double.isNaN(v)) {
          return true;
        }
      }
    }
    return false;
  }
}
