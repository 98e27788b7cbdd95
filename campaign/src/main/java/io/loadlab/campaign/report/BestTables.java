package io.loadlab.campaign.report;

import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.results.Best;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.core.report.Chart;
import io.loadlab.core.report.FigureLabels;
import io.loadlab.core.report.HtmlPage;
import io.loadlab.core.report.Table;
import io.loadlab.core.util.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The best-over tables ({@link Best}) as report.md and report.html both show them: per step and
 * figure, rows the other sweep points, a column per configuration with the best value, where it was
 * reached and its ratio to the baseline, and beside a rate its MB/s at the same cell where the step
 * has {@code mbPerSec} (the MRG report's Figures 20-22 give both).
 */
public final class BestTables {
  /** The figure shown beside a best rate, from the same cell ({@link Best#MB}). */
  public static final String MB = Best.MB;

  private BestTables() {}

  /**
   * One table: its title, header and rows, each cell's text and value (null for none).
   *
   * @param id its id on the page
   * @param figure the figure whose best it shows
   * @param names each configuration's name in the header, in the configurations' order
   * @param mb true if each configuration's best value has its MB/s column beside it
   */
  public record Computed(
      String id,
      String figure,
      String title,
      List<String> header,
      List<List<String>> text,
      List<List<Double>> values,
      List<String> names,
      boolean mb) {}

  /**
   * The configurations as the report names them: each by its attributes' values ({@code
   * interconnect: 1-GigE} reads {@code 1-GigE}, several joined by {@code / }) where every
   * configuration has attributes and they tell them all apart, else by their names.
   */
  static List<String> names(Manifest m) {
    List<String> names = new ArrayList<>();
    for (String conf : m.configurations) {
      Map<String, String> a = m.attributes == null ? null : m.attributes.get(conf);
      if (a == null || a.isEmpty()) {
        return m.configurations;
      }
      names.add(String.join(" / ", a.values()));
    }
    return new java.util.HashSet<>(names).size() == names.size() ? names : m.configurations;
  }

  /** The tables of a step's best entries; none without best-over. */
  public static List<Computed> of(Manifest m, Manifest.StepInfo step) {
    List<Computed> out = new ArrayList<>();
    if (m.best == null || step.bestOver == null) {
      return out;
    }
    for (String figure : step.figures) {
      if (figure.equals(MB) && step.figures.contains("transfersPerSec")) {
        continue; // beside transfers/s, from the same cells
      }
      List<Manifest.BestEntry> mine =
          m.best.stream().filter(b -> b.step.equals(step.name) && b.figure.equals(figure)).toList();
      if (mine.isEmpty()) {
        continue;
      }
      boolean mb = mine.stream().anyMatch(b -> b.mbPerSec != null);
      List<String> rows = new ArrayList<>();
      mine.forEach(
          b -> {
            String label = Matrix.label(b.point);
            if (!rows.contains(label)) {
              rows.add(label);
            }
          });
      List<String> names = names(m);
      List<String> header = new ArrayList<>(List.of("point"));
      for (String name : names) {
        header.add(name);
        if (mb) {
          header.add(name + " MB/s");
        }
      }
      List<List<String>> text = new ArrayList<>();
      List<List<Double>> values = new ArrayList<>();
      for (String row : rows) {
        List<String> t = new ArrayList<>(List.of(row.equals("-") ? "all" : row));
        List<Double> v = new ArrayList<>();
        v.add(null);
        for (String conf : m.configurations) {
          Manifest.BestEntry b =
              mine.stream()
                  .filter(x -> x.configuration.equals(conf) && Matrix.label(x.point).equals(row))
                  .findFirst()
                  .orElse(null);
          if (b == null) {
            t.add("—");
            v.add(Double.NaN);
          } else {
            String s = Numbers.format(b.value) + " at " + Matrix.label(b.bestAt);
            if (b.ratioToBaseline != null) {
              s += " (" + io.loadlab.core.report.Ratios.times(b.ratioToBaseline) + ")";
            }
            t.add(s);
            v.add(b.value);
          }
          if (mb) {
            Double x = b == null ? null : b.mbPerSec;
            t.add(x == null ? "—" : Numbers.format(x));
            v.add(x == null ? Double.NaN : x);
          }
        }
        text.add(t);
        values.add(v);
      }
      String title =
          step.name
              + ": "
              + FigureLabels.of(figure)
              + (mb ? " and MB/s" : "")
              + ", best over "
              + String.join(" × ", step.bestOver);
      out.add(
          new Computed(
              "best-" + step.name + "-" + figure, figure, title, header, text, values, names, mb));
    }
    return out;
  }

  /** A step's best tables in Markdown. */
  public static void markdown(Manifest m, Manifest.StepInfo step, StringBuilder sb) {
    for (Computed t : of(m, step)) {
      sb.append("## ").append(t.title()).append("\n\n|");
      t.header().forEach(h -> sb.append(' ').append(h).append(" |"));
      sb.append("\n|---|");
      for (int i = 1; i < t.header().size(); i++) {
        sb.append("---:|");
      }
      sb.append('\n');
      for (List<String> row : t.text()) {
        sb.append('|');
        row.forEach(c -> sb.append(' ').append(c).append(" |"));
        sb.append('\n');
      }
      sb.append('\n');
    }
  }

  /** Every step's best tables on the page, each under its heading. */
  public static void html(Manifest m, HtmlPage page) {
    for (Manifest.StepInfo step : m.steps) {
      for (Computed t : of(m, step)) {
        page.heading(t.title());
        List<List<Table.Cell>> rows = new ArrayList<>();
        for (int r = 0; r < t.text().size(); r++) {
          List<Table.Cell> row = new ArrayList<>();
          for (int c = 0; c < t.text().get(r).size(); c++) {
            Double v = t.values().get(r).get(c);
            String s = t.text().get(r).get(c);
            row.add(v == null ? Table.Cell.text(s) : Table.Cell.number(s, v));
          }
          rows.add(row);
        }
        page.table(new Table(t.id(), t.header(), rows));
        page.chart(chart(t, step, false));
        if (t.mb()) {
          page.chart(chart(t, step, true));
        }
      }
    }
  }

  /**
   * A best table's chart, as the MRG report's Figures 20-22 draw it: bars of each configuration's
   * best value (or, with {@code mb}, its MB/s) at each point.
   */
  static Chart chart(Computed t, Manifest.StepInfo step, boolean mb) {
    int per = t.mb() ? 2 : 1;
    List<String> points = t.text().stream().map(r -> r.get(0)).toList();
    List<Chart.Series> series = new ArrayList<>();
    for (int k = 0; k < t.names().size(); k++) {
      double[] y = new double[points.size()];
      for (int r = 0; r < points.size(); r++) {
        Double v = t.values().get(r).get(1 + k * per + (mb ? 1 : 0));
        y[r] = v == null ? Double.NaN : v;
      }
      series.add(
          new Chart.Series(t.names().get(k), new double[0], y, new double[0], new double[0], null));
    }
    List<String> rest = new ArrayList<>(step.sweep.keySet());
    rest.removeAll(step.bestOver);
    String label = FigureLabels.of(t.figure());
    String over = ", best over " + String.join(" × ", step.bestOver);
    return Chart.of(
        t.id() + (mb ? "-mb" : ""),
        step.name + ": " + (mb ? "MB/s at the best " + label : label) + over,
        Chart.Kind.BAR,
        rest.isEmpty() ? "point" : String.join(" ", rest),
        mb ? "MB/s" : label,
        points.stream().map(p -> p.equals("all") ? p : p.replaceAll("[^ =]+=", "")).toList(),
        series);
  }
}
