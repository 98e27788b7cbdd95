package io.loadlab.core.ds2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.database.SqlDialect;
import io.loadlab.core.database.TestPostgres;
import io.loadlab.core.ds2.load.Ds2Loader;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The per-connection API the JMeter sampler and the JMH benchmarks call. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class Ds2TransactionsTest {
  static final Ds2Size SIZE = Ds2Size.parse("--db-size", "1MB");
  static DatabaseTarget db;

  @BeforeAll
  static void load() throws Exception {
    db = TestPostgres.newDatabase("tx");
    new Ds2Loader(db, line -> {}).load(new Ds2Loader.Settings(SIZE, 11, 2, false));
  }

  static long count(Connection c, String sql) throws Exception {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void loginAndNewCustomer() throws Exception {
    try (Connection c = db.connect();
        Ds2Transactions tx = Ds2Transactions.on(c)) {
      assertEquals(SqlDialect.POSTGRESQL, tx.dialect());
      assertEquals(7, tx.login("user7", "password").customerId());
      assertFalse(tx.login("user7", "wrong").found());
      Ds2Customer c1 =
          Ds2RandomData.customer(new SplittableRandom(1), true, "newuser-x", "password");
      Ds2NewCustomerResult created = tx.newCustomer(c1);
      assertTrue(created.customerId() > SIZE.customers(), "id past the loaded ones");
      assertFalse(tx.newCustomer(c1).created(), "a taken username gives 0");
      Ds2LoginResult fresh = tx.login("newuser-x", "password");
      assertEquals(created.customerId(), fresh.customerId());
      assertEquals(0, fresh.historyRows(), "a new customer has bought nothing yet");
      tx.purchase(created.customerId(), new int[] {3, 4, 5}, new int[] {1, 1, 1});
      assertEquals(3, tx.login("newuser-x", "password").historyRows());
      for (int id : new int[] {7, 8, 9}) {
        long bought =
            Math.min(10, count(c, "SELECT count(*) FROM cust_hist WHERE customerid = " + id));
        assertEquals(bought, tx.login("user" + id, "password").historyRows(), "user" + id);
      }
    }
  }

  @Test
  void titleSearchLooksInTitlesUnlessDs2Compatible() throws Exception {
    try (Connection c = db.connect();
        Ds2Transactions tx = new Ds2Transactions(c, SqlDialect.POSTGRESQL);
        Ds2Transactions compat = new Ds2Transactions(c, SqlDialect.POSTGRESQL, true)) {
      String title = Ds2Vocabulary.productTitle(5);
      assertTrue(tx.browseByTitle(title, 5).rows() >= 1);
      assertEquals(0, compat.browseByTitle(title, 5).rows(), "title words are not actor words");
      String actor;
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT actor FROM products WHERE prod_id = 3")) {
        rs.next();
        actor = rs.getString(1);
      }
      assertTrue(tx.browseByActor(actor, 5).rows() >= 1);
      assertTrue(compat.browseByTitle(actor, 5).rows() >= 1, "compat searches the actor column");
      int featured = 0;
      for (int cat = 1; cat <= 16; cat++) {
        featured += tx.browseByCategory(cat, 3).rows();
      }
      assertTrue(featured > 0 && featured <= 48);
    }
  }

  @Test
  void purchaseWritesOrderLinesAndStockOrRollsBack() throws Exception {
    try (Connection c = db.connect();
        Ds2Transactions tx = new Ds2Transactions(c, SqlDialect.POSTGRESQL)) {
      try (Statement s = c.createStatement()) {
        s.execute("UPDATE inventory SET quan_in_stock = 4 WHERE prod_id IN (10, 11)");
        s.execute("UPDATE inventory SET quan_in_stock = 0 WHERE prod_id = 12");
      }
      Ds2PurchaseResult ok = tx.purchase(3, new int[] {10, 11}, new int[] {1, 2});
      assertFalse(ok.rolledBack());
      assertEquals(2, ok.lines());
      assertEquals(2, count(c, "SELECT COUNT(*) FROM orderlines WHERE orderid = " + ok.orderId()));
      assertEquals(2, count(c, "SELECT COUNT(*) FROM cust_hist WHERE orderid = " + ok.orderId()));
      assertEquals(3, count(c, "SELECT quan_in_stock FROM inventory WHERE prod_id = 10"));
      // 4 - 2 = 2 < 3: restocked to 250 and noted in REORDER.
      assertEquals(250, count(c, "SELECT quan_in_stock FROM inventory WHERE prod_id = 11"));
      assertEquals(248, count(c, "SELECT quan_low FROM reorder WHERE prod_id = 11"));

      long ordersBefore = count(c, "SELECT COUNT(*) FROM orders");
      Ds2PurchaseResult rb = tx.purchase(3, new int[] {10, 12}, new int[] {1, 1});
      assertTrue(rb.rolledBack());
      assertEquals(0, rb.orderId());
      assertEquals(ordersBefore, count(c, "SELECT COUNT(*) FROM orders"));
      assertEquals(3, count(c, "SELECT quan_in_stock FROM inventory WHERE prod_id = 10"));
      assertTrue(c.getAutoCommit(), "the connection is back in autocommit");

      // The short line first: nothing after it is kept either.
      Ds2PurchaseResult first = tx.purchase(3, new int[] {12, 10}, new int[] {1, 1});
      assertTrue(first.rolledBack());
      assertEquals(ordersBefore, count(c, "SELECT COUNT(*) FROM orders"));
      assertEquals(3, count(c, "SELECT quan_in_stock FROM inventory WHERE prod_id = 10"));
      assertTrue(c.getAutoCommit(), "the connection is back in autocommit");
    }
  }

  @Test
  void theSameProductTwiceSeesTheFirstLinesRestock() throws Exception {
    try (Connection c = db.connect();
        Ds2Transactions tx = new Ds2Transactions(c, SqlDialect.POSTGRESQL)) {
      try (Statement s = c.createStatement()) {
        s.execute("UPDATE inventory SET quan_in_stock = 4 WHERE prod_id = 20");
      }
      int level = Ds2Reorder.restockLevel(20);
      // 4 - 3 = 1 < 3: restocked before the second line, which then finds enough.
      Ds2PurchaseResult r = tx.purchase(5, new int[] {20, 20}, new int[] {3, 3});
      assertFalse(r.rolledBack());
      assertEquals(2, count(c, "SELECT COUNT(*) FROM orderlines WHERE orderid = " + r.orderId()));
      assertEquals(level - 3, count(c, "SELECT quan_in_stock FROM inventory WHERE prod_id = 20"));
      assertTrue(c.getAutoCommit(), "the connection is back in autocommit");
    }
  }

  @Test
  void anOrderRecordsItsAmountsAndLinesForItsOwnId() throws Exception {
    try (Connection c = db.connect();
        Ds2Transactions tx = new Ds2Transactions(c, SqlDialect.POSTGRESQL)) {
      try (Statement s = c.createStatement()) {
        s.execute("UPDATE inventory SET quan_in_stock = 100 WHERE prod_id IN (30, 31, 32)");
      }
      long net =
          count(
              c,
              "SELECT CAST(SUM(price * q) * 100 AS BIGINT) FROM products"
                  + " JOIN (VALUES (30, 1), (31, 2), (32, 3)) v(p, q) ON prod_id = p");
      Ds2PurchaseResult r = tx.purchase(6, new int[] {30, 31, 32}, new int[] {1, 2, 3});
      Ds2PurchaseResult r2 = tx.purchase(7, new int[] {31}, new int[] {1});
      assertFalse(r.rolledBack());
      assertTrue(r2.orderId() > r.orderId());
      assertEquals(
          net,
          count(
              c,
              "SELECT CAST(netamount * 100 AS BIGINT) FROM orders WHERE orderid = " + r.orderId()));
      assertEquals(
          6, count(c, "SELECT SUM(quantity) FROM orderlines WHERE orderid = " + r.orderId()));
      assertEquals(
          3 * 6, count(c, "SELECT SUM(customerid) FROM cust_hist WHERE orderid = " + r.orderId()));
      assertEquals(
          31, count(c, "SELECT SUM(prod_id) FROM orderlines WHERE orderid = " + r2.orderId()));
      assertEquals(97, count(c, "SELECT quan_in_stock FROM inventory WHERE prod_id = 32"));
    }
  }

  @Test
  void aUserSessionReportsItsSteps() throws Exception {
    try (Connection c = db.connect();
        Ds2Transactions tx = Ds2Transactions.on(c)) {
      List<Ds2Step> steps = new ArrayList<>();
      Ds2UserSession session =
          new Ds2UserSession(tx, Ds2WorkloadMix.DEFAULT, SIZE, new SplittableRandom(3));
      for (int i = 0; i < 20; i++) {
        steps.clear();
        Ds2OrderResult r = session.run((step, nanos, outcome) -> steps.add(step));
        assertEquals(r.browses() + 2, steps.size());
        assertEquals(Ds2Step.PURCHASE, steps.get(steps.size() - 1));
        assertEquals(r.newCustomer() ? Ds2Step.NEW_CUSTOMER : Ds2Step.LOGIN, steps.get(0));
        assertTrue(r.browses() >= 1 && r.browses() <= 5);
        assertTrue(r.nanos() > 0);
      }
    }
  }
}
