package io.loadlab.core.report;

import io.loadlab.core.report.Chart.Kind;
import io.loadlab.core.report.Chart.Series;
import io.loadlab.core.report.Table.Cell;
import io.loadlab.core.util.Numbers;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The HTML report of an experiment (a campaign): for each figure, a table (rows the sweep points,
 * columns the configurations: the reported value ± its spread, the ratio to the baseline and a
 * significance verdict), a line per configuration against the sweep point with error bars spanning
 * the iterations (grouped bars where there is one point), and each configuration's ratio to the
 * baseline.
 */
public final class SweepReport {
  private SweepReport() {}

  /**
   * Writes the report.
   *
   * @param facts what the experiment is (status, rule, baseline...), shown first
   */
  public static void write(
      Path file,
      String title,
      String description,
      Map<String, String> facts,
      List<SweepFigure> figures)
      throws IOException {
    page(title, description, facts, figures).write(file);
  }

  /** The page. */
  public static HtmlPage page(
      String title, String description, Map<String, String> facts, List<SweepFigure> figures) {
    HtmlPage page = new HtmlPage(title);
    if (description != null && !description.isBlank()) {
      page.paragraph(description.strip());
    }
    facts(page, facts, figures);
    figures(page, figures);
    return page;
  }

  /**
   * Adds the facts (status, rule, baseline...) as a table and, if some cell of {@code figures}
   * warned, the box that says what its mark means.
   */
  public static void facts(HtmlPage page, Map<String, String> facts, List<SweepFigure> figures) {
    page.definitions("campaign", facts);
    if (figures.stream().anyMatch(SweepFigure::anyWarned)) {
      page.warning(
          "cells-warned",
          RunWarnings.MARK
              + " in a table: some of the cell's runs warned that their load generator was"
              + " saturated; their figures may describe the client rather than the system under"
              + " test.");
    }
  }

  /**
   * Adds each figure's heading, table and charts, then the note on error bars, ratios and
   * significance.
   */
  public static void figures(HtmlPage page, List<SweepFigure> figures) {
    for (SweepFigure f : figures) {
      page.heading(f.title() + (f.lowerIsBetter() ? " (lower is better)" : ""));
      page.table(table(f));
      page.chart(valueChart(f));
      if (f.configurations().size() > 1) {
        page.chart(ratioChart(f));
      }
      if (f.hasClients()) {
        page.chart(clientChart(f));
      }
    }
    page.note(
        "Error bars span each cell's iterations (lowest to highest). Ratios are over "
            + (figures.isEmpty() ? "the baseline" : figures.get(0).configurations().get(0))
            + ". Significance: Welch's t-test (two-sided, 5% level) on the iterations' values;"
            + " it needs two runs or more on each side.");
  }

  static Table table(SweepFigure f) {
    List<String> header = new ArrayList<>();
    header.add(f.swept() ? f.pointName() : "");
    header.addAll(f.configurations());
    String base = f.configurations().get(0);
    for (int c = 1; c < f.configurations().size(); c++) {
      header.add(f.configurations().get(c) + " / " + base);
    }
    for (int c = 1; c < f.configurations().size(); c++) {
      header.add(f.configurations().get(c) + " vs " + base);
    }
    List<List<Cell>> rows = new ArrayList<>();
    for (int p = 0; p < f.points().size(); p++) {
      List<Cell> row = new ArrayList<>();
      row.add(Cell.text(f.swept() ? f.points().get(p) : shortName(f.title())));
      for (int c = 0; c < f.configurations().size(); c++) {
        double v = f.reported()[c][p];
        double[] its = f.iterations()[c][p];
        String text = Double.isNaN(v) ? "–" : Numbers.format(v);
        if (its.length > 1 && Double.isFinite(v) && Significance.mean(its) != 0) {
          double cv =
              100 * Math.sqrt(Significance.variance(its)) / Math.abs(Significance.mean(its));
          text += String.format(Locale.ROOT, " ±%.1f%%", cv);
        }
        if (f.failed()[c][p] > 0) {
          text += " (" + f.failed()[c][p] + " failed)";
        }
        if (f.warnedAt(c, p) > 0) {
          text += " " + RunWarnings.MARK;
        }
        row.add(Cell.number(text, v));
      }
      for (int c = 1; c < f.configurations().size(); c++) {
        double r = f.reported()[c][p] / f.reported()[0][p];
        boolean ok = Double.isFinite(r);
        row.add(Cell.number(ok ? Ratios.times(r) : "–", ok ? r : Double.NaN));
      }
      for (int c = 1; c < f.configurations().size(); c++) {
        row.add(
            Cell.text(
                Significance.of(
                        shortName(f.title()),
                        f.iterations()[0][p],
                        f.iterations()[c][p],
                        !f.lowerIsBetter())
                    .text()));
      }
      rows.add(row);
    }
    return new Table(f.id(), header, rows);
  }

  private static String shortName(String title) {
    int colon = title.lastIndexOf(": ");
    return colon < 0 ? title : title.substring(colon + 2);
  }

  static Chart valueChart(SweepFigure f) {
    if (!f.swept()) {
      return configurationBars(f);
    }
    List<Series> series = new ArrayList<>();
    for (int c = 0; c < f.configurations().size(); c++) {
      int n = f.points().size();
      double[] low = new double[n];
      double[] high = new double[n];
      for (int p = 0; p < n; p++) {
        low[p] = lowest(f.iterations()[c][p]);
        high[p] = highest(f.iterations()[c][p]);
      }
      series.add(
          new Series(f.configurations().get(c), new double[0], f.reported()[c], low, high, null));
    }
    return Chart.of(
        f.id(),
        f.title(),
        f.points().size() > 1 ? Kind.SWEEP : Kind.BAR,
        f.pointName(),
        shortName(f.title()),
        f.points(),
        series);
  }

  /**
   * A step without a sweep: a bar per configuration (labelled with its attributes, in its own
   * colour), with error bars over its iterations.
   */
  private static Chart configurationBars(SweepFigure f) {
    int n = f.configurations().size();
    double[] y = new double[n];
    double[] low = new double[n];
    double[] high = new double[n];
    int[] colours = new int[n];
    List<String> labels = new ArrayList<>();
    for (int c = 0; c < n; c++) {
      y[c] = f.reported()[c][0];
      low[c] = lowest(f.iterations()[c][0]);
      high[c] = highest(f.iterations()[c][0]);
      colours[c] = c;
      labels.add(f.configurationLabel(c));
    }
    String name = shortName(f.title());
    Series bars = new Series(name, new double[0], y, low, high, null).colouredByValue(colours);
    return Chart.of(f.id(), f.title(), Kind.BAR, "configuration", name, labels, List.of(bars));
  }

  private static double lowest(double[] iterations) {
    return iterations.length > 1 ? Arrays.stream(iterations).min().getAsDouble() : Double.NaN;
  }

  private static double highest(double[] iterations) {
    return iterations.length > 1 ? Arrays.stream(iterations).max().getAsDouble() : Double.NaN;
  }

  static Chart ratioChart(SweepFigure f) {
    String base = f.configurations().get(0);
    if (!f.swept()) {
      int n = f.configurations().size() - 1;
      double[] y = new double[n];
      int[] colours = new int[n];
      List<String> labels = new ArrayList<>();
      for (int c = 1; c <= n; c++) {
        y[c - 1] = f.reported()[c][0] / f.reported()[0][0];
        colours[c - 1] = c;
        labels.add(f.configurationLabel(c));
      }
      return Chart.of(
          f.id() + "-ratio",
          f.title() + ": ratio to " + base,
          Kind.BAR,
          "configuration",
          "ratio (1 = as " + base + ")",
          labels,
          List.of(Series.of("ratio to " + base, y).colouredByValue(colours)));
    }
    List<Series> series = new ArrayList<>();
    for (int c = 1; c < f.configurations().size(); c++) {
      double[] y = new double[f.points().size()];
      for (int p = 0; p < y.length; p++) {
        y[p] = f.reported()[c][p] / f.reported()[0][p];
      }
      series.add(Series.of(f.configurations().get(c) + " / " + base, y).coloured(c));
    }
    return Chart.of(
        f.id() + "-ratio",
        f.title() + ": ratio to " + base,
        Kind.BAR,
        f.pointName(),
        "ratio (1 = as " + base + ")",
        f.points(),
        series);
  }

  /**
   * Each client's value beside the run's, per configuration (and sweep point): stacked where the
   * clients' values add up to the run's.
   */
  static Chart clientChart(SweepFigure f) {
    List<String> categories = new ArrayList<>();
    List<double[]> values = new ArrayList<>();
    List<Double> totals = new ArrayList<>();
    for (int p = 0; p < f.points().size(); p++) {
      for (int c = 0; c < f.configurations().size(); c++) {
        categories.add(
            f.configurationLabel(c) + (f.points().size() > 1 ? " " + f.points().get(p) : ""));
        values.add(f.perClient()[c][p]);
        totals.add(f.reported()[c][p]);
      }
    }
    return ClientBars.chart(
        f.id() + "-clients",
        f.title() + ": per client" + (f.clientsAdd() ? ", stacked to the total" : ""),
        f.points().size() > 1 ? "configuration " + f.pointName() : "configuration",
        shortName(f.title()),
        categories,
        f.clients(),
        values.toArray(new double[0][]),
        totals.stream().mapToDouble(Double::doubleValue).toArray(),
        f.clientsAdd(),
        f.configurations().size());
  }
}
