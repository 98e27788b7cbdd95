package io.loadlab.core.ds2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.database.TestPostgres;
import io.loadlab.core.ds2.load.Ds2Loader;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A real PostgreSQL deadlock in the middle of a purchase: the purchase holds product 1's inventory
 * row and waits for product 2's, which another transaction holds while it asks for product 1. The
 * server aborts the purchase (SQLSTATE 40P01, it waited first); the purchase is retried and
 * completes, and only the retried order is in the database.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class Ds2DeadlockTest {
  static DatabaseTarget db;

  @BeforeAll
  static void load() throws Exception {
    db = TestPostgres.newDatabase("deadlock");
    new Ds2Loader(db, line -> {})
        .load(new Ds2Loader.Settings(Ds2Size.parse("--db-size", "1MB"), 5, 2, false));
  }

  private static long scalar(Connection c, String sql) throws Exception {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** True once some session waits for a row lock. */
  private static boolean someoneWaitsForALock(Connection c) throws Exception {
    return scalar(c, "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'") > 0;
  }

  @Test
  void aDeadlockedPurchaseIsRetriedAndCompletes() throws Exception {
    try (Connection buyer = db.connect();
        Ds2Transactions tx = Ds2Transactions.on(buyer);
        Connection other = db.connect();
        Connection watcher = db.connect()) {
      try (Statement s = watcher.createStatement()) {
        s.executeUpdate("UPDATE inventory SET quan_in_stock = 100 WHERE prod_id IN (1, 2)");
      }
      // The purchase waits first; its deadlock check (3 s) comes long before the other's (120 s),
      // so the server picks the purchase as the victim even on a slow machine.
      try (Statement s = buyer.createStatement()) {
        s.execute("SET deadlock_timeout = '3s'");
      }
      try (Statement s = other.createStatement()) {
        s.execute("SET deadlock_timeout = '120s'");
      }
      long ordersBefore = scalar(watcher, "SELECT count(*) FROM orders");
      long stock1 = scalar(watcher, "SELECT quan_in_stock FROM inventory WHERE prod_id = 1");
      other.setAutoCommit(false);
      try (Statement s = other.createStatement()) {
        s.executeUpdate("UPDATE inventory SET sales = sales WHERE prod_id = 2");
      }
      AtomicInteger backoffs = new AtomicInteger();
      CompletableFuture<Ds2UserSession.Retried> purchase =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return Ds2UserSession.purchaseRetrying(
                      tx, 7, new int[] {1, 2}, new int[] {1, 1}, backoffs::incrementAndGet);
                } catch (Exception e) {
                  throw new RuntimeException(e);
                }
              });
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (!someoneWaitsForALock(watcher)) {
        assertTrue(System.nanoTime() < deadline, "the purchase never waited for product 2");
        Thread.sleep(20);
      }
      // Now close the cycle: this waits for product 1 until the server aborts the purchase.
      try (Statement s = other.createStatement()) {
        s.executeUpdate("UPDATE inventory SET sales = sales WHERE prod_id = 1");
      }
      other.commit();

      Ds2UserSession.Retried done = purchase.get(60, TimeUnit.SECONDS);
      // Usually one deadlock; on a busy machine the retry can take product 1's row lock before the
      // other transaction's woken update does, and deadlock once more (the purchase is always the
      // victim): each deadlock is one back-off and one retry, and it still completes.
      assertTrue(done.retries() >= 1, "the deadlocked purchase was retried");
      assertEquals(done.retries(), backoffs.get(), "one back-off per retry");
      assertTrue(done.result().orderId() > 0, "the retried purchase made an order");
      assertEquals(ordersBefore + 1, scalar(watcher, "SELECT count(*) FROM orders"));
      assertEquals(
          stock1 - 1, scalar(watcher, "SELECT quan_in_stock FROM inventory WHERE prod_id = 1"));
    }
  }
}
