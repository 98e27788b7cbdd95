package io.loadlab.core.report;

import io.loadlab.core.report.Chart.Kind;
import io.loadlab.core.report.Chart.Series;
import java.util.ArrayList;
import java.util.List;

/**
 * The bars of runs that ran on several machines at once: each client's value with the run's total
 * beside it. Where the clients' values add up to the total (rates, transfers, orders) they are
 * stacked, so the stack's height is the total; otherwise (latency, CPU) they stand side by side.
 */
public final class ClientBars {
  /** The total's colour: a grey no configuration or client takes while there are few. */
  private static final int TOTAL_COLOUR = 7;

  private ClientBars() {}

  /**
   * The chart.
   *
   * @param categories where the runs differ: configurations, or configuration and sweep point
   * @param clients the clients' names, in order
   * @param values each category's client values ({@code [category][client]}, NaN where none)
   * @param totals each category's total (the run's own figure)
   * @param add true if the clients' values add up to the total
   * @param colourOffset the first client's palette index (after the configurations' colours)
   */
  public static Chart chart(
      String id,
      String title,
      String xLabel,
      String yLabel,
      List<String> categories,
      List<String> clients,
      double[][] values,
      double[] totals,
      boolean add,
      int colourOffset) {
    List<Series> series = new ArrayList<>();
    for (int k = 0; k < clients.size(); k++) {
      double[] y = new double[categories.size()];
      for (int c = 0; c < y.length; c++) {
        y[c] = k < values[c].length ? values[c][k] : Double.NaN;
      }
      Series s = Series.of(clients.get(k), y).coloured(colourOffset + k);
      series.add(add ? s.stacked("clients") : s);
    }
    int total = TOTAL_COLOUR;
    if (total < colourOffset + clients.size()) {
      total = Math.min(Palette.size() - 1, colourOffset + clients.size());
    }
    series.add(Series.of(add ? "total" : "all clients", totals.clone()).coloured(total));
    return Chart.of(id, title, Kind.BAR, xLabel, yLabel, categories, series);
  }

  /**
   * Client names for a chart's legend: the machines' names, numbered where a machine runs more than
   * one client.
   */
  public static List<String> names(List<String> machines) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < machines.size(); i++) {
      String m = machines.get(i) == null || machines.get(i).isBlank() ? "here" : machines.get(i);
      boolean repeated = machines.stream().filter(x -> m.equals(x)).count() > 1;
      out.add(repeated ? "client " + (i + 1) + " (" + m + ")" : m);
    }
    return out;
  }
}
