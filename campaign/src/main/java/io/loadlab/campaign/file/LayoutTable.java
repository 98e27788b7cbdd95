package io.loadlab.campaign.file;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * One table of a campaign's own report layout ({@code tables:} in the campaign file), checked and
 * with its factors as lists: kept in {@code campaign.json} as given, so {@code campaign report DIR}
 * lays out the same tables. {@link LayoutTables} computes it from the manifest.
 *
 * @param title the table's heading
 * @param caption text under the table, or null
 * @param rows the row factors
 * @param rowLabel the row column's header, or null for the row factors joined by " / "
 * @param columns the column factors, possibly none
 * @param where factor to the one value kept
 * @param statistic the values' default statistic, or null for {@code reported}
 * @param chart {@code bars}, {@code lines}, {@code none}, or null for the default
 * @param values one column group each
 * @param labels a factor value as computed (e.g. {@code total}) to the text shown for it in row
 *     cells, column headers, charts and CSV (e.g. {@code Total OPM}); empty for the values as they
 *     are
 * @param valuesIn {@code columns} (null: the default), each value a group of columns, or {@code
 *     rows}, each value a group of rows with the column factors alone across (the z/VM report's
 *     tables: a row per workload and users, a column per MTU)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LayoutTable(
    String title,
    String caption,
    List<String> rows,
    String rowLabel,
    List<String> columns,
    Map<String, String> where,
    String statistic,
    String chart,
    List<Value> values,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> labels,
    String valuesIn) {

  /** Where the values go: {@link #valuesIn} {@code rows}. */
  public static final String ROWS = "rows";

  /** True if each value is a group of rows. */
  public boolean valuesInRows() {
    return ROWS.equals(valuesIn);
  }

  /** The factor naming each cell's configuration. */
  public static final String CONFIGURATION = "configuration";

  /** The factor naming each client of a step with several ({@code client 1}.., {@code total}). */
  public static final String CLIENT = "client";

  /** The statistics a value may take over a cell's ok runs. */
  public static final List<String> STATISTICS =
      List.of("reported", "mean", "median", "min", "max", "best");

  /** The charts a table may draw. */
  public static final List<String> CHARTS = List.of("bars", "lines", "none");

  public LayoutTable {
    rows = rows == null ? List.of() : List.copyOf(rows);
    columns = columns == null ? List.of() : List.copyOf(columns);
    where = where == null ? Map.of() : java.util.Collections.unmodifiableMap(where);
    values = values == null ? List.of() : List.copyOf(values);
    labels = labels == null ? Map.of() : java.util.Collections.unmodifiableMap(labels);
  }

  /** The text shown for a factor's value: its label, or the value itself. */
  public String shown(String value) {
    return labels.getOrDefault(value, value);
  }

  /** The row column's header. */
  public String rowHeader() {
    return rowLabel != null ? rowLabel : String.join(" / ", rows);
  }

  /** The statistic of value {@code v}: its own, the table's, or {@code reported}. */
  public String statisticOf(Value v) {
    return v.statistic() != null ? v.statistic() : statistic != null ? statistic : "reported";
  }

  /**
   * One value of a table.
   *
   * @param step the step's name
   * @param figure the figure's key, as in the step's figures
   * @param unit the unit as written, or null for the figure's own
   * @param label the header's text before the unit, or null for the figure's readable name
   * @param statistic this value's statistic, or null for the table's
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Value(String step, String figure, String unit, String label, String statistic) {}
}
