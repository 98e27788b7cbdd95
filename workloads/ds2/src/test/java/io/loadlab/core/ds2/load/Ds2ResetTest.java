package io.loadlab.core.ds2.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.database.TestPostgres;
import io.loadlab.core.ds2.Ds2ShapedDatabase;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.failure.UsageException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code ds2 reset} on a database built the way DVD Store's own scripts do (no loadlab tables): it
 * refuses before it changes anything unless a copy of the loaded inventory was taken while the
 * database was still as loaded, and then restores stock exactly.
 */
@Timeout(120)
class Ds2ResetTest {
  private static final Ds2Size SIZE = Ds2Size.parse("--db-size", "2MB");

  private static String stock(Connection c) throws Exception {
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT SUM(quan_in_stock), SUM(sales), SUM(prod_id * quan_in_stock) FROM inventory")) {
      rs.next();
      return rs.getLong(1) + "/" + rs.getLong(2) + "/" + rs.getLong(3);
    }
  }

  private static void sell(Connection c) throws Exception {
    try (Statement s = c.createStatement()) {
      s.execute(
          "UPDATE inventory SET quan_in_stock = quan_in_stock - 3, sales = sales + 3"
              + " WHERE prod_id <= 50");
    }
  }

  @Test
  void withoutACopyOfItsInventoryResetRefusesAndChangesNothing() throws Exception {
    DatabaseTarget db = TestPostgres.newDatabase("ds2_reset_refused");
    Ds2ShapedDatabase.build(db, SIZE, 5);
    try (Connection c = db.connect()) {
      sell(c);
      String sold = stock(c);
      UsageException e =
          assertThrows(UsageException.class, () -> Ds2Reset.reset(c, db.dialect(), SIZE, l -> {}));
      assertTrue(e.getMessage().contains("nothing was changed"), e.getMessage());
      assertEquals(sold, stock(c), "a refused reset leaves the stock as it was");
    }
  }

  @Test
  void aCopyTakenWhileStillAsLoadedLetsResetRestoreStockExactly() throws Exception {
    DatabaseTarget db = TestPostgres.newDatabase("ds2_reset_copy");
    Ds2ShapedDatabase.build(db, SIZE, 6);
    try (Connection c = db.connect()) {
      String loaded = stock(c);
      assertEquals(
          Ds2InventorySnapshot.State.TAKEN, Ds2InventorySnapshot.ensure(c, db.dialect(), SIZE));
      assertEquals(
          Ds2InventorySnapshot.State.PRESENT, Ds2InventorySnapshot.ensure(c, db.dialect(), SIZE));
      sell(c);
      try (Statement s = c.createStatement()) {
        s.execute("INSERT INTO reorder (prod_id, date_low, quan_low) VALUES (1, CURRENT_DATE, 5)");
      }
      Ds2Reset.Outcome o = Ds2Reset.reset(c, db.dialect(), SIZE, l -> {});
      assertEquals(50, o.inventory(), "the rows sold from were put back");
      assertEquals(loaded, stock(c), "stock exactly as loaded");
    }
  }

  @Test
  void aDatabaseUsedSinceItWasLoadedGetsNoCopy() throws Exception {
    DatabaseTarget db = TestPostgres.newDatabase("ds2_reset_used");
    Ds2ShapedDatabase.build(db, SIZE, 7);
    try (Connection c = db.connect()) {
      try (Statement s = c.createStatement()) {
        s.execute("INSERT INTO reorder (prod_id, date_low, quan_low) VALUES (1, CURRENT_DATE, 5)");
      }
      assertEquals(
          Ds2InventorySnapshot.State.UNAVAILABLE,
          Ds2InventorySnapshot.ensure(c, db.dialect(), SIZE));
      assertThrows(UsageException.class, () -> Ds2Reset.checkRestorable(c));
    }
  }
}
