package io.loadlab.campaign.layout;

import io.loadlab.campaign.file.LayoutTable;
import io.loadlab.campaign.results.Manifest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A layout table with its values in rows ({@code values-in: rows}): each value a group of rows (one
 * per row key, labelled {@code RR Throughput (tx/s) / 10}), the column factors alone across ({@code
 * MTU=1500}, {@code MTU=9000}), as the z/VM report prints its Tables 4 to 7. Made from the table
 * computed with its values in columns, so both orientations hold the same cells.
 */
public final class LayoutOrientation {
  private LayoutOrientation() {}

  public static LayoutTables.Computed valuesInRows(Manifest m, LayoutTables.Computed c) {
    LayoutTable t = c.table();
    Map<List<String>, Integer> keys = new LinkedHashMap<>();
    c.columns().forEach(col -> keys.putIfAbsent(col.key(), keys.size()));
    List<LayoutTables.Column> columns = new ArrayList<>();
    keys.keySet().forEach(k -> columns.add(new LayoutTables.Column(-1, k, header(m, t, k))));
    List<String> rows = new ArrayList<>();
    List<LayoutTables.Column> rowValues = new ArrayList<>();
    List<LayoutTables.Cell[]> cells = new ArrayList<>();
    for (int j = 0; j < t.values().size(); j++) {
      String value = LayoutTables.valueHeader(m, t, j, c.units().get(j));
      for (int r = 0; r < c.rows().size(); r++) {
        LayoutTables.Cell[] row = new LayoutTables.Cell[columns.size()];
        boolean any = false;
        for (int k = 0; k < c.columns().size(); k++) {
          LayoutTables.Column col = c.columns().get(k);
          if (col.value() == j) {
            row[keys.get(col.key())] = c.cells()[r][k];
            any |= !c.cells()[r][k].text().equals("not run");
          }
        }
        if (!any) {
          continue; // a row key this value's step never ran (RR's users, not STRG's)
        }
        for (int k = 0; k < row.length; k++) {
          if (row[k] == null) {
            row[k] = new LayoutTables.Cell(Double.NaN, Double.NaN, Double.NaN, "not run", null);
          }
        }
        String label = c.rows().get(r);
        rows.add(t.rows().isEmpty() ? value : value + " / " + label);
        rowValues.add(new LayoutTables.Column(j, List.of(), label));
        cells.add(row);
      }
    }
    return new LayoutTables.Computed(
        c.number(),
        t,
        rows,
        columns,
        cells.toArray(new LayoutTables.Cell[0][]),
        c.units(),
        c.statisticLine(),
        c.lines(),
        rowValues);
  }

  private static String header(Manifest m, LayoutTable t, List<String> key) {
    String h = LayoutTables.keyHeader(t, key);
    return (h.isEmpty() ? "value" : h) + LayoutTables.guests(m, t, key);
  }
}
