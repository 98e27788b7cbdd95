package io.loadlab.campaign.layout;

import io.loadlab.campaign.file.LayoutTable;
import io.loadlab.campaign.results.FigureHeaders;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.campaign.results.RunConditions;
import io.loadlab.core.report.FigureLabels;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The campaign's own tables ({@code tables:} in its file), computed from the manifest alone: for
 * each table its columns (per value, each combination of the column factors) and rows (each
 * combination of the row factors), each cell the value's statistic over the cell's ok runs in the
 * value's unit. {@link LayoutReport} prints them.
 */
final class LayoutTables {
  private LayoutTables() {}

  /**
   * A column of a computed table.
   *
   * @param value the index of its value in the table's values
   * @param key the column factors' values
   * @param header its header, such as {@code Netperf Latency (µs) MTU=1500}; a labelled value shows
   *     its label in place of {@code factor=value}
   */
  record Column(int value, List<String> key, String header) {}

  /**
   * A cell: its value in the column's unit (NaN for none), the error bar's ends (NaN for none), its
   * text in report.md (a number, {@code **FAILED** (1/3)}, {@code not run}, {@code —}) and, for a
   * cell whose runs finished but give no value ({@code —}), why ({@link EmptyCells}); else null.
   */
  record Cell(double value, double low, double high, String text, String note) {}

  /**
   * A computed table.
   *
   * @param number its number in the file's order, from 1 ({@code table-1.csv})
   * @param rows each row's label, the row factors' values (or their labels) joined by " / "
   * @param cells [row][column]
   * @param units each value's unit
   * @param statisticLine what the values are, e.g. {@code Mean of 20 iterations.}
   * @param lines true to chart values as lines (a numeric sweep), false for bars
   * @param rowValues with values in rows, the value of each row and the row's label without it;
   *     null with values in columns
   */
  record Computed(
      int number,
      LayoutTable table,
      List<String> rows,
      List<Column> columns,
      Cell[][] cells,
      List<FigureUnit> units,
      String statisticLine,
      boolean lines,
      List<Column> rowValues) {}

  /** The manifest's tables, computed; empty when it has none. */
  static List<Computed> of(Manifest m) {
    List<Computed> out = new ArrayList<>();
    if (m.tables != null) {
      for (LayoutTable t : m.tables) {
        out.add(compute(m, t, out.size() + 1));
      }
    }
    return out;
  }

  /** One table. */
  static Computed compute(Manifest m, LayoutTable t, int number) {
    LayoutFactors factors = LayoutFactors.of(m);
    boolean byClient =
        t.rows().contains(LayoutTable.CLIENT)
            || t.columns().contains(LayoutTable.CLIENT)
            || t.where().containsKey(LayoutTable.CLIENT);
    List<FigureUnit> units = new ArrayList<>();
    // [value] (row key, column key) -> cell and client (-1: the run's own figures)
    List<Map<List<List<String>>, Object[]>> found = new ArrayList<>();
    Set<List<String>> rowKeys = new LinkedHashSet<>();
    for (LayoutTable.Value v : t.values()) {
      units.add(unit(v));
      Map<List<List<String>>, Object[]> byKey = new LinkedHashMap<>();
      List<String> clients =
          byClient ? factors.domain(LayoutTable.CLIENT, v.step()) : List.of("total");
      for (Manifest.CellEntry c : m.cells) {
        if (!c.step.equals(v.step())) {
          continue;
        }
        for (int k = 0; k < clients.size(); k++) {
          Map<String, String> values = new LinkedHashMap<>(factors.attributesOf(c.configuration));
          values.putAll(c.point);
          values.put(LayoutTable.CONFIGURATION, c.configuration);
          values.put(LayoutTable.CLIENT, clients.get(k));
          if (!t.where().entrySet().stream()
              .allMatch(w -> w.getValue().equals(values.get(w.getKey())))) {
            continue;
          }
          List<String> row = t.rows().stream().map(values::get).toList();
          List<String> col = t.columns().stream().map(values::get).toList();
          rowKeys.add(row);
          int client = clients.get(k).equals("total") ? -1 : k;
          byKey.putIfAbsent(List.of(row, col), new Object[] {c, client});
        }
      }
      found.add(byKey);
    }
    List<List<String>> rows = sorted(rowKeys, t.rows(), factors, t.values());
    List<Column> columns = new ArrayList<>();
    for (int j = 0; j < t.values().size(); j++) {
      Set<List<String>> colKeys = new LinkedHashSet<>();
      found.get(j).keySet().forEach(k -> colKeys.add(k.get(1)));
      for (List<String> key : sorted(colKeys, t.columns(), factors, t.values())) {
        columns.add(new Column(j, key, header(m, t, j, units.get(j), key)));
      }
    }
    Cell[][] cells = new Cell[rows.size()][columns.size()];
    for (int r = 0; r < rows.size(); r++) {
      for (int c = 0; c < columns.size(); c++) {
        Column col = columns.get(c);
        Object[] at = found.get(col.value()).get(List.of(rows.get(r), col.key()));
        LayoutTable.Value v = t.values().get(col.value());
        cells[r][c] =
            at == null
                ? new Cell(Double.NaN, Double.NaN, Double.NaN, "not run", null)
                : LayoutCells.cell(
                    m,
                    (Manifest.CellEntry) at[0],
                    (int) at[1],
                    v.figure(),
                    t.statisticOf(v),
                    units.get(col.value()));
      }
    }
    boolean lines =
        "lines".equals(t.chart())
            || (t.chart() == null
                && t.rows().size() == 1
                && t.values().stream()
                    .allMatch(v -> factors.numericSweep(t.rows().get(0), v.step())));
    Computed out =
        new Computed(
            number,
            t,
            rows.stream().map(k -> String.join(" / ", k.stream().map(t::shown).toList())).toList(),
            columns,
            cells,
            units,
            statisticLine(m, t),
            lines,
            null);
    return t.valuesInRows() ? LayoutOrientation.valuesInRows(m, out) : out;
  }

  /** The value's unit; a hand-edited manifest's unit that does not fit falls back to none. */
  private static FigureUnit unit(LayoutTable.Value v) {
    try {
      return FigureUnit.of(v.figure(), v.unit());
    } catch (IllegalArgumentException e) {
      return FigureUnit.of(v.figure(), null);
    }
  }

  /**
   * A value's part of a header: its label, operation and unit, e.g. {@code RR Throughput (tx/s)}.
   */
  static String valueHeader(Manifest m, LayoutTable t, int j, FigureUnit unit) {
    return label(t.values().get(j))
        + operation(m, t.values().get(j))
        + (unit.unit() == null ? "" : " (" + unit.unit() + ")");
  }

  /** The column factors' part of a header, e.g. {@code MTU=1500}; a label in place of its value. */
  static String keyHeader(LayoutTable t, List<String> key) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < key.size(); i++) {
      String factor = t.columns().get(i);
      String value = key.get(i);
      if (i > 0) {
        sb.append(' ');
      }
      if (t.labels().containsKey(value)) {
        sb.append(t.labels().get(value));
      } else {
        sb.append(factor.equals(LayoutTable.CLIENT) ? "" : factor + "=").append(value);
      }
    }
    return sb.toString();
  }

  /**
   * What names the operation of a value whose step reports one of several ({@code , transit}), or
   * nothing: a figure that names its operation ({@code latency.meanUs}) or is the workload's own
   * ({@code transfersPerSec}) says it already.
   */
  static String operation(Manifest m, LayoutTable.Value v) {
    for (Manifest.StepInfo s : m.steps) {
      if (s.name.equals(v.step())) {
        return FigureHeaders.operation(s, v.figure());
      }
    }
    return "";
  }

  /** A value's label: as given, or the figure's readable name without its unit. */
  static String label(LayoutTable.Value v) {
    if (v.label() != null) {
      return v.label();
    }
    // Without its unit: "mean latency (measured, µs), transit" reads "mean latency, transit".
    return FigureLabels.of(v.figure()).replaceFirst(" \\([^()]*\\)(?=,|$)", "");
  }

  private static String header(
      Manifest m, LayoutTable t, int j, FigureUnit unit, List<String> key) {
    String keys = keyHeader(t, key);
    return valueHeader(m, t, j, unit) + (keys.isEmpty() ? "" : " " + keys) + guests(m, t, key);
  }

  /**
   * How the guests of the configurations a column's key selects ran ({@code " (TCG, emulated)"}),
   * where they all ran alike; empty otherwise or without guests ({@link RunConditions}).
   */
  static String guests(Manifest m, LayoutTable t, List<String> key) {
    if (m.virtualization == null) {
      return "";
    }
    LayoutFactors factors = LayoutFactors.of(m);
    Set<String> shown = new LinkedHashSet<>();
    for (String conf : m.configurations) {
      Map<String, String> values = new LinkedHashMap<>(factors.attributesOf(conf));
      values.put(LayoutTable.CONFIGURATION, conf);
      boolean selected = true;
      for (int i = 0; i < key.size(); i++) {
        String v = values.get(t.columns().get(i));
        selected &= v == null || v.equals(key.get(i));
      }
      for (Map.Entry<String, String> w : t.where().entrySet()) {
        String v = values.get(w.getKey());
        selected &= v == null || v.equals(w.getValue());
      }
      if (selected) {
        shown.add(RunConditions.suffix(m, conf));
      }
    }
    return shown.size() == 1 ? shown.iterator().next() : "";
  }

  /** Keys ordered factor by factor as the factors' values come (sweep, configuration order). */
  private static List<List<String>> sorted(
      Set<List<String>> keys,
      List<String> factors,
      LayoutFactors all,
      List<LayoutTable.Value> values) {
    List<List<String>> orders = new ArrayList<>();
    for (String f : factors) {
      Set<String> order = new LinkedHashSet<>();
      values.forEach(v -> order.addAll(all.domain(f, v.step())));
      orders.add(new ArrayList<>(order));
    }
    Comparator<List<String>> by = (a, b) -> 0;
    for (int i = 0; i < factors.size(); i++) {
      int at = i;
      by =
          by.thenComparingInt(
              k -> {
                int index = orders.get(at).indexOf(k.get(at));
                return index < 0 ? Integer.MAX_VALUE : index;
              });
    }
    List<List<String>> out = new ArrayList<>(keys);
    out.sort(by);
    return out;
  }

  /** What the values are and over how many iterations, e.g. {@code Mean of 20 iterations.} */
  static String statisticLine(Manifest m, LayoutTable t) {
    Map<String, List<String>> labelsByText = new LinkedHashMap<>();
    for (LayoutTable.Value v : t.values()) {
      labelsByText
          .computeIfAbsent(phrase(m, t.statisticOf(v), v.step()), k -> new ArrayList<>())
          .add(label(v));
    }
    if (labelsByText.size() == 1) {
      return labelsByText.keySet().iterator().next() + ".";
    }
    List<String> parts = new ArrayList<>();
    labelsByText.forEach(
        (text, labels) ->
            parts.add(
                String.join(", ", new LinkedHashSet<>(labels))
                    + ": "
                    + text.substring(0, 1).toLowerCase(Locale.ROOT)
                    + text.substring(1)));
    return String.join("; ", parts) + ".";
  }

  private static String phrase(Manifest m, String statistic, String step) {
    String iterations = "";
    for (Manifest.StepInfo s : m.steps) {
      if (s.name.equals(step) && s.iterations != null) {
        iterations =
            s.iterations.equals("1")
                ? "1 iteration"
                : s.iterations.matches("[0-9]+")
                    ? s.iterations + " iterations"
                    : "iterations (" + s.iterations + ")";
      }
    }
    String what =
        switch (statistic) {
          case "mean" -> "Mean";
          case "median" -> "Median";
          case "min" -> "Lowest";
          case "max" -> "Highest";
          case "best" -> "Best";
          default -> "Reported run (" + m.rule + ")";
        };
    return iterations.isEmpty() ? what : what + " of " + iterations;
  }
}
