package io.loadlab.core.report;

/**
 * The series colours of every chart, HTML and SVG alike: 20 colours that can be told apart (a chart
 * with up to 20 series repeats none), the first ten being the usual categorical set.
 */
public final class Palette {
  private static final String[] COLOURS = {
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf", "#393b79", "#ad494a", "#637939", "#e7ba52", "#7b4173", "#3182bd",
    "#31a354", "#843c39", "#de9ed6", "#000000"
  };

  private Palette() {}

  /** How many colours there are before they repeat. */
  public static int size() {
    return COLOURS.length;
  }

  /** The colour of series {@code i}, as {@code #rrggbb}. */
  public static String colour(int i) {
    return COLOURS[Math.floorMod(i, COLOURS.length)];
  }

  /** All colours, in order. */
  public static String[] colours() {
    return COLOURS.clone();
  }
}
