package io.loadlab.core.compare;

import io.loadlab.core.compare.RunComparison.Metric;
import io.loadlab.core.compare.RunComparison.Row;
import io.loadlab.core.report.Chart;
import io.loadlab.core.report.ClientBars;
import io.loadlab.core.report.Significance;
import io.loadlab.core.results.DerivedFigures;
import io.loadlab.core.results.OperationStats;
import java.util.ArrayList;
import java.util.List;

/**
 * The per-client view of a comparison whose runs ran on several machines at once: for each headline
 * figure (or, without figures, each operation's rate) each machine's value with the run's total
 * beside it, stacked where they add up, one bar group per configuration.
 */
final class ClientComparison {
  /** Charts past this many would bury the rest of the page. */
  private static final int MAX_CHARTS = 6;

  private ClientComparison() {}

  /** The charts, none if every run ran on one machine. */
  static List<Chart> charts(RunComparison c) {
    List<String> machines = c.clientMachines();
    List<Chart> charts = new ArrayList<>();
    if (machines.isEmpty()) {
      return charts;
    }
    List<String> configurations = c.groups().stream().map(RunComparison.Group::name).toList();
    List<String> names = ClientBars.names(machines);
    for (String figure : c.headlineFigures()) {
      if (charts.size() == MAX_CHARTS) {
        return charts;
      }
      if (!workloadFigure(c, figure)) {
        continue; // per-operation MB/s and CPU: the rates below say it per machine
      }
      double[][] values = new double[configurations.size()][];
      double[] totals = new double[configurations.size()];
      for (int g = 0; g < totals.length; g++) {
        values[g] =
            c.clientMeans(
                g, machines.size(), r -> r.figures() == null ? null : r.figures().get(figure));
        totals[g] = Significance.mean(c.figure(g, figure));
      }
      boolean add = !RunComparison.lowerIsBetter(figure);
      charts.add(
          ClientBars.chart(
              "clients-" + charts.size(),
              figure + ": per client" + (add ? ", stacked to the total" : ""),
              "configuration",
              figure,
              configurations,
              names,
              values,
              totals,
              add,
              configurations.size()));
    }
    if (!charts.isEmpty()) {
      return charts;
    }
    for (Row row : c.rows()) {
      if (charts.size() == MAX_CHARTS) {
        break;
      }
      double[][] values = new double[configurations.size()][];
      double[] totals = new double[configurations.size()];
      for (int g = 0; g < totals.length; g++) {
        values[g] =
            c.clientMeans(
                g,
                machines.size(),
                r -> {
                  OperationStats s = r.totals() == null ? null : r.totals().get(row.operation());
                  return s == null ? null : s.ratePerSec();
                });
        totals[g] = RunComparison.value(row, g, Metric.RATE);
      }
      charts.add(
          ClientBars.chart(
              "clients-" + charts.size(),
              row.operation() + ": rate per client, stacked to the total",
              "configuration",
              "rate (ops/s)",
              configurations,
              names,
              values,
              totals,
              true,
              configurations.size()));
    }
    return charts;
  }

  /**
   * True if some run records the figure itself (not derived from its operations: netperf latency
   * and CPU per MB come from an operation's rate and CPU, which the rates below show per machine).
   */
  private static boolean workloadFigure(RunComparison c, String figure) {
    String name = figure.contains(" ") ? figure.substring(0, figure.indexOf(' ')) : figure;
    if (DerivedFigures.isDerived(name)) {
      return false;
    }
    return c.groups().stream()
        .flatMap(g -> g.runs().stream())
        .anyMatch(r -> r.figures() != null && r.figures().containsKey(figure));
  }

  /** A per-client chart as a table: a row per configuration, a column per client and the total. */
  static io.loadlab.core.report.Table table(Chart chart) {
    List<String> header = new ArrayList<>();
    header.add(chart.xLabel());
    chart.series().forEach(s -> header.add(s.name()));
    List<List<io.loadlab.core.report.Table.Cell>> rows = new ArrayList<>();
    for (int i = 0; i < chart.categories().size(); i++) {
      List<io.loadlab.core.report.Table.Cell> row = new ArrayList<>();
      row.add(io.loadlab.core.report.Table.Cell.text(chart.categories().get(i)));
      for (Chart.Series s : chart.series()) {
        double v = s.y()[i];
        row.add(
            io.loadlab.core.report.Table.Cell.number(
                Double.isNaN(v) ? "–" : ComparedTable.number(v), v));
      }
      rows.add(row);
    }
    return new io.loadlab.core.report.Table(chart.id(), header, rows);
  }

  /** What the per-client view shows, for the page's notes. */
  static String note() {
    return "Runs on several machines: counts, rates and workload figures are the clients' sum;"
        + " latency and CPU per operation are the worst client's.";
  }
}
