package io.loadlab.core.ds2.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.database.SqlDialect;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.schema.Ds2Sql;
import io.loadlab.core.results.RunResult;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * What must hold in a DS2 database after a run, in SQL that PostgreSQL and MariaDB both run (table
 * names spelled per dialect).
 */
final class Ds2Invariants {
  private Ds2Invariants() {}

  static long count(Connection c, String sql) throws Exception {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(Ds2Sql.of(SqlDialect.of(c), sql))) {
      rs.next();
      return rs.getLong(1);
    }
  }

  static void assertConsistent(Connection c, Ds2Size size, RunResult r) throws Exception {
    long loadedOrders = size.orders();
    // Every order the database received, in the window or not (DS2's n_purchase_from_start).
    double orders = r.figures().get("ordersFromStart");
    double rollbacks = r.figures().get("rollbacksFromStart");
    long newOrders = count(c, "SELECT COUNT(*) FROM orders WHERE orderid > " + loadedOrders);
    assertEquals((long) (orders - rollbacks), newOrders, "one order row per committed purchase");
    assertEquals(
        0,
        count(
            c,
            "SELECT COUNT(*) FROM orders o WHERE NOT EXISTS"
                + " (SELECT 1 FROM orderlines l WHERE l.orderid = o.orderid)"),
        "every order has its order lines");
    assertEquals(
        count(c, "SELECT COUNT(*) FROM orderlines WHERE orderid > " + loadedOrders),
        count(c, "SELECT COUNT(*) FROM cust_hist WHERE orderid > " + loadedOrders));
    assertEquals(
        0,
        count(
            c,
            "SELECT COUNT(*) FROM orderlines l JOIN orders o ON o.orderid = l.orderid"
                + " WHERE l.orderid > "
                + loadedOrders
                + " AND NOT EXISTS (SELECT 1 FROM cust_hist h WHERE h.orderid = l.orderid"
                + " AND h.prod_id = l.prod_id AND h.customerid = o.customerid)"),
        "cust_hist matches the order lines");
    assertEquals(
        0,
        count(
            c,
            "SELECT COUNT(*) FROM inventory i JOIN loadlab_ds2_inventory b"
                + " ON b.prod_id = i.prod_id"
                + " LEFT JOIN (SELECT prod_id, SUM(quantity) q FROM orderlines WHERE orderid > "
                + loadedOrders
                + " GROUP BY prod_id) s ON s.prod_id = i.prod_id"
                + " LEFT JOIN (SELECT prod_id, SUM(quan_low) r FROM reorder GROUP BY prod_id) r"
                + " ON r.prod_id = i.prod_id"
                + " WHERE i.quan_in_stock <> b.quan_in_stock - COALESCE(s.q, 0) + COALESCE(r.r, 0)"
                + " OR i.sales <> b.sales + COALESCE(s.q, 0)"),
        "inventory went down by the quantities sold (plus restocks) and sales up");
    assertTrue(
        count(c, "SELECT SUM(quantity) FROM orderlines WHERE orderid > " + loadedOrders) > 0);
    assertEquals(0, count(c, "SELECT COUNT(*) FROM inventory WHERE quan_in_stock < 0"));
    long newCustomers =
        count(c, "SELECT COUNT(*) FROM customers WHERE customerid > " + size.customers());
    // Registered in the window, plus at most one per user by sessions that finished after it.
    long inWindow =
        r.totals().containsKey("new customer") ? r.totals().get("new customer").count() : 0;
    assertTrue(
        newCustomers >= inWindow && newCustomers <= inWindow + 16,
        newCustomers + " new customers in the database, " + inWindow + " in the window");
  }
}
