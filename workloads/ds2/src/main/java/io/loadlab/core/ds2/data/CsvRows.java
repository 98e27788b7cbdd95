package io.loadlab.core.ds2.data;

/**
 * Rows written as CSV text (comma-separated, no quoting needed: generated values hold no commas,
 * quotes or newlines; {@code null} and empty strings are written empty), as PostgreSQL's COPY ...
 * (FORMAT csv) and {@code psql \copy} read them.
 */
public final class CsvRows implements RowSink {
  private final StringBuilder text;

  public CsvRows(int capacity) {
    this.text = new StringBuilder(capacity);
  }

  @Override
  public void row(Object... values) {
    for (int i = 0; i < values.length; i++) {
      if (i > 0) {
        text.append(',');
      }
      Object v = values[i];
      if (v != null) {
        text.append(v);
      }
    }
    text.append('\n');
  }

  /** The text written so far. */
  public StringBuilder text() {
    return text;
  }
}
