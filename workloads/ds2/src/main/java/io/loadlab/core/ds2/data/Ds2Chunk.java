package io.loadlab.core.ds2.data;

import io.loadlab.core.ds2.schema.Ds2Table;
import java.util.List;

/**
 * One unit of generation: a table (orders also yield their lines and history) and a range of ids.
 *
 * @param table the table generated (ORDERS stands for ORDERS, ORDERLINES and CUST_HIST)
 * @param index the chunk's number within its table, which seeds its random stream
 * @param firstId the first id of the range
 * @param lastId the last id (inclusive)
 */
public record Ds2Chunk(Ds2Table table, int index, long firstId, long lastId) {
  /** The tables this chunk writes rows to. */
  public List<Ds2Table> outputs() {
    return table == Ds2Table.ORDERS
        ? List.of(Ds2Table.ORDERS, Ds2Table.ORDERLINES, Ds2Table.CUST_HIST)
        : List.of(table);
  }

  /** Rows of the main table in the chunk. */
  public long rows() {
    return lastId - firstId + 1;
  }
}
