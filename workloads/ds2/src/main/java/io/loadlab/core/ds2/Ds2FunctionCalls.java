package io.loadlab.core.ds2;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * DS2's steps as calls of loadlab's PostgreSQL functions ({@link
 * io.loadlab.core.ds2.schema.Ds2Functions}), one round trip each, in autocommit: {@link
 * Ds2Transactions} in {@link Ds2Mode#FUNCTIONS}. Arguments and answers are those of the statement
 * mode, so callers see the same results.
 */
final class Ds2FunctionCalls {
  private static final String LOGIN = "SELECT o_customerid, o_title FROM loadlab_ds2_login(?, ?)";
  private static final String NEW_CUSTOMER =
      "SELECT loadlab_ds2_new_customer(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  private static final String BY_CATEGORY =
      "SELECT prod_id FROM loadlab_ds2_browse_by_category(?, ?)";
  private static final String BY_ACTOR = "SELECT prod_id FROM loadlab_ds2_browse_by_actor(?, ?)";
  private static final String BY_TITLE = "SELECT prod_id FROM loadlab_ds2_browse_by_title(?, ?)";
  private static final String[] PURCHASE = new String[Ds2Transactions.MAX_LINE_ITEMS + 1];

  static {
    for (int n = 1; n <= Ds2Transactions.MAX_LINE_ITEMS; n++) {
      String list = "?" + ", ?".repeat(n - 1);
      PURCHASE[n] =
          "SELECT o_orderid, o_total FROM loadlab_ds2_purchase(?, ARRAY["
              + list
              + "], ARRAY["
              + list
              + "])";
    }
  }

  private final StatementCache statements;

  Ds2FunctionCalls(StatementCache statements) {
    this.statements = statements;
  }

  Ds2LoginResult login(String username, String password) throws SQLException {
    return Ds2Transactions.loginRows(statements.statement(LOGIN), username, password);
  }

  Ds2NewCustomerResult newCustomer(Ds2Customer c) throws SQLException {
    PreparedStatement ps = statements.statement(NEW_CUSTOMER);
    Ds2Transactions.bindCustomer(ps, c);
    try (ResultSet rs = ps.executeQuery()) {
      rs.next();
      return new Ds2NewCustomerResult(rs.getInt(1));
    }
  }

  int browseByCategory(int category, int batchSize) throws SQLException {
    PreparedStatement ps = statements.statement(BY_CATEGORY);
    ps.setInt(1, category);
    ps.setInt(2, batchSize);
    return StatementCache.countRows(ps);
  }

  int browseFullText(boolean actorColumn, String query, int batchSize) throws SQLException {
    PreparedStatement ps = statements.statement(actorColumn ? BY_ACTOR : BY_TITLE);
    ps.setString(1, query);
    ps.setInt(2, batchSize);
    return StatementCache.countRows(ps);
  }

  /**
   * The purchase in one call: the function writes everything or, short of stock, nothing (its order
   * id spent, as the statements' rollback spends it).
   */
  Ds2PurchaseResult purchase(int customerId, int[] prodIds, int[] quantities) throws SQLException {
    int n = prodIds.length;
    PreparedStatement ps = statements.statement(PURCHASE[n]);
    ps.setInt(1, customerId);
    for (int i = 0; i < n; i++) {
      ps.setInt(2 + i, prodIds[i]);
      ps.setInt(2 + n + i, quantities[i]);
    }
    try (ResultSet rs = ps.executeQuery()) {
      rs.next();
      int orderId = rs.getInt(1);
      double total = rs.getDouble(2);
      return orderId == 0
          ? new Ds2PurchaseResult(0, true, 0, total)
          : new Ds2PurchaseResult(orderId, false, n, total);
    }
  }
}
