package io.loadlab.core.ds2.schema;

import io.loadlab.core.ds2.Ds2Reorder;
import io.loadlab.core.ds2.Ds2Transactions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * loadlab's own PL/pgSQL functions for DS2's steps on PostgreSQL, one call (one round trip) per
 * step, as DVD Store's driver calls DVD Store's functions: {@code loadlab_ds2_new_customer}, {@code
 * loadlab_ds2_login}, {@code loadlab_ds2_browse_by_category/actor/title} and {@code
 * loadlab_ds2_purchase}. Each does what loadlab's statements of the same step do (the same rows
 * written, the same rows answered), so the two modes of {@code ds2 run} are interchangeable.
 *
 * <p>Written for loadlab from what each step does; not DVD Store's code. They take their own names,
 * so a database built by DVD Store's scripts keeps DVD Store's functions ({@code login}, {@code
 * purchase}, ...) untouched beside them ({@link #hasDvdStoreFunctions}).
 */
public final class Ds2Functions {
  /** SQLSTATE the purchase raises inside itself to undo a purchase short of stock. */
  static final String SHORT_OF_STOCK = "LD201";

  /** Each function by name and argument types (what {@code to_regprocedure} resolves). */
  public static final List<String> SIGNATURES =
      List.of(
          "loadlab_ds2_new_customer(text,text,text,text,text,text,text,text,integer,text,text,"
              + "integer,text,text,text,text,integer,integer,text)",
          "loadlab_ds2_login(text,text)",
          "loadlab_ds2_browse_by_category(integer,integer)",
          "loadlab_ds2_browse_by_actor(text,integer)",
          "loadlab_ds2_browse_by_title(text,integer)",
          "loadlab_ds2_purchase(integer,integer[],integer[])");

  /**
   * DVD Store's own PostgreSQL functions, by name: a database that has them all was built by its
   * scripts.
   */
  static final List<String> DVD_STORE_FUNCTIONS =
      List.of(
          "new_customer",
          "login",
          "browse_by_category",
          "browse_by_actor",
          "browse_by_title",
          "purchase");

  private static final String HISTORY =
      "SELECT p.title, p.actor, r.title AS related FROM cust_hist h JOIN products p ON p.prod_id = h.prod_id"
          + " LEFT JOIN products r ON r.prod_id = p.common_prod_id"
          + " WHERE h.customerid = c.customerid ORDER BY h.orderid DESC LIMIT 10";

  private Ds2Functions() {}

  /** The statements that create (or replace) every function. */
  public static List<String> createStatements() {
    String restockLevel =
        "CASE WHEN (v_prod + 1) % 10000 = 0 THEN 2500 ELSE 250 END"; // Ds2Reorder.restockLevel
    return List.of(
        "CREATE OR REPLACE FUNCTION loadlab_ds2_new_customer(p_firstname text, p_lastname text,"
            + " p_address1 text, p_address2 text, p_city text, p_state text, p_zip text,"
            + " p_country text, p_region integer, p_email text, p_phone text,"
            + " p_creditcardtype integer, p_creditcard text, p_creditcardexpiration text,"
            + " p_username text, p_password text, p_age integer, p_income integer,"
            + " p_gender text) RETURNS integer LANGUAGE plpgsql AS $f$\n"
            + "DECLARE v_id integer;\n"
            + "BEGIN\n"
            + "  INSERT INTO customers (firstname, lastname, address1, address2, city, state, zip,"
            + " country, region, email, phone, creditcardtype, creditcard, creditcardexpiration,"
            + " username, password, age, income, gender)"
            + " VALUES (p_firstname, p_lastname, p_address1, p_address2, p_city, p_state, p_zip,"
            + " p_country, p_region, p_email, p_phone, p_creditcardtype, p_creditcard,"
            + " p_creditcardexpiration, p_username, p_password, p_age, p_income, p_gender)"
            + " ON CONFLICT DO NOTHING RETURNING customerid INTO v_id;\n"
            + "  RETURN coalesce(v_id, 0); -- 0: the username is taken, nothing inserted\n"
            + "END $f$",
        "CREATE OR REPLACE FUNCTION loadlab_ds2_login(p_username text, p_password text)"
            + " RETURNS TABLE (o_customerid integer, o_title text) LANGUAGE plpgsql STABLE AS $f$\n"
            + "BEGIN\n"
            + "  RETURN QUERY SELECT c.customerid, l.title FROM customers c LEFT JOIN LATERAL ("
            + HISTORY
            + ") l ON true WHERE c.username = p_username AND c.password = p_password;\n"
            + "END $f$",
        "CREATE OR REPLACE FUNCTION loadlab_ds2_browse_by_category(p_category integer,"
            + " p_rows integer) RETURNS SETOF products LANGUAGE plpgsql STABLE AS $f$\n"
            + "BEGIN\n"
            + "  RETURN QUERY SELECT * FROM products WHERE category = p_category AND special = 1"
            + " LIMIT p_rows;\n"
            + "END $f$",
        fullText("actor"),
        fullText("title"),
        "CREATE OR REPLACE FUNCTION loadlab_ds2_purchase(p_customer integer, p_prods integer[],"
            + " p_quantities integer[], OUT o_orderid integer, OUT o_total numeric)"
            + " LANGUAGE plpgsql AS $f$\n"
            + "DECLARE\n"
            + "  v_net numeric;\n"
            + "  v_tax numeric;\n"
            + "  v_prod integer;\n"
            + "  v_left integer;\n"
            + "  v_level integer;\n"
            + "BEGIN\n"
            // The amounts from the products' prices (a missing product costs nothing).
            + "  SELECT round(coalesce(sum(p.price * v.q), 0), 2) INTO v_net"
            + " FROM unnest(p_prods, p_quantities) AS v(id, q)"
            + " LEFT JOIN products p ON p.prod_id = v.id;\n"
            + "  v_tax := round(v_net * "
            + Ds2Transactions.TAX_RATE.toPlainString()
            + ", 2);\n"
            + "  o_total := v_net + v_tax;\n"
            + "  BEGIN\n"
            + "    INSERT INTO orders (orderdate, customerid, netamount, tax, totalamount)"
            + " VALUES (CURRENT_DATE, p_customer, v_net, v_tax, o_total)"
            + " RETURNING orderid INTO o_orderid;\n"
            // Line by line, so the same product twice sees the first line's restock.
            + "    FOR i IN 1 .. cardinality(p_prods) LOOP\n"
            + "      v_prod := p_prods[i];\n"
            + "      UPDATE inventory SET quan_in_stock = quan_in_stock - p_quantities[i],"
            + " sales = sales + p_quantities[i]"
            + " WHERE prod_id = v_prod AND quan_in_stock >= p_quantities[i]"
            + " RETURNING quan_in_stock INTO v_left;\n"
            + "      IF NOT FOUND THEN\n"
            + "        RAISE EXCEPTION 'short of stock' USING ERRCODE = '"
            + SHORT_OF_STOCK
            + "';\n"
            + "      END IF;\n"
            + "      IF v_left < "
            + Ds2Reorder.LOW_STOCK
            + " THEN\n"
            + "        v_level := "
            + restockLevel
            + ";\n"
            + "        UPDATE inventory SET quan_in_stock = v_level WHERE prod_id = v_prod;\n"
            + "        INSERT INTO reorder (prod_id, date_low, quan_low)"
            + " VALUES (v_prod, CURRENT_DATE, v_level - v_left);\n"
            + "      END IF;\n"
            + "    END LOOP;\n"
            + "    INSERT INTO orderlines (orderlineid, orderid, prod_id, quantity, orderdate)"
            + " SELECT g.n, o_orderid, p_prods[g.n], p_quantities[g.n], CURRENT_DATE"
            + " FROM generate_subscripts(p_prods, 1) AS g(n);\n"
            + "    INSERT INTO cust_hist (customerid, orderid, prod_id)"
            + " SELECT p_customer, o_orderid, u.prod FROM unnest(p_prods) AS u(prod);\n"
            // Short of stock: everything of the order undone, its id spent (as a rollback does).
            + "  EXCEPTION WHEN SQLSTATE '"
            + SHORT_OF_STOCK
            + "' THEN\n"
            + "    o_orderid := 0;\n"
            + "  END;\n"
            + "END $f$");
  }

  private static String fullText(String column) {
    return "CREATE OR REPLACE FUNCTION loadlab_ds2_browse_by_"
        + column
        + "(p_query text, p_rows integer) RETURNS SETOF products LANGUAGE plpgsql STABLE AS $f$\n"
        + "BEGIN\n"
        + "  RETURN QUERY SELECT * FROM products WHERE to_tsvector('simple', "
        + column
        + ") @@ to_tsquery('simple', p_query) LIMIT p_rows;\n"
        + "END $f$";
  }

  /** Creates (or replaces) every function. */
  public static void create(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      for (String sql : createStatements()) {
        s.execute(sql);
      }
    }
  }

  /** True if every function exists with its arguments. */
  public static boolean present(Connection c) throws SQLException {
    return allExist(c, SIGNATURES);
  }

  /**
   * True if the database has DVD Store's own functions (built by DVD Store's scripts). loadlab does
   * not call them: its login answers through cursors (several round trips), its title search looks
   * in the actor column, its new customer leaves age and income empty, and its purchase needs the
   * prices read first; loadlab's functions beside them do what loadlab's statements do.
   */
  public static boolean hasDvdStoreFunctions(Connection c) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "SELECT count(DISTINCT proname) FROM pg_proc"
                + " WHERE proname = ANY (?) AND pg_function_is_visible(oid)")) {
      ps.setArray(1, c.createArrayOf("text", DVD_STORE_FUNCTIONS.toArray()));
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() && rs.getInt(1) == DVD_STORE_FUNCTIONS.size();
      }
    }
  }

  private static boolean allExist(Connection c, List<String> signatures) throws SQLException {
    try (Statement s = c.createStatement()) {
      for (String signature : signatures) {
        try (ResultSet rs =
            s.executeQuery("SELECT to_regprocedure('" + signature + "') IS NOT NULL")) {
          if (!rs.next() || !rs.getBoolean(1)) {
            return false;
          }
        }
      }
    }
    return true;
  }

  /**
   * Creates the functions unless they exist.
   *
   * @return true if they were created now
   */
  public static boolean ensure(Connection c) throws SQLException {
    if (present(c)) {
      return false;
    }
    create(c);
    return true;
  }
}
