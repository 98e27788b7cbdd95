package io.loadlab.core.ds2.load;

import io.loadlab.core.database.SqlDialect;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.schema.Ds2Schema;
import io.loadlab.core.ds2.schema.Ds2Sql;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The copy of a DS2 database's loaded inventory that {@code ds2 reset} restores stock from.
 * loadlab's loader makes it; on a database loaded by other means (DVD Store's own scripts) {@code
 * ds2 run} takes it before its first run, while the database is still as loaded: no order past the
 * loaded ones and nothing to reorder. On a database already used it cannot be taken, and reset
 * refuses.
 */
public final class Ds2InventorySnapshot {
  /** What {@link #ensure} found or did. */
  public enum State {
    /** The copy was there already. */
    PRESENT,
    /** The database was still as loaded: the copy was taken now. */
    TAKEN,
    /** The database has been used since it was loaded: no exact copy can be taken. */
    UNAVAILABLE
  }

  private Ds2InventorySnapshot() {}

  /** True if the database has the copy. */
  public static boolean exists(Connection c) throws SQLException {
    return Ds2Schema.tableExists(c, Ds2Schema.INVENTORY_COPY);
  }

  /** Takes the copy if it is missing and the database is still as loaded for {@code size}. */
  public static State ensure(Connection c, SqlDialect dialect, Ds2Size size) throws SQLException {
    if (exists(c)) {
      return State.PRESENT;
    }
    if (!asLoaded(c, dialect, size)) {
      return State.UNAVAILABLE;
    }
    try (Statement s = c.createStatement()) {
      s.execute(
          Ds2Sql.of(
              dialect,
              "CREATE TABLE "
                  + Ds2Schema.INVENTORY_COPY
                  + " AS SELECT prod_id, quan_in_stock, sales FROM inventory"));
    }
    if (!c.getAutoCommit()) {
      c.commit();
    }
    return State.TAKEN;
  }

  /** True if no order past the loaded ones exists and nothing waits to be reordered. */
  static boolean asLoaded(Connection c, SqlDialect dialect, Ds2Size size) throws SQLException {
    try (Statement s = c.createStatement()) {
      try (ResultSet rs =
          s.executeQuery(
              Ds2Sql.of(dialect, "SELECT COUNT(*) FROM orders WHERE orderid > " + size.orders()))) {
        if (!rs.next() || rs.getLong(1) > 0) {
          return false;
        }
      }
      try (ResultSet rs = s.executeQuery(Ds2Sql.of(dialect, "SELECT COUNT(*) FROM reorder"))) {
        return rs.next() && rs.getLong(1) == 0;
      }
    }
  }
}
