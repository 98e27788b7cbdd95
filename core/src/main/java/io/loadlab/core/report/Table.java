package io.loadlab.core.report;

import java.util.List;

/**
 * A table of a report: labelled columns (with their units) and rows of cells.
 *
 * @param id the HTML element's id
 * @param header the column names
 * @param rows the rows, each as long as the header
 */
public record Table(String id, List<String> header, List<List<Cell>> rows) {
  /**
   * A cell: its text, and for a number its exact value (kept in the HTML for scripts and tests).
   */
  public record Cell(String text, Double value) {
    /** A text cell. */
    public static Cell text(String text) {
      return new Cell(text == null ? "" : text, null);
    }

    /** A number shown as {@code text}. */
    public static Cell number(String text, double value) {
      return new Cell(text, value);
    }
  }
}
