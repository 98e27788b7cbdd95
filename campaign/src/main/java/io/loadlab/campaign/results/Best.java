package io.loadlab.campaign.results;

import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.report.CampaignReport;
import io.loadlab.core.report.FigureLabels;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The best over some swept options (a step's {@code best-over}): for each configuration, each point
 * of the other swept options and each figure, the cell whose reported value is best, as seed 003
 * reports the best throughput over publishers and queues for each message size.
 */
public final class Best {
  private Best() {}

  /** The best entries of every step with best-over, or null if no step has it. */
  static List<Manifest.BestEntry> of(Manifest m) {
    List<Manifest.BestEntry> all = new ArrayList<>();
    boolean any = false;
    for (Manifest.StepInfo step : m.steps) {
      if (step.bestOver == null || step.bestOver.isEmpty()) {
        continue;
      }
      any = true;
      Map<String, Manifest.BestEntry> byKey = new LinkedHashMap<>();
      for (String figure : step.figures) {
        boolean lower = CellStatistics.lowerIsBetter(figure);
        for (Manifest.CellEntry c : m.cells) {
          Double v = c.step.equals(step.name) ? c.reported.get(figure) : null;
          if (v == null) {
            continue;
          }
          Map<String, String> rest = new LinkedHashMap<>(c.point);
          Map<String, String> at = new LinkedHashMap<>();
          step.bestOver.forEach(k -> at.put(k, rest.remove(k)));
          String key = c.configuration + "\u0000" + figure + "\u0000" + Matrix.label(rest);
          Manifest.BestEntry b = byKey.get(key);
          if (b == null || (lower ? v < b.value : v > b.value)) {
            b = new Manifest.BestEntry();
            b.configuration = c.configuration;
            b.step = step.name;
            b.figure = figure;
            b.point = rest;
            b.cell = c.id;
            b.bestAt = at;
            b.value = v;
            byKey.put(key, b);
          }
        }
      }
      for (Manifest.BestEntry b : byKey.values()) {
        Manifest.BestEntry base =
            byKey.get(m.baseline + "\u0000" + b.figure + "\u0000" + Matrix.label(b.point));
        if (base != null && base.value != 0) {
          b.ratioToBaseline = b.value / base.value;
        }
      }
      all.addAll(byKey.values());
    }
    return any ? all : null;
  }

  /** The Markdown tables of a step's best entries: rows the other sweep points, columns configs. */
  public static void markdown(Manifest m, Manifest.StepInfo step, StringBuilder sb) {
    if (m.best == null || step.bestOver == null) {
      return;
    }
    for (String figure : step.figures) {
      List<Manifest.BestEntry> mine =
          m.best.stream().filter(b -> b.step.equals(step.name) && b.figure.equals(figure)).toList();
      if (mine.isEmpty()) {
        continue;
      }
      List<String> rows = new ArrayList<>();
      mine.forEach(
          b -> {
            String label = Matrix.label(b.point);
            if (!rows.contains(label)) {
              rows.add(label);
            }
          });
      sb.append("## ")
          .append(step.name)
          .append(": ")
          .append(FigureLabels.of(figure))
          .append(", best over ")
          .append(String.join(" × ", step.bestOver))
          .append("\n\n| point |");
      m.configurations.forEach(c -> sb.append(' ').append(c).append(" |"));
      sb.append("\n|---|");
      m.configurations.forEach(c -> sb.append("---:|"));
      sb.append('\n');
      for (String row : rows) {
        sb.append("| ").append(row.equals("-") ? "all" : row).append(" |");
        for (String conf : m.configurations) {
          Manifest.BestEntry b =
              mine.stream()
                  .filter(x -> x.configuration.equals(conf) && Matrix.label(x.point).equals(row))
                  .findFirst()
                  .orElse(null);
          sb.append(' ');
          if (b == null) {
            sb.append("—");
          } else {
            sb.append(CampaignReport.num(b.value)).append(" at ").append(Matrix.label(b.bestAt));
            if (b.ratioToBaseline != null) {
              sb.append(String.format(java.util.Locale.ROOT, " (%.2f×)", b.ratioToBaseline));
            }
          }
          sb.append(" |");
        }
        sb.append('\n');
      }
      sb.append('\n');
    }
  }
}
