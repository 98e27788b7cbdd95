package io.loadlab.campaign.layout;

import io.loadlab.campaign.file.LayoutTable;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.campaign.results.RunConditions;
import io.loadlab.core.export.CsvExporter;
import io.loadlab.core.report.Chart;
import io.loadlab.core.report.HtmlPage;
import io.loadlab.core.report.Table;
import io.loadlab.core.util.AtomicFiles;
import io.loadlab.core.util.Markdown;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Prints the campaign's own tables ({@link LayoutTables}): in report.md first after the status
 * line, in report.html first with a chart per value, and each as {@code table-<n>.csv} in the
 * campaign directory (the report's header, numbers unformatted).
 */
public final class LayoutReport {
  private LayoutReport() {}

  /** The CSV file of table {@code number} (from 1). */
  static String csvName(int number) {
    return "table-" + number + ".csv";
  }

  /** The tables as Markdown; empty when the campaign has none. */
  public static String markdown(Manifest m) {
    StringBuilder sb = new StringBuilder();
    for (LayoutTables.Computed t : LayoutTables.of(m)) {
      sb.append("## ").append(t.table().title()).append("\n\n|");
      for (String h : header(t)) {
        sb.append(' ').append(Markdown.cell(h)).append(" |");
      }
      sb.append("\n|---|");
      t.columns().forEach(c -> sb.append("---:|"));
      sb.append('\n');
      List<String> notes = notes(t);
      for (int r = 0; r < t.rows().size(); r++) {
        sb.append("| ").append(Markdown.cell(t.rows().get(r))).append(" |");
        for (int c = 0; c < t.columns().size(); c++) {
          sb.append(' ').append(Markdown.cell(text(t, r, c))).append(" |");
        }
        sb.append('\n');
      }
      sb.append('\n');
      if (t.table().caption() != null && !t.table().caption().isBlank()) {
        sb.append(t.table().caption().strip()).append("\n\n");
      }
      sb.append(t.statisticLine()).append("\n\n");
      for (String note : notes) {
        sb.append(note).append("\n\n");
      }
      for (String note : conditions(m, t)) {
        sb.append(note).append("\n\n");
      }
    }
    return sb.toString();
  }

  /** Writes {@code table-<n>.csv} for each of the campaign's tables into {@code dir}. */
  public static void writeCsv(Manifest m, Path dir) throws IOException {
    for (LayoutTables.Computed t : LayoutTables.of(m)) {
      StringBuilder sb = new StringBuilder();
      sb.append(String.join(",", header(t).stream().map(CsvExporter::quote).toList())).append('\n');
      for (int r = 0; r < t.rows().size(); r++) {
        sb.append(CsvExporter.quote(t.rows().get(r)));
        for (LayoutTables.Cell c : t.cells()[r]) {
          sb.append(',');
          if (Double.isFinite(c.value())) {
            sb.append(BigDecimal.valueOf(c.value()).stripTrailingZeros().toPlainString());
          }
        }
        sb.append('\n');
      }
      AtomicFiles.write(dir.resolve(csvName(t.number())), sb.toString());
    }
  }

  /** Adds the tables, each with its caption, statistic and a chart per value, to {@code page}. */
  public static void html(Manifest m, HtmlPage page) {
    for (LayoutTables.Computed t : LayoutTables.of(m)) {
      page.heading(t.table().title());
      List<List<Table.Cell>> rows = new ArrayList<>();
      List<String> notes = notes(t);
      for (int r = 0; r < t.rows().size(); r++) {
        List<Table.Cell> row = new ArrayList<>();
        row.add(Table.Cell.text(t.rows().get(r)));
        for (int c = 0; c < t.columns().size(); c++) {
          row.add(Table.Cell.number(text(t, r, c).replace("**", ""), t.cells()[r][c].value()));
        }
        rows.add(row);
      }
      page.table(new Table("table-" + t.number(), header(t), rows));
      if (t.table().caption() != null && !t.table().caption().isBlank()) {
        page.paragraph(t.table().caption().strip());
      }
      boolean mean =
          t.table().values().stream().anyMatch(v -> t.table().statisticOf(v).equals("mean"));
      page.note(
          t.statisticLine()
              + " Error bars: "
              + (mean
                  ? "the 95% interval of the mean (other statistics: the iterations' lowest to"
                      + " highest)."
                  : "the iterations' lowest to highest."));
      notes.forEach(page::note);
      conditions(m, t).forEach(page::note);
      if (!"none".equals(t.table().chart())) {
        for (int j = 0; j < t.table().values().size(); j++) {
          page.chart(chart(m, t, j));
        }
      }
    }
  }

  /** Value {@code j}'s chart: x the rows, a series per column of the value. */
  static Chart chart(Manifest m, LayoutTables.Computed t, int j) {
    LayoutTable.Value v = t.table().values().get(j);
    String unit = t.units().get(j).unit();
    String axis =
        LayoutTables.label(v)
            + LayoutTables.operation(m, v)
            + (unit == null ? "" : " (" + unit + ")");
    // Values in columns: x every row, a series per column of the value. Values in rows: x the
    // value's rows, a series per column.
    List<Integer> xs = new ArrayList<>();
    List<String> xLabels = new ArrayList<>();
    for (int r = 0; r < t.rows().size(); r++) {
      if (t.rowValues() == null) {
        xs.add(r);
        xLabels.add(t.rows().get(r));
      } else if (t.rowValues().get(r).value() == j) {
        xs.add(r);
        xLabels.add(t.rowValues().get(r).header());
      }
    }
    List<Chart.Series> series = new ArrayList<>();
    for (int c = 0; c < t.columns().size(); c++) {
      LayoutTables.Column col = t.columns().get(c);
      if (t.rowValues() == null && col.value() != j) {
        continue;
      }
      int n = xs.size();
      double[] y = new double[n];
      double[] low = new double[n];
      double[] high = new double[n];
      boolean bars = false;
      for (int i = 0; i < n; i++) {
        LayoutTables.Cell cell = t.cells()[xs.get(i)][c];
        y[i] = cell.value();
        low[i] = cell.low();
        high[i] = cell.high();
        bars |= Double.isFinite(cell.low());
      }
      String name =
          t.rowValues() == null ? col.header().substring(axis.length()).strip() : col.header();
      series.add(
          new Chart.Series(
              name.isEmpty() ? axis : name,
              new double[0],
              y,
              bars ? low : new double[0],
              bars ? high : new double[0],
              null));
    }
    return Chart.of(
        "table-" + t.number() + "-value-" + j,
        t.table().title() + ": " + axis,
        t.lines() ? Chart.Kind.SWEEP : Chart.Kind.BAR,
        t.rowValues() == null ? t.table().rowHeader() : String.join(" / ", t.table().rows()),
        axis,
        xLabels,
        series);
  }

  /**
   * The notes of the table's cells that have one (an empty cell's reason), in reading order, each
   * {@code ¹ <row>, <column>: <reason>.}; a cell's text carries its note's mark.
   */
  static List<String> notes(LayoutTables.Computed t) {
    List<String> notes = new ArrayList<>();
    for (int r = 0; r < t.rows().size(); r++) {
      for (int c = 0; c < t.columns().size(); c++) {
        String note = t.cells()[r][c].note();
        if (note != null) {
          notes.add(
              EmptyCells.mark(notes.size() + 1)
                  + " "
                  + t.rows().get(r)
                  + ", "
                  + t.columns().get(c).header()
                  + ": "
                  + note
                  + ".");
        }
      }
    }
    return notes;
  }

  /**
   * What the table's cells were measured under, where it matters ({@link RunConditions}): the cells
   * of its values' steps that its {@code where} keeps, checked with its title and caption.
   */
  static List<String> conditions(Manifest m, LayoutTables.Computed t) {
    LayoutTable table = t.table();
    java.util.Set<String> steps = new java.util.HashSet<>();
    table.values().forEach(v -> steps.add(v.step()));
    LayoutFactors factors = LayoutFactors.of(m);
    List<Manifest.CellEntry> cells = new ArrayList<>();
    for (Manifest.CellEntry c : m.cells) {
      java.util.Map<String, String> values =
          new java.util.LinkedHashMap<>(factors.attributesOf(c.configuration));
      values.putAll(c.point);
      values.put(LayoutTable.CONFIGURATION, c.configuration);
      if (steps.contains(c.step)
          && table.where().entrySet().stream()
              .allMatch(
                  w ->
                      !values.containsKey(w.getKey())
                          || w.getValue().equals(values.get(w.getKey())))) {
        cells.add(c);
      }
    }
    return RunConditions.notes(m, cells, table.title());
  }

  /** The cell's text, with its note's mark if it has a note ({@link #notes} numbers them). */
  private static String text(LayoutTables.Computed t, int r, int c) {
    LayoutTables.Cell cell = t.cells()[r][c];
    if (cell.note() == null) {
      return cell.text();
    }
    int n = 0;
    for (int i = 0; i <= r; i++) {
      for (int j = 0; j < (i == r ? c + 1 : t.columns().size()); j++) {
        if (t.cells()[i][j].note() != null) {
          n++;
        }
      }
    }
    return cell.text() + " " + EmptyCells.mark(n);
  }

  private static List<String> header(LayoutTables.Computed t) {
    List<String> h = new ArrayList<>();
    h.add(t.table().rowHeader());
    t.columns().forEach(c -> h.add(c.header()));
    return h;
  }
}
