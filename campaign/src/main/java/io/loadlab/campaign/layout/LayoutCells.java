package io.loadlab.campaign.layout;

import io.loadlab.campaign.file.LayoutTable;
import io.loadlab.campaign.results.CampaignWarnings;
import io.loadlab.campaign.results.CellStatistics;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.core.util.Numbers;
import java.util.List;

/**
 * One cell of a layout table: a statistic of a figure over a campaign cell's ok runs (or one
 * client's share of them), in the value's unit, with its error bar: the 95% interval of the mean
 * for {@code mean}, else the runs' lowest to highest.
 */
final class LayoutCells {
  private LayoutCells() {}

  /**
   * @param client the client's index in the runs' clients, or -1 for the run's own figures
   * @param statistic one of {@link LayoutTable#STATISTICS}
   */
  static LayoutTables.Cell cell(
      Manifest m,
      Manifest.CellEntry c,
      int client,
      String figure,
      String statistic,
      FigureUnit unit) {
    List<Manifest.RunEntry> ok =
        m.runs.stream().filter(r -> c.id.equals(r.cell) && "ok".equals(r.status)).toList();
    double[] values = values(ok, client, figure);
    Manifest.Stats s = values.length == 0 ? null : CellStatistics.stats(values);
    double v =
        switch (statistic) {
          case "mean" -> s == null ? Double.NaN : s.mean;
          case "median" -> s == null ? Double.NaN : s.median;
          case "min" -> s == null ? Double.NaN : s.min;
          case "max" -> s == null ? Double.NaN : s.max;
          case "best" ->
              s == null ? Double.NaN : CellStatistics.lowerIsBetter(figure) ? s.min : s.max;
          default -> reported(m, c, client, figure);
        };
    double low = Double.NaN;
    double high = Double.NaN;
    if (s != null && s.n >= 2) {
      boolean interval = statistic.equals("mean") && s.ci95Low != null;
      low = unit.convert(interval ? s.ci95Low : s.min);
      high = unit.convert(interval ? s.ci95High : s.max);
    }
    if (Double.isNaN(v)) {
      String text =
          c.failed > 0
              ? "**FAILED** (" + c.failed + "/" + c.runs + ")" + CampaignWarnings.failedSuffix(m, c)
              : c.ok == 0 ? "not run" : "—";
      String note = text.equals("—") ? EmptyCells.why(m, c, ok, client, figure) : null;
      return new LayoutTables.Cell(Double.NaN, Double.NaN, Double.NaN, text, note);
    }
    double shown = unit.convert(v);
    String text =
        Numbers.format(shown)
            + (c.failed > 0
                ? " **" + c.failed + " failed**" + CampaignWarnings.failedSuffix(m, c)
                : "")
            + CampaignWarnings.mark(c);
    return new LayoutTables.Cell(shown, low, high, text, null);
  }

  /** The reported value: the cell's, or a client's mean over the cell's reported runs. */
  private static double reported(Manifest m, Manifest.CellEntry c, int client, String figure) {
    if (client < 0 && c.reported.containsKey(figure)) {
      return c.reported.get(figure);
    }
    List<Manifest.RunEntry> runs =
        c.reportedRuns.stream().map(m::run).filter(r -> r != null).toList();
    double[] v = values(runs, client, figure);
    return v.length == 0 ? Double.NaN : CellStatistics.stats(v).mean;
  }

  /** The figure's finite values in these runs (or their client's). */
  private static double[] values(List<Manifest.RunEntry> runs, int client, String figure) {
    return runs.stream()
        .map(
            r -> {
              if (client < 0) {
                return r.figures.get(figure);
              }
              return r.clients == null || client >= r.clients.size()
                  ? null
                  : r.clients.get(client).figures.get(figure);
            })
        .filter(x -> x != null && Double.isFinite(x))
        .mapToDouble(Double::doubleValue)
        .toArray();
  }
}
