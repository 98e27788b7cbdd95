package io.loadlab.core.export;

import io.loadlab.core.report.FigureNotes;
import io.loadlab.core.results.CpuCost;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.util.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The final summary as rows of text cells, one row per operation, shared by the console and the
 * Markdown exporters so that both show the same figures.
 */
final class SummaryTable {
  static final List<String> HEADER =
      List.of(
          "operation",
          "count",
          "errors",
          "ops/s",
          "MB/s",
          "mean us",
          "p50 us",
          "p90 us",
          "p99 us",
          "p99.9 us",
          "max us",
          "cpu us/op client/host/server");

  /** The CPU column of a stream run: netperf's service demand, per MB moved. */
  static final String CPU_PER_MB = "cpu us/MB client/host/server";

  private SummaryTable() {}

  /** The header for a run: CPU per MB instead of per operation for a stream. */
  static List<String> header(RunResult r) {
    if (!FigureNotes.cpuPerMB(r)) {
      return HEADER;
    }
    List<String> h = new ArrayList<>(HEADER);
    h.set(h.size() - 1, CPU_PER_MB);
    return h;
  }

  /** The rows of a run's totals, CPU as {@link #header} says. */
  static List<List<String>> rows(RunResult r) {
    Map<String, OperationStats> totals = r.totals() == null ? Map.of() : r.totals();
    boolean perMB = FigureNotes.cpuPerMB(r);
    List<List<String>> rows = new ArrayList<>();
    totals.forEach(
        (op, s) ->
            rows.add(
                List.of(
                    op,
                    Numbers.format(s.count()),
                    Numbers.format(s.errors()),
                    Numbers.format(s.ratePerSec()),
                    Numbers.format(s.bytesPerSec() / 1e6),
                    Numbers.format(s.latencyUs().mean()),
                    Numbers.format(s.latencyUs().p50()),
                    Numbers.format(s.latencyUs().p90()),
                    Numbers.format(s.latencyUs().p99()),
                    Numbers.format(s.latencyUs().p999()),
                    Numbers.format(s.latencyUs().max()),
                    perMB ? cpuPerMB(s) : cpu(s.cpu()))));
    return rows;
  }

  /** Client/host/server CPU per MB moved, "-" where not measured. */
  private static String cpuPerMB(OperationStats s) {
    CpuCost c = s.cpu();
    if (c == null) {
      return "-";
    }
    return orDash(CpuCost.perMB(c.clientUsPerOp(), s))
        + "/"
        + orDash(CpuCost.perMB(c.hostUsPerOp(), s))
        + "/"
        + orDash(CpuCost.perMB(c.serverUsPerOp(), s));
  }

  /** Client/host/server CPU per operation, "-" where not measured. */
  static String cpu(CpuCost c) {
    if (c == null) {
      return "-";
    }
    return orDash(c.clientUsPerOp())
        + "/"
        + orDash(c.hostUsPerOp())
        + "/"
        + orDash(c.serverUsPerOp());
  }

  private static String orDash(Double v) {
    return v == null ? "-" : Numbers.format(v);
  }

  /** A number with as many decimals as make sense for its size. */
  /** Renders rows as a text table with aligned columns. */
  static String text(List<String> header, List<List<String>> rows) {
    int[] widths = new int[header.size()];
    for (int i = 0; i < widths.length; i++) {
      widths[i] = header.get(i).length();
      for (List<String> row : rows) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    }
    StringBuilder sb = new StringBuilder();
    appendRow(sb, header, widths);
    for (List<String> row : rows) {
      appendRow(sb, row, widths);
    }
    return sb.toString();
  }

  private static void appendRow(StringBuilder sb, List<String> cells, int[] widths) {
    for (int i = 0; i < cells.size(); i++) {
      String cell = cells.get(i);
      if (i == 0) {
        sb.append(cell).append(" ".repeat(widths[i] - cell.length()));
      } else {
        sb.append("  ").append(" ".repeat(widths[i] - cell.length())).append(cell);
      }
    }
    sb.append('\n');
  }

  /** Renders rows as a Markdown table. */
  static String markdown(List<String> header, List<List<String>> rows) {
    StringBuilder sb = new StringBuilder();
    sb.append("| ").append(String.join(" | ", header)).append(" |\n|");
    for (int i = 0; i < header.size(); i++) {
      sb.append(i == 0 ? " --- |" : " ---: |");
    }
    sb.append('\n');
    for (List<String> row : rows) {
      sb.append("| ").append(String.join(" | ", row)).append(" |\n");
    }
    return sb.toString();
  }
}
