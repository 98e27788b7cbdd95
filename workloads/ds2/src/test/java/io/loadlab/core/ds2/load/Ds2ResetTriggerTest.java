package io.loadlab.core.ds2.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.database.TestPostgres;
import io.loadlab.core.ds2.Ds2ShapedDatabase;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.failure.LoadlabException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code ds2 reset} beside a restock trigger of DVD Store's kind (written here: a BEFORE UPDATE
 * trigger on inventory that sets a product falling below 3 units to 250 and adds a REORDER row):
 * the restore would set low loaded stock back, the trigger would turn it into 250. Reset turns the
 * trigger off where the role may, survives an update-only trigger where it may not, and otherwise
 * fails with exit 1, naming the trigger and the rows, and changes nothing.
 */
@Timeout(180)
class Ds2ResetTriggerTest {
  private static final Ds2Size SIZE = Ds2Size.parse("--db-size", "2MB");

  /** Loads the database, gives products 1-6 low stock, takes the copy, adds the trigger. */
  private static DatabaseTarget loaded(String name, long seed, String events) throws Exception {
    DatabaseTarget db = TestPostgres.newDatabase(name);
    Ds2ShapedDatabase.build(db, SIZE, seed);
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute("UPDATE inventory SET quan_in_stock = prod_id % 3 WHERE prod_id <= 6");
      Ds2InventorySnapshot.ensure(c, db.dialect(), SIZE);
      s.execute(
          "CREATE FUNCTION test_low_stock() RETURNS trigger LANGUAGE plpgsql AS $f$ BEGIN"
              + " IF NEW.quan_in_stock < 3 THEN"
              + " INSERT INTO reorder (prod_id, date_low, quan_low)"
              + " VALUES (NEW.prod_id, CURRENT_DATE, NEW.quan_in_stock);"
              + " NEW.quan_in_stock := 250; END IF; RETURN NEW; END $f$");
      s.execute(
          "CREATE TRIGGER test_restock BEFORE "
              + events
              + " ON inventory FOR EACH ROW EXECUTE FUNCTION test_low_stock()");
    }
    return db;
  }

  private static String stock(Connection c) throws Exception {
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT SUM(quan_in_stock), SUM(sales), SUM(prod_id * quan_in_stock),"
                    + " (SELECT COUNT(*) FROM reorder) FROM inventory")) {
      rs.next();
      return rs.getLong(1) + "/" + rs.getLong(2) + "/" + rs.getLong(3) + "/" + rs.getLong(4);
    }
  }

  /** A run's sales: products 1-10 sell one unit each; the trigger restocks the low ones. */
  private static void sell(Connection c) throws Exception {
    try (Statement s = c.createStatement()) {
      s.execute(
          "UPDATE inventory SET quan_in_stock = quan_in_stock - 1, sales = sales + 1"
              + " WHERE prod_id <= 10");
    }
  }

  private static String triggerState(Connection c) throws Exception {
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery("SELECT tgenabled FROM pg_trigger WHERE tgname = 'test_restock'")) {
      rs.next();
      return rs.getString(1);
    }
  }

  /** A login role that may read and write DS2's tables but owns none and is no superuser. */
  private static DatabaseTarget plainRole(DatabaseTarget db, String name) throws Exception {
    String role = name + "_" + ProcessHandle.current().pid();
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute("CREATE ROLE " + role + " LOGIN");
      s.execute("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO " + role);
      s.execute("GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO " + role);
    }
    return new DatabaseTarget(db.url(), role, null);
  }

  @Test
  void asSuperuserTheTriggerIsOffForTheRestoreAndStockIsExactlyAsLoaded() throws Exception {
    DatabaseTarget db = loaded("ds2_reset_trigger", 11, "UPDATE");
    try (Connection c = db.connect()) {
      String loaded = stock(c);
      sell(c);
      assertTrue(!loaded.equals(stock(c)), "the trigger restocked during the run");
      Ds2Reset.reset(c, db.dialect(), SIZE, l -> {});
      assertEquals(loaded, stock(c), "stock, sales and REORDER exactly as loaded");
      assertEquals("O", triggerState(c), "the user's trigger is on again after the reset");
      sell(c);
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT quan_in_stock FROM inventory WHERE prod_id = 3")) {
        rs.next();
        assertEquals(250, rs.getInt(1), "the trigger still restocks after the reset");
      }
    }
  }

  @Test
  void aRoleThatMayNotTurnItOffStillRestoresPastAnUpdateTrigger() throws Exception {
    DatabaseTarget db = loaded("ds2_reset_trigger_plain", 12, "UPDATE");
    DatabaseTarget plain = plainRole(db, "ds2_plain");
    try (Connection c = plain.connect()) {
      String loaded = stock(c);
      sell(c);
      Ds2Reset.reset(c, db.dialect(), SIZE, l -> {});
      assertEquals(loaded, stock(c), "stock, sales and REORDER exactly as loaded");
    }
  }

  @Test
  void aTriggerTheResetCannotGetPastFailsItNamingTriggerAndRowsAndChangesNothing()
      throws Exception {
    DatabaseTarget db = loaded("ds2_reset_trigger_fail", 13, "INSERT OR UPDATE");
    DatabaseTarget plain = plainRole(db, "ds2_plain_fail");
    try (Connection c = plain.connect()) {
      sell(c);
      String sold = stock(c);
      LoadlabException e =
          assertThrows(
              LoadlabException.class, () -> Ds2Reset.reset(c, db.dialect(), SIZE, l -> {}));
      assertEquals(1, e.exitCode(), e.getMessage());
      assertTrue(e.getMessage().contains("test_restock on inventory"), e.getMessage());
      assertTrue(e.getMessage().contains("prod_id 3: 250 in stock"), e.getMessage());
      assertTrue(e.getMessage().contains("nothing was changed"), e.getMessage());
      assertEquals(sold, stock(c), "nothing was changed");
    }
  }
}
