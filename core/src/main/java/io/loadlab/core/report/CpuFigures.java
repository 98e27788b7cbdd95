package io.loadlab.core.report;

import io.loadlab.core.report.Chart.Kind;
import io.loadlab.core.report.Chart.Series;
import io.loadlab.core.report.Table.Cell;
import io.loadlab.core.results.CpuCost;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.util.Numbers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A run report's CPU figures: by the client process, the client host and the server, per operation
 * or, for streams, per MB moved (netperf's service demand), as table cells and as a bar chart.
 */
final class CpuFigures {
  private static final String[] SOURCES = {"client process", "client host", "server"};

  private CpuFigures() {}

  /** CPU per operation, or per MB moved ({@code perMB}) from it; a dash if not measured. */
  static Cell cell(Double usPerOp, boolean perMB, OperationStats s) {
    Double v = perMB ? CpuCost.perMB(usPerOp, s) : usPerOp;
    return v == null ? Cell.text("–") : Cell.number(Numbers.format(v), v);
  }

  /**
   * Bars of each operation's CPU, a series per source that measured any, or null if no operation
   * has a CPU cost.
   */
  static Chart chart(Map<String, OperationStats> totals, boolean perMB) {
    List<String> ops = new ArrayList<>();
    List<double[]> values = new ArrayList<>();
    totals.forEach(
        (op, s) -> {
          CpuCost c = s.cpu();
          if (c != null
              && (c.clientUsPerOp() != null
                  || c.hostUsPerOp() != null
                  || c.serverUsPerOp() != null)) {
            ops.add(op);
            values.add(
                new double[] {
                  orNaN(c.clientUsPerOp(), perMB, s),
                  orNaN(c.hostUsPerOp(), perMB, s),
                  orNaN(c.serverUsPerOp(), perMB, s)
                });
          }
        });
    if (ops.isEmpty()) {
      return null;
    }
    List<Series> series = new ArrayList<>();
    for (int k = 0; k < SOURCES.length; k++) {
      double[] y = new double[ops.size()];
      for (int i = 0; i < ops.size(); i++) {
        y[i] = values.get(i)[k];
      }
      if (Arrays.stream(y).anyMatch(v -> !Double.isNaN(v))) {
        series.add(Series.of(SOURCES[k], y));
      }
    }
    return perMB
        ? Chart.of("cpu", "CPU per MB moved", Kind.BAR, "operation", "CPU (µs/MB)", ops, series)
        : Chart.of("cpu", "CPU per operation", Kind.BAR, "operation", "CPU (µs/op)", ops, series);
  }

  private static double orNaN(Double usPerOp, boolean perMB, OperationStats s) {
    Double v = perMB ? CpuCost.perMB(usPerOp, s) : usPerOp;
    return v == null ? Double.NaN : v;
  }
}
