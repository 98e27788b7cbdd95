package io.loadlab.core.ds2.load;

import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.database.SqlDialect;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.schema.Ds2Sql;
import io.loadlab.core.ds2.schema.Ds2Table;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks that a database holds DS2 data of a given size, with cheap queries that work on a database
 * built by DVD Store's scripts too: 16 categories, exactly the size's products and inventory rows,
 * customers {@code user1..user<n>} (and no {@code user<n+1>}), and at least the loaded orders.
 * DS2's own driver trusts its {@code db_size}; a mismatch there makes logins fail.
 */
public final class Ds2Check {
  /**
   * The check's findings.
   *
   * @param ok true if the database matches the size
   * @param problems what does not match, one line each
   * @param meta what loadlab noted at load time, or {@code null}
   * @param products products found
   * @param orders orders found
   * @param customers the largest customer id found
   */
  public record Report(
      boolean ok, List<String> problems, Ds2Meta meta, long products, long orders, long customers) {
    /** One line describing the problems and the fix. */
    public String describe(DatabaseTarget target, Ds2Size size) {
      String loaded = meta == null ? "" : " (loaded as " + meta.sizeName() + ")";
      String fix =
          meta == null
              ? "pass the --db-size the database was built with"
              : "pass --db-size " + meta.sizeName();
      return "the database at "
          + target.displayUrl()
          + loaded
          + " does not match --db-size "
          + size.name()
          + ": "
          + String.join("; ", problems)
          + "; "
          + fix
          + ", or load it with 'loadlab ds2 load --db-size "
          + size.name()
          + " --fresh'";
    }
  }

  private Ds2Check() {}

  /** Checks the database on {@code c} against {@code size}. */
  public static Report check(Connection c, Ds2Size size) throws SQLException {
    List<String> problems = new ArrayList<>();
    for (Ds2Table t : Ds2Table.values()) {
      if (!io.loadlab.core.ds2.schema.Ds2Schema.tableExists(c, t.sqlName())) {
        problems.add("table " + t.sqlName() + " is missing");
      }
    }
    if (!problems.isEmpty()) {
      return new Report(false, problems, null, 0, 0, 0);
    }
    SqlDialect d = SqlDialect.of(c);
    Ds2Meta meta = Ds2Meta.read(c);
    long categories = count(c, Ds2Sql.of(d, "SELECT COUNT(*) FROM categories"));
    long products = count(c, Ds2Sql.of(d, "SELECT COUNT(*) FROM products"));
    long inventory = count(c, Ds2Sql.of(d, "SELECT COUNT(*) FROM inventory"));
    long maxCustomer = count(c, Ds2Sql.of(d, "SELECT COALESCE(MAX(customerid), 0) FROM customers"));
    long maxOrder = count(c, Ds2Sql.of(d, "SELECT COALESCE(MAX(orderid), 0) FROM orders"));
    if (categories != 16) {
      problems.add(categories + " categories, expected 16");
    }
    if (products != size.products()) {
      problems.add(products + " products, expected " + size.products());
    }
    if (inventory != size.products()) {
      problems.add(inventory + " inventory rows, expected " + size.products());
    }
    if (!userExists(c, d, size.customers())) {
      problems.add("no customer user" + size.customers() + " (expected " + size.customers() + ")");
    } else if (userExists(c, d, size.customers() + 1L)) {
      problems.add(
          "customer user" + (size.customers() + 1L) + " exists: more customers than expected");
    }
    if (maxOrder < size.orders()) {
      problems.add("orders end at id " + maxOrder + ", expected at least " + size.orders());
    }
    return new Report(problems.isEmpty(), problems, meta, products, maxOrder, maxCustomer);
  }

  private static boolean userExists(Connection c, SqlDialect d, long id) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(Ds2Sql.of(d, "SELECT customerid FROM customers WHERE username = ?"))) {
      ps.setString(1, "user" + id);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next();
      }
    }
  }

  private static long count(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
