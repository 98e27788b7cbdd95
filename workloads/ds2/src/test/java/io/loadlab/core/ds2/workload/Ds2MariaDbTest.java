package io.loadlab.core.ds2.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.database.SqlDialect;
import io.loadlab.core.database.TestMariaDb;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.Ds2Transactions;
import io.loadlab.core.ds2.load.Ds2Check;
import io.loadlab.core.ds2.load.Ds2Loader;
import io.loadlab.core.ds2.load.Ds2Reset;
import io.loadlab.core.results.RunResult;
import java.sql.Connection;
import java.time.Duration;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The same schema, load, run and reset against MariaDB (skipped when it is not reachable). */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class Ds2MariaDbTest {
  static final String DB = "loadlab_test";
  static final Ds2Size SIZE = Ds2Size.parse("--db-size", "1MB");

  @AfterAll
  static void dropDatabase() {
    TestMariaDb.drop(DB);
  }

  @Test
  void loadRunAndResetOnMariaDb() throws Exception {
    DatabaseTarget db = TestMariaDb.freshDatabase(DB);
    assertEquals(SqlDialect.MYSQL, db.dialect());
    new Ds2Loader(db, line -> {}).load(new Ds2Loader.Settings(SIZE, 3, 2, false));
    try (Connection c = db.connect()) {
      assertTrue(Ds2Check.check(c, SIZE).ok());
      assertEquals(
          1,
          Ds2Invariants.count(
              c,
              "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = DATABASE()"
                  + " AND table_name = 'CUSTOMERS'"),
          "DVD Store's upper-case table names on MySQL/MariaDB");
      assertEquals(
          2,
          Ds2Invariants.count(
              c,
              "SELECT COUNT(DISTINCT index_name) FROM information_schema.statistics"
                  + " WHERE table_schema = DATABASE() AND table_name = 'products'"
                  + " AND index_type = 'FULLTEXT'"),
          "full-text indexes on title and actor");
      Ds2Transactions tx = Ds2Transactions.on(c);
      assertEquals(SqlDialect.MYSQL, tx.dialect());
      // Product 1's title words find it by title, and not in the actor column.
      String[] title;
      try (var s = c.createStatement();
          var rs = s.executeQuery("SELECT title FROM PRODUCTS WHERE prod_id = 1")) {
        rs.next();
        title = rs.getString(1).split(" ");
      }
      assertTrue(tx.browseByTitle(title[0] + " " + title[1], 5).rows() >= 1);
      assertEquals(
          0, new Ds2Transactions(c, SqlDialect.MYSQL, true).browseByTitle(title[1], 5).rows());
      tx.close();
    }
    RunResult r =
        Ds2DriverTest.run(db, SIZE, 3, Duration.ofSeconds(3), new CopyOnWriteArrayList<>(), null);
    assertTrue(r.figures().get("orders") > 5, "orders " + r.figures());
    assertEquals(0.0, r.figures().get("errors"));
    try (Connection c = db.connect()) {
      Ds2Invariants.assertConsistent(c, SIZE, r);
      Ds2Reset.Outcome o = Ds2Reset.reset(c, SqlDialect.MYSQL, SIZE, line -> {});
      assertTrue(o.orders() > 0);
      assertEquals(
          0,
          Ds2Invariants.count(c, "SELECT COUNT(*) FROM orders WHERE orderid > " + SIZE.orders()));
      assertEquals(
          0,
          Ds2Invariants.count(
              c,
              "SELECT COUNT(*) FROM inventory i JOIN loadlab_ds2_inventory b"
                  + " ON b.prod_id = i.prod_id WHERE i.quan_in_stock <> b.quan_in_stock"));
    }
  }
}
