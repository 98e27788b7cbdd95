package io.loadlab.core.ds2.schema;

import io.loadlab.core.database.SqlDialect;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Creates and drops DS2's tables. Tables are created bare so that loading is fast; keys, indexes
 * and foreign keys come after the load ({@link #indexStatements()}), then sequences are moved past
 * the loaded ids ({@link #sequenceStatements(long, long, long)}).
 */
public final class Ds2Schema {
  /** loadlab's table of facts about the load (size, seed, row counts). */
  public static final String META_TABLE = "loadlab_ds2";

  /** loadlab's copy of the loaded inventory, used by reset. */
  public static final String INVENTORY_COPY = "loadlab_ds2_inventory";

  private final SqlDialect dialect;

  public Ds2Schema(SqlDialect dialect) {
    this.dialect = dialect;
  }

  /** The statements that create the tables, without secondary indexes. */
  public List<String> tableStatements() {
    return spelled(dialect == SqlDialect.POSTGRESQL ? postgresTables() : mysqlTables());
  }

  private List<String> spelled(List<String> statements) {
    return statements.stream().map(sql -> Ds2Sql.of(dialect, sql)).toList();
  }

  private static List<String> postgresTables() {
    return List.of(
        "CREATE TABLE customers (customerid SERIAL, firstname VARCHAR(50) NOT NULL,"
            + " lastname VARCHAR(50) NOT NULL, address1 VARCHAR(50) NOT NULL, address2 VARCHAR(50),"
            + " city VARCHAR(50) NOT NULL, state VARCHAR(50), zip VARCHAR(9),"
            + " country VARCHAR(50) NOT NULL, region SMALLINT NOT NULL, email VARCHAR(50),"
            + " phone VARCHAR(50), creditcardtype INT NOT NULL, creditcard VARCHAR(50) NOT NULL,"
            + " creditcardexpiration VARCHAR(50) NOT NULL, username VARCHAR(50) NOT NULL,"
            + " password VARCHAR(50) NOT NULL, age SMALLINT, income INT, gender VARCHAR(1))",
        "CREATE TABLE cust_hist (customerid INT NOT NULL, orderid INT NOT NULL,"
            + " prod_id INT NOT NULL)",
        "CREATE TABLE orders (orderid SERIAL, orderdate DATE NOT NULL, customerid INT,"
            + " netamount NUMERIC(12,2) NOT NULL, tax NUMERIC(12,2) NOT NULL,"
            + " totalamount NUMERIC(12,2) NOT NULL)",
        "CREATE TABLE orderlines (orderlineid SMALLINT NOT NULL, orderid INT NOT NULL,"
            + " prod_id INT NOT NULL, quantity SMALLINT NOT NULL, orderdate DATE NOT NULL)",
        "CREATE TABLE products (prod_id SERIAL, category SMALLINT NOT NULL, title TEXT NOT NULL,"
            + " actor TEXT NOT NULL, price NUMERIC(12,2) NOT NULL, special SMALLINT,"
            + " common_prod_id INT NOT NULL)",
        "CREATE TABLE inventory (prod_id INT NOT NULL, quan_in_stock INT NOT NULL,"
            + " sales INT NOT NULL) WITH (fillfactor = 85)",
        "CREATE TABLE categories (category SERIAL, categoryname VARCHAR(50) NOT NULL)",
        "CREATE TABLE reorder (prod_id INT NOT NULL, date_low DATE NOT NULL,"
            + " quan_low INT NOT NULL, date_reordered DATE, quan_reordered INT,"
            + " date_expected DATE)");
  }

  private static List<String> mysqlTables() {
    String engine = " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4";
    return List.of(
        "CREATE TABLE customers (customerid INT NOT NULL AUTO_INCREMENT PRIMARY KEY,"
            + " firstname VARCHAR(50) NOT NULL, lastname VARCHAR(50) NOT NULL,"
            + " address1 VARCHAR(50) NOT NULL, address2 VARCHAR(50), city VARCHAR(50) NOT NULL,"
            + " state VARCHAR(50), zip VARCHAR(9), country VARCHAR(50) NOT NULL,"
            + " region SMALLINT NOT NULL, email VARCHAR(50), phone VARCHAR(50),"
            + " creditcardtype INT NOT NULL, creditcard VARCHAR(50) NOT NULL,"
            + " creditcardexpiration VARCHAR(50) NOT NULL, username VARCHAR(50) NOT NULL,"
            + " password VARCHAR(50) NOT NULL, age SMALLINT, income INT, gender VARCHAR(1))"
            + engine,
        "CREATE TABLE cust_hist (customerid INT NOT NULL, orderid INT NOT NULL,"
            + " prod_id INT NOT NULL)"
            + engine,
        "CREATE TABLE orders (orderid INT NOT NULL AUTO_INCREMENT PRIMARY KEY,"
            + " orderdate DATE NOT NULL, customerid INT, netamount DECIMAL(12,2) NOT NULL,"
            + " tax DECIMAL(12,2) NOT NULL, totalamount DECIMAL(12,2) NOT NULL)"
            + engine,
        "CREATE TABLE orderlines (orderlineid SMALLINT NOT NULL, orderid INT NOT NULL,"
            + " prod_id INT NOT NULL, quantity SMALLINT NOT NULL, orderdate DATE NOT NULL)"
            + engine,
        "CREATE TABLE products (prod_id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,"
            + " category SMALLINT NOT NULL, title VARCHAR(50) NOT NULL, actor VARCHAR(50) NOT NULL,"
            + " price DECIMAL(12,2) NOT NULL, special SMALLINT, common_prod_id INT NOT NULL)"
            + engine,
        "CREATE TABLE inventory (prod_id INT NOT NULL PRIMARY KEY, quan_in_stock INT NOT NULL,"
            + " sales INT NOT NULL)"
            + engine,
        "CREATE TABLE categories (category INT NOT NULL AUTO_INCREMENT PRIMARY KEY,"
            + " categoryname VARCHAR(50) NOT NULL)"
            + engine,
        "CREATE TABLE reorder (prod_id INT NOT NULL, date_low DATE NOT NULL,"
            + " quan_low INT NOT NULL, date_reordered DATE, quan_reordered INT,"
            + " date_expected DATE)"
            + engine);
  }

  /**
   * The statements that add keys, indexes and foreign keys after the load, grouped so that each
   * group may run in parallel with the others (one group per table).
   */
  public List<List<String>> indexStatements() {
    List<List<String>> groups = new ArrayList<>();
    if (dialect == SqlDialect.POSTGRESQL) {
      groups.add(
          List.of(
              "ALTER TABLE customers ADD CONSTRAINT customers_pkey PRIMARY KEY (customerid)",
              "CREATE UNIQUE INDEX ix_cust_username ON customers (username)",
              "CREATE UNIQUE INDEX ix_cust_user_password ON customers (username, password)"));
      groups.add(
          List.of(
              "ALTER TABLE orders ADD CONSTRAINT orders_pkey PRIMARY KEY (orderid)",
              "CREATE INDEX ix_order_custid ON orders (customerid)"));
      groups.add(
          List.of(
              "CREATE UNIQUE INDEX ix_orderlines_orderid ON orderlines (orderid, orderlineid)"));
      groups.add(List.of("CREATE INDEX ix_cust_hist_customerid ON cust_hist (customerid)"));
      groups.add(
          List.of(
              "ALTER TABLE products ADD CONSTRAINT products_pkey PRIMARY KEY (prod_id)",
              "CREATE INDEX ix_prod_actor ON products USING gin (to_tsvector('simple', actor))",
              "CREATE INDEX ix_prod_title ON products USING gin (to_tsvector('simple', title))",
              "CREATE INDEX ix_prod_category ON products (category)",
              "CREATE INDEX ix_prod_special ON products (special)",
              "CREATE INDEX ix_prod_cat_special ON products (category, special)",
              "ALTER TABLE inventory ADD CONSTRAINT inventory_pkey PRIMARY KEY (prod_id)",
              "ALTER TABLE categories ADD CONSTRAINT categories_pkey PRIMARY KEY (category)"));
    } else {
      groups.add(
          List.of(
              "CREATE UNIQUE INDEX ix_cust_username ON customers (username)",
              "CREATE UNIQUE INDEX ix_cust_user_password ON customers (username, password)"));
      groups.add(List.of("CREATE INDEX ix_order_custid ON orders (customerid)"));
      groups.add(
          List.of(
              "CREATE UNIQUE INDEX ix_orderlines_orderid ON orderlines (orderid, orderlineid)"));
      groups.add(List.of("CREATE INDEX ix_cust_hist_customerid ON cust_hist (customerid)"));
      groups.add(
          List.of(
              "CREATE FULLTEXT INDEX ix_prod_actor ON products (actor)",
              "CREATE FULLTEXT INDEX ix_prod_title ON products (title)",
              "CREATE INDEX ix_prod_category ON products (category)",
              "CREATE INDEX ix_prod_special ON products (special)",
              "CREATE INDEX ix_prod_cat_special ON products (category, special)"));
    }
    return groups.stream().map(this::spelled).toList();
  }

  /** The foreign keys, added after the indexes (they need the primary keys). */
  public List<String> foreignKeyStatements() {
    return spelled(
        List.of(
            "ALTER TABLE cust_hist ADD CONSTRAINT fk_cust_hist_customerid FOREIGN KEY (customerid)"
                + " REFERENCES customers (customerid) ON DELETE CASCADE",
            "ALTER TABLE orders ADD CONSTRAINT fk_customerid FOREIGN KEY (customerid)"
                + " REFERENCES customers (customerid) ON DELETE SET NULL",
            "ALTER TABLE orderlines ADD CONSTRAINT fk_orderid FOREIGN KEY (orderid)"
                + " REFERENCES orders (orderid) ON DELETE CASCADE"));
  }

  /** The statements that move the id sequences just past the given largest ids. */
  public List<String> sequenceStatements(long maxCustomer, long maxOrder, long maxProduct) {
    if (dialect == SqlDialect.POSTGRESQL) {
      return List.of(
          "SELECT setval('customers_customerid_seq', " + Math.max(1, maxCustomer) + ")",
          "SELECT setval('orders_orderid_seq', " + Math.max(1, maxOrder) + ")",
          "SELECT setval('products_prod_id_seq', " + Math.max(1, maxProduct) + ")",
          "SELECT setval('categories_category_seq', 16)");
    }
    return spelled(
        List.of(
            "ALTER TABLE customers AUTO_INCREMENT = " + (maxCustomer + 1),
            "ALTER TABLE orders AUTO_INCREMENT = " + (maxOrder + 1),
            "ALTER TABLE products AUTO_INCREMENT = " + (maxProduct + 1),
            "ALTER TABLE categories AUTO_INCREMENT = 17"));
  }

  /** Statements that update planner statistics after a load. */
  public List<String> analyzeStatements() {
    if (dialect == SqlDialect.POSTGRESQL) {
      return List.of("ANALYZE");
    }
    List<String> all = new ArrayList<>();
    for (Ds2Table t : Ds2Table.values()) {
      all.add("ANALYZE TABLE " + t.sqlName(dialect));
    }
    return all;
  }

  /** Creates every table (dropping nothing). */
  public void createTables(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      for (String sql : tableStatements()) {
        s.execute(sql);
      }
      s.execute(
          "CREATE TABLE "
              + META_TABLE
              + " (name VARCHAR(50) NOT NULL PRIMARY KEY, value VARCHAR(200) NOT NULL)");
    }
  }

  /** Drops DS2's tables and loadlab's bookkeeping tables, if they exist. */
  public void dropTables(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      String cascade = dialect == SqlDialect.POSTGRESQL ? " CASCADE" : "";
      if (dialect == SqlDialect.MYSQL) {
        s.execute("SET FOREIGN_KEY_CHECKS = 0");
      }
      for (Ds2Table t : Ds2Table.values()) {
        s.execute("DROP TABLE IF EXISTS " + t.sqlName(dialect) + cascade);
      }
      s.execute("DROP TABLE IF EXISTS " + META_TABLE + cascade);
      s.execute("DROP TABLE IF EXISTS " + INVENTORY_COPY + cascade);
      if (dialect == SqlDialect.MYSQL) {
        s.execute("SET FOREIGN_KEY_CHECKS = 1");
      }
    }
  }

  /** True if the table exists in the connection's current database or schema. */
  public static boolean tableExists(Connection c, String table) throws SQLException {
    DatabaseMetaData md = c.getMetaData();
    for (String name : new String[] {table, table.toUpperCase(Locale.ROOT)}) {
      try (ResultSet rs = md.getTables(c.getCatalog(), null, name, new String[] {"TABLE"})) {
        if (rs.next()) {
          return true;
        }
      }
    }
    return false;
  }
}
