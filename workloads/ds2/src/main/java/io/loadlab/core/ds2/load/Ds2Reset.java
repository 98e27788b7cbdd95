package io.loadlab.core.ds2.load;

import io.loadlab.core.database.SqlDialect;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.schema.Ds2Schema;
import io.loadlab.core.ds2.schema.Ds2Sql;
import io.loadlab.core.failure.UsageException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.Consumer;

/**
 * Brings a DS2 database back to its loaded state without reloading: deletes the orders, order
 * lines, history and customers that runs added (ids past the loaded ones), puts the inventory back
 * from loadlab's copy of it and empties REORDER (checked to be exactly as loaded, see {@link
 * Ds2InventoryRestore}), and moves the sequences back; all or nothing.
 */
public final class Ds2Reset {
  /** What a reset removed. */
  public record Outcome(
      long orders, long orderLines, long history, long customers, long inventory, double seconds) {}

  private Ds2Reset() {}

  /**
   * Refuses a database whose stock cannot be restored exactly: one without the copy of its loaded
   * inventory.
   *
   * @throws UsageException naming the fix
   */
  public static void checkRestorable(Connection c) throws SQLException {
    if (!Ds2InventorySnapshot.exists(c)) {
      throw new UsageException(
          "ds2 reset: this database has no copy of its loaded inventory ("
              + Ds2Schema.INVENTORY_COPY
              + "), so its stock cannot be restored exactly and nothing was changed; a database"
              + " loaded by other means gets that copy from its first 'loadlab ds2 run', taken"
              + " while it is still as loaded; reload this one (DVD Store's scripts or 'loadlab ds2"
              + " load --fresh')");
    }
  }

  /**
   * Resets the database on {@code c} to the loaded state of {@code size}, or refuses before it
   * changes anything if its stock cannot be restored exactly (no copy of the loaded inventory: see
   * {@link Ds2InventorySnapshot}): never a partial reset.
   *
   * @param log where notes go
   * @throws UsageException if the stock cannot be restored
   * @throws io.loadlab.core.failure.LoadlabException exit 1, if user triggers keep the restore from
   *     being exact (nothing is changed then)
   */
  public static Outcome reset(Connection c, SqlDialect dialect, Ds2Size size, Consumer<String> log)
      throws SQLException {
    checkRestorable(c);
    long t0 = System.nanoTime();
    long orders = size.orders();
    long customers = size.customers();
    boolean auto = c.getAutoCommit();
    c.setAutoCommit(false);
    long hist;
    long lines;
    long ords;
    long custs;
    long inv;
    try (Statement s = c.createStatement()) {
      hist = s.executeUpdate(Ds2Sql.of(dialect, "DELETE FROM cust_hist WHERE orderid > " + orders));
      lines =
          s.executeUpdate(Ds2Sql.of(dialect, "DELETE FROM orderlines WHERE orderid > " + orders));
      ords = s.executeUpdate(Ds2Sql.of(dialect, "DELETE FROM orders WHERE orderid > " + orders));
      custs =
          s.executeUpdate(
              Ds2Sql.of(dialect, "DELETE FROM customers WHERE customerid > " + customers));
      inv = Ds2InventoryRestore.restore(c, dialect, log);
      c.commit();
      for (String sql :
          new Ds2Schema(dialect).sequenceStatements(customers, orders, size.products())) {
        s.execute(sql);
      }
      c.commit();
    } catch (SQLException | RuntimeException e) {
      c.rollback();
      throw e;
    } finally {
      c.setAutoCommit(auto);
    }
    return new Outcome(ords, lines, hist, custs, inv, (System.nanoTime() - t0) / 1e9);
  }
}
