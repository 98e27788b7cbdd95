package io.loadlab.core.ds2;

import io.loadlab.core.database.SqlDialect;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/** DS2's purchase transaction on one connection; {@link Ds2Transactions#purchase} runs it. */
final class Ds2Purchase {
  private static final String[] PRICES = new String[Ds2Transactions.MAX_LINE_ITEMS + 1];
  private static final String[] LINES = new String[Ds2Transactions.MAX_LINE_ITEMS + 1];
  private static final String[] HISTORY = new String[Ds2Transactions.MAX_LINE_ITEMS + 1];
  private static final String[] PIPELINED = new String[Ds2Transactions.MAX_LINE_ITEMS + 1];

  private static final String PG_INSERT_ORDER =
      "INSERT INTO orders (orderdate, customerid, netamount, tax, totalamount)"
          + " VALUES (CURRENT_DATE, ?, CAST(? AS NUMERIC), CAST(? AS NUMERIC),"
          + " CAST(? AS NUMERIC)) RETURNING orderid";
  private static final String PG_TAKE =
      "UPDATE inventory SET quan_in_stock = quan_in_stock - ?, sales = sales + ?"
          + " WHERE prod_id = ? AND quan_in_stock >= ? RETURNING quan_in_stock";

  static {
    for (int n = 1; n <= Ds2Transactions.MAX_LINE_ITEMS; n++) {
      StringBuilder sql =
          new StringBuilder("SELECT prod_id, price FROM products WHERE prod_id IN (");
      for (int i = 0; i < n; i++) {
        sql.append(i == 0 ? "?" : ", ?");
      }
      PRICES[n] = sql.append(')').toString();
      StringBuilder lines =
          new StringBuilder(
              "INSERT INTO orderlines (orderlineid, orderid, prod_id, quantity, orderdate) VALUES ");
      StringBuilder hist =
          new StringBuilder("INSERT INTO cust_hist (customerid, orderid, prod_id) VALUES ");
      for (int i = 0; i < n; i++) {
        lines.append(i == 0 ? "" : ", ").append("(?, ?, ?, ?, CURRENT_DATE)");
        hist.append(i == 0 ? "" : ", ").append("(?, ?, ?)");
      }
      LINES[n] = lines.toString();
      HISTORY[n] = hist.toString();
      PIPELINED[n] = pipelined(n);
    }
  }

  /**
   * The whole purchase as one PostgreSQL statement list, sent in one round trip (the driver sends
   * every statement of a multi-statement prepared statement before one Sync): the order with its
   * amounts worked out from the products' prices, each line's guarded stock update, the order lines
   * and the history. The lines take the order's id from its sequence ({@code currval}), so nothing
   * waits for the id to come back. The same statements as {@code bench/ds2/ds2-order.pgbench}'s
   * pipeline.
   */
  private static String pipelined(int n) {
    // The amounts as netAmount() and run() work them out on the client: a missing product costs
    // 0, and PostgreSQL's round() of a NUMERIC is HALF_UP for these positive amounts.
    String tax = "round(a.net * " + Ds2Transactions.TAX_RATE.toPlainString() + ", 2)";
    StringBuilder sql =
        new StringBuilder(
            "INSERT INTO orders (orderdate, customerid, netamount, tax, totalamount)"
                + " SELECT CURRENT_DATE, ?, a.net, "
                + tax
                + ", a.net + "
                + tax
                + " FROM (SELECT round(COALESCE(SUM(p.price * v.q), 0), 2) AS net FROM (VALUES ");
    for (int i = 0; i < n; i++) {
      sql.append(i == 0 ? "" : ", ").append("(?, ?)");
    }
    sql.append(
        ") v(id, q) LEFT JOIN products p ON p.prod_id = v.id) a RETURNING orderid, totalamount");
    for (int i = 0; i < n; i++) {
      sql.append(";\n").append(PG_TAKE);
    }
    sql.append(
        ";\nINSERT INTO orderlines (orderlineid, orderid, prod_id, quantity, orderdate) VALUES ");
    for (int i = 0; i < n; i++) {
      sql.append(i == 0 ? "" : ", ")
          .append('(')
          .append(i + 1)
          .append(", currval('orders_orderid_seq'), ?, ?, CURRENT_DATE)");
    }
    sql.append(";\nINSERT INTO cust_hist (customerid, orderid, prod_id) VALUES ");
    for (int i = 0; i < n; i++) {
      sql.append(i == 0 ? "" : ", ").append("(?, currval('orders_orderid_seq'), ?)");
    }
    return sql.toString();
  }

  private final Connection connection;
  private final SqlDialect dialect;
  private final StatementCache statements;

  Ds2Purchase(Connection connection, SqlDialect dialect, StatementCache statements) {
    this.connection = connection;
    this.dialect = dialect;
    this.statements = statements;
  }

  /**
   * Buys products in one transaction: writes the order, takes each line's quantity from stock
   * (restocking a product that falls below 3, and noting it in REORDER, as DS2's reorder trigger
   * does), writes the order lines and the customer's history. If a product has too little stock,
   * everything is rolled back and the result says so.
   *
   * @param prodIds the products, one per line (at most {@value Ds2Transactions#MAX_LINE_ITEMS})
   * @param quantities the quantity of each line
   */
  Ds2PurchaseResult run(int customerId, int[] prodIds, int[] quantities) throws SQLException {
    checkLines(prodIds, quantities);
    if (dialect == SqlDialect.POSTGRESQL && distinct(prodIds)) {
      connection.setAutoCommit(false);
      try {
        return pipelined(customerId, prodIds, quantities);
      } catch (SQLException | RuntimeException e) {
        rollbackQuietly();
        throw e;
      } finally {
        backToAutocommit();
      }
    }
    int n = prodIds.length;
    BigDecimal net = netAmount(prodIds, quantities);
    BigDecimal tax = net.multiply(Ds2Transactions.TAX_RATE).setScale(2, RoundingMode.HALF_UP);
    BigDecimal total = net.add(tax);
    connection.setAutoCommit(false);
    try {
      int orderId = insertOrder(customerId, net, tax, total);
      for (int i = 0; i < n; i++) {
        if (!takeFromStock(prodIds[i], quantities[i])) {
          connection.rollback();
          return new Ds2PurchaseResult(0, true, 0, total.doubleValue());
        }
      }
      // One multi-row INSERT per table, prepared once per line count: no batch rewriting per
      // purchase, and the same statements as bench/ds2/ds2-order.pgbench.
      PreparedStatement lines = statements.statement(LINES[n]);
      PreparedStatement hist = statements.statement(HISTORY[n]);
      for (int i = 0; i < n; i++) {
        lines.setInt(4 * i + 1, i + 1);
        lines.setInt(4 * i + 2, orderId);
        lines.setInt(4 * i + 3, prodIds[i]);
        lines.setInt(4 * i + 4, quantities[i]);
        hist.setInt(3 * i + 1, customerId);
        hist.setInt(3 * i + 2, orderId);
        hist.setInt(3 * i + 3, prodIds[i]);
      }
      lines.executeUpdate();
      hist.executeUpdate();
      connection.commit();
      return new Ds2PurchaseResult(orderId, false, n, total.doubleValue());
    } catch (SQLException | RuntimeException e) {
      rollbackQuietly();
      throw e;
    } finally {
      backToAutocommit();
    }
  }

  /** Refuses a purchase without lines, with too many, or with a quantity missing. */
  static void checkLines(int[] prodIds, int[] quantities) {
    int n = prodIds.length;
    if (n == 0 || n > Ds2Transactions.MAX_LINE_ITEMS || quantities.length != n) {
      throw new IllegalArgumentException(
          "a purchase has 1 to " + Ds2Transactions.MAX_LINE_ITEMS + " lines");
    }
  }

  private void backToAutocommit() throws SQLException {
    if (!connection.isClosed()) {
      try {
        connection.setAutoCommit(true);
      } catch (SQLException e) {
        // the connection is broken; the caller sees the original failure
      }
    }
  }

  /**
   * The purchase in two round trips: {@link #PIPELINED} (the order with its amounts from the
   * products' prices, stock updates, lines and history, with BEGIN), then COMMIT, or ROLLBACK if a
   * line found too little stock. Only for distinct products: the same product twice must see the
   * first line's restock, which {@link #takeFromStock} does line by line.
   */
  private Ds2PurchaseResult pipelined(int customerId, int[] prodIds, int[] quantities)
      throws SQLException {
    int n = prodIds.length;
    PreparedStatement ps = statements.statement(PIPELINED[n]);
    int p = 1;
    ps.setInt(p++, customerId);
    for (int i = 0; i < n; i++) {
      ps.setInt(p++, prodIds[i]);
      ps.setInt(p++, quantities[i]);
    }
    for (int i = 0; i < n; i++) {
      ps.setInt(p++, quantities[i]);
      ps.setInt(p++, quantities[i]);
      ps.setInt(p++, prodIds[i]);
      ps.setInt(p++, quantities[i]);
    }
    for (int i = 0; i < n; i++) {
      ps.setInt(p++, prodIds[i]);
      ps.setInt(p++, quantities[i]);
    }
    for (int i = 0; i < n; i++) {
      ps.setInt(p++, customerId);
      ps.setInt(p++, prodIds[i]);
    }
    ps.execute();
    int orderId;
    double total;
    try (ResultSet rs = ps.getResultSet()) {
      rs.next();
      orderId = rs.getInt(1);
      total = rs.getDouble(2);
    }
    int[] left = new int[n];
    boolean enough = true;
    for (int i = 0; i < n; i++) {
      ps.getMoreResults();
      try (ResultSet rs = ps.getResultSet()) {
        if (rs.next()) {
          left[i] = rs.getInt(1);
        } else {
          enough = false;
        }
      }
    }
    if (!enough) {
      connection.rollback();
      return new Ds2PurchaseResult(0, true, 0, total);
    }
    for (int i = 0; i < n; i++) {
      if (left[i] < Ds2Reorder.LOW_STOCK) {
        restock(prodIds[i], left[i]);
      }
    }
    connection.commit();
    return new Ds2PurchaseResult(orderId, false, n, total);
  }

  private static boolean distinct(int[] ids) {
    for (int i = 1; i < ids.length; i++) {
      for (int j = 0; j < i; j++) {
        if (ids[i] == ids[j]) {
          return false;
        }
      }
    }
    return true;
  }

  private BigDecimal netAmount(int[] prodIds, int[] quantities) throws SQLException {
    int n = prodIds.length;
    PreparedStatement ps = statements.statement(PRICES[n]);
    for (int i = 0; i < n; i++) {
      ps.setInt(i + 1, prodIds[i]);
    }
    Map<Integer, BigDecimal> prices = new HashMap<>();
    try (ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        prices.put(rs.getInt(1), rs.getBigDecimal(2));
      }
    }
    BigDecimal net = BigDecimal.ZERO;
    for (int i = 0; i < n; i++) {
      BigDecimal price = prices.getOrDefault(prodIds[i], BigDecimal.ZERO);
      net = net.add(price.multiply(BigDecimal.valueOf(quantities[i])));
    }
    return net.setScale(2, RoundingMode.HALF_UP);
  }

  private int insertOrder(int customerId, BigDecimal net, BigDecimal tax, BigDecimal total)
      throws SQLException {
    if (dialect == SqlDialect.POSTGRESQL) {
      // Amounts go as text cast by the server: the driver's binary NUMERIC encoding of a
      // BigDecimal costs more client CPU than the rest of the statement.
      PreparedStatement ps = statements.statement(PG_INSERT_ORDER);
      ps.setInt(1, customerId);
      ps.setString(2, net.toPlainString());
      ps.setString(3, tax.toPlainString());
      ps.setString(4, total.toPlainString());
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getInt(1);
      }
    }
    PreparedStatement ps =
        statements.generatedKeyStatement(
            "INSERT INTO orders (orderdate, customerid, netamount, tax, totalamount)"
                + " VALUES (CURRENT_DATE, ?, ?, ?, ?)");
    ps.setInt(1, customerId);
    ps.setBigDecimal(2, net);
    ps.setBigDecimal(3, tax);
    ps.setBigDecimal(4, total);
    ps.executeUpdate();
    try (ResultSet rs = ps.getGeneratedKeys()) {
      rs.next();
      return rs.getInt(1);
    }
  }

  /** Takes {@code quantity} from stock; false if there is too little (or no such product). */
  private boolean takeFromStock(int prodId, int quantity) throws SQLException {
    int left;
    if (dialect == SqlDialect.POSTGRESQL) {
      PreparedStatement take = statements.statement(PG_TAKE);
      take.setInt(1, quantity);
      take.setInt(2, quantity);
      take.setInt(3, prodId);
      take.setInt(4, quantity);
      try (ResultSet rs = take.executeQuery()) {
        if (!rs.next()) {
          return false;
        }
        left = rs.getInt(1);
      }
    } else {
      PreparedStatement read =
          statements.statement("SELECT quan_in_stock FROM inventory WHERE prod_id = ? FOR UPDATE");
      read.setInt(1, prodId);
      int stock;
      try (ResultSet rs = read.executeQuery()) {
        if (!rs.next()) {
          return false;
        }
        stock = rs.getInt(1);
      }
      if (stock < quantity) {
        return false;
      }
      left = stock - quantity;
      PreparedStatement take =
          statements.statement(
              "UPDATE inventory SET quan_in_stock = ?, sales = sales + ? WHERE prod_id = ?");
      take.setInt(1, left);
      take.setInt(2, quantity);
      take.setInt(3, prodId);
      take.executeUpdate();
    }
    if (left < Ds2Reorder.LOW_STOCK) {
      restock(prodId, left);
    }
    return true;
  }

  private void restock(int prodId, int left) throws SQLException {
    int level = Ds2Reorder.restockLevel(prodId);
    PreparedStatement set =
        statements.statement("UPDATE inventory SET quan_in_stock = ? WHERE prod_id = ?");
    set.setInt(1, level);
    set.setInt(2, prodId);
    set.executeUpdate();
    PreparedStatement note =
        statements.statement(
            "INSERT INTO reorder (prod_id, date_low, quan_low) VALUES (?, CURRENT_DATE, ?)");
    note.setInt(1, prodId);
    note.setInt(2, level - left);
    note.executeUpdate();
  }

  private void rollbackQuietly() {
    try {
      if (!connection.isClosed()) {
        connection.rollback();
      }
    } catch (SQLException e) {
      // the original failure matters more
    }
  }
}
