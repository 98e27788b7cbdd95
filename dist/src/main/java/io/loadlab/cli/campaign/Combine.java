package io.loadlab.cli.campaign;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.statistics.descriptive.StandardDeviation;

/**
 * The figures of a run made of several clients at once: counts, rates and workload figures (OPM,
 * transfers/s) added; latency figures the worst client's (an upper bound, until the clients'
 * histograms are merged); each client's own figures stay in the manifest beside the total.
 */
final class Combine {
  private Combine() {}

  static Map<String, Double> figures(List<RunFigures> clients) {
    Map<String, Double> total = new LinkedHashMap<>();
    for (RunFigures c : clients) {
      c.figures()
          .forEach(
              (k, v) -> {
                if (CellStatistics.lowerIsBetter(k) && !k.equals("errors")) {
                  total.merge(k, v, Math::max);
                } else {
                  total.merge(k, v, Double::sum);
                }
              });
    }
    return total;
  }

  /** The spread of the summed rate over the intervals all clients have. */
  static double intervalSd(List<RunFigures> clients) {
    int n = clients.stream().mapToInt(c -> c.intervalRates().length).min().orElse(0);
    if (n < 2) {
      return Double.NaN;
    }
    double[] sum = new double[n];
    for (RunFigures c : clients) {
      for (int i = 0; i < n; i++) {
        sum[i] += c.intervalRates()[i];
      }
    }
    return StandardDeviation.of(sum).getAsDouble();
  }
}
