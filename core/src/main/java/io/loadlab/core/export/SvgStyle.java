package io.loadlab.core.export;

/** What loadlab's SVG charts share: the series colours and text escaping. */
public final class SvgStyle {
  private static final String[] COLOURS = {
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"
  };

  private SvgStyle() {}

  /** The colour of series {@code i} (the palette repeats after eight). */
  public static String colour(int i) {
    return COLOURS[i % COLOURS.length];
  }

  /** {@code s} made safe for SVG text and attributes. */
  public static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
