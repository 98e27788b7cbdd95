package io.loadlab.core.ds2.data;

/** Receives generated rows, one call per row, values in the table's column order. */
@FunctionalInterface
public interface RowSink {
  /**
   * Takes one row. Values are {@link Integer}, {@link String}, {@link java.math.BigDecimal}, {@link
   * java.time.LocalDate} or {@code null}.
   */
  void row(Object... values) throws Exception;
}
