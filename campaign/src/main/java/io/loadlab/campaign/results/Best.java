package io.loadlab.campaign.results;

import io.loadlab.campaign.file.Matrix;
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
  /** The figure shown beside a best rate, from the same cell. */
  public static final String MB = "mbPerSec";

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
            b.mbPerSec = figure.equals(MB) || lower ? null : c.reported.get(MB);
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
}
