package io.loadlab.core.ds2;

import io.loadlab.core.database.DatabaseTarget;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.Statement;
import java.util.SplittableRandom;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;

/**
 * Builds a PostgreSQL database the way DVD Store 2's own scripts do (upper-case DDL, CSV rows
 * loaded with COPY, keys and full-text indexes afterwards, sequences moved past the loaded ids, no
 * loadlab tables), from this test's own data generator with DS2's data rules but a vocabulary
 * unlike loadlab's: title words, actor first and last names made of other syllables. Written here
 * from the schema's description; no DVD Store file is used.
 */
public final class Ds2ShapedDatabase {
  private static final String[] SYLLABLES = {"QUA", "WHY", "JIX", "HOC", "YEX", "CHU"};

  private Ds2ShapedDatabase() {}

  /** Title word {@code i} of this generator (1000 of them, none of loadlab's). */
  public static String titleWord(int i) {
    return word(i, 4);
  }

  static String firstName(int i) {
    return word(i, 3);
  }

  static String lastName(int i) {
    return word(i, 3) + "SSON";
  }

  private static String word(int i, int digits) {
    StringBuilder sb = new StringBuilder();
    int n = i;
    for (int d = 0; d < digits; d++) {
      sb.append(SYLLABLES[n % SYLLABLES.length]);
      n /= SYLLABLES.length;
    }
    return sb.toString();
  }

  /** Creates and fills DS2's tables for {@code size} in the (empty) database {@code db}. */
  public static void build(DatabaseTarget db, Ds2Size size, long seed) throws Exception {
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      for (String ddl : TABLES) {
        s.execute(ddl);
      }
      CopyManager copy = c.unwrap(PGConnection.class).getCopyAPI();
      SplittableRandom rng = new SplittableRandom(seed);
      StringBuilder rows = new StringBuilder();
      for (int i = 0; i < Ds2Vocabulary.CATEGORIES.size(); i++) {
        rows.append(i + 1).append(',').append(Ds2Vocabulary.CATEGORIES.get(i)).append('\n');
      }
      copy(copy, "CATEGORIES", rows);
      for (int id = 1; id <= size.customers(); id++) {
        boolean us = id <= size.customers() / 2;
        rows.append(id)
            .append(",AAAAAA,BBBBBBBBBB,5555555555 Main St,,CCCCCCC,")
            .append(us ? "NY" : "")
            .append(',')
            .append(us ? 10000 + rng.nextInt(90000) : 0)
            .append(',')
            .append(us ? "US" : "Chile")
            .append(',')
            .append(us ? 1 : 2)
            .append(",b@example.com,5555555555,")
            .append(1 + rng.nextInt(5))
            .append(",1234567812345678,2010/05,user")
            .append(id)
            .append(",password,")
            .append(18 + rng.nextInt(73))
            .append(',')
            .append(20000 * (1 + rng.nextInt(5)))
            .append(',')
            .append(rng.nextBoolean() ? 'M' : 'F')
            .append('\n');
      }
      copy(copy, "CUSTOMERS", rows);
      int products = size.products();
      for (int id = 1; id <= products; id++) {
        rows.append(id)
            .append(',')
            .append(1 + rng.nextInt(16))
            .append(',')
            .append(titleWord((id / 1000) % 1000))
            .append(' ')
            .append(titleWord(id % 1000))
            .append(',')
            .append(firstName(rng.nextInt(200)))
            .append(' ')
            .append(lastName(rng.nextInt(200)))
            .append(',')
            .append(9 + rng.nextInt(21))
            .append(".99,")
            .append(rng.nextInt(products <= 100_000 ? 100 : 10_000) == 0 ? 1 : 0)
            .append(',')
            .append(1 + rng.nextInt(products))
            .append('\n');
      }
      copy(copy, "PRODUCTS", rows);
      StringBuilder lines = new StringBuilder();
      StringBuilder hist = new StringBuilder();
      for (long id = 1; id <= size.orders(); id++) {
        int customer = 1 + rng.nextInt(size.customers());
        rows.append(id)
            .append(",2009/")
            .append(1 + (id - 1) * 12 / size.orders())
            .append("/15,")
            .append(customer)
            .append(",100.00,8.25,108.25\n");
        int n = 1 + rng.nextInt(3);
        for (int l = 1; l <= n; l++) {
          int prod = 1 + rng.nextInt(products);
          lines.append(l).append(',').append(id).append(',').append(prod).append(",1,2009/06/15\n");
          hist.append(customer).append(',').append(id).append(',').append(prod).append('\n');
        }
      }
      copy(copy, "ORDERS", rows);
      copy(copy, "ORDERLINES", lines);
      copy(copy, "CUST_HIST", hist);
      for (int id = 1; id <= products; id++) {
        rows.append(id).append(',').append(rng.nextInt(501)).append(",10\n");
      }
      copy(copy, "INVENTORY", rows);
      for (String ddl : INDEXES) {
        s.execute(ddl);
      }
      s.execute("SELECT setval('categories_category_seq', 16)");
      s.execute("SELECT setval('customers_customerid_seq', " + size.customers() + ")");
      s.execute("SELECT setval('orders_orderid_seq', " + size.orders() + ")");
      s.execute("SELECT setval('products_prod_id_seq', " + products + ")");
      s.execute("ANALYZE");
    }
  }

  private static void copy(CopyManager copy, String table, StringBuilder rows) throws Exception {
    copy.copyIn(
        "COPY " + table + " FROM STDIN WITH (FORMAT csv)", new StringReader(rows.toString()));
    rows.setLength(0);
  }

  private static final String[] TABLES = {
    "CREATE TABLE CUSTOMERS (CUSTOMERID SERIAL, FIRSTNAME VARCHAR(50) NOT NULL,"
        + " LASTNAME VARCHAR(50) NOT NULL, ADDRESS1 VARCHAR(50) NOT NULL, ADDRESS2 VARCHAR(50),"
        + " CITY VARCHAR(50) NOT NULL, STATE VARCHAR(50), ZIP VARCHAR(9),"
        + " COUNTRY VARCHAR(50) NOT NULL, REGION SMALLINT NOT NULL, EMAIL VARCHAR(50),"
        + " PHONE VARCHAR(50), CREDITCARDTYPE INT NOT NULL, CREDITCARD VARCHAR(50) NOT NULL,"
        + " CREDITCARDEXPIRATION VARCHAR(50) NOT NULL, USERNAME VARCHAR(50) NOT NULL,"
        + " PASSWORD VARCHAR(50) NOT NULL, AGE SMALLINT, INCOME INT, GENDER VARCHAR(1))",
    "CREATE TABLE CUST_HIST (CUSTOMERID INT NOT NULL, ORDERID INT NOT NULL, PROD_ID INT NOT NULL)",
    "CREATE TABLE ORDERS (ORDERID SERIAL, ORDERDATE DATE NOT NULL, CUSTOMERID INT,"
        + " NETAMOUNT NUMERIC NOT NULL, TAX NUMERIC NOT NULL, TOTALAMOUNT NUMERIC NOT NULL)",
    "CREATE TABLE ORDERLINES (ORDERLINEID SMALLINT NOT NULL, ORDERID INT NOT NULL,"
        + " PROD_ID INT NOT NULL, QUANTITY SMALLINT NOT NULL, ORDERDATE DATE NOT NULL)",
    "CREATE TABLE PRODUCTS (PROD_ID SERIAL, CATEGORY SMALLINT NOT NULL, TITLE TEXT NOT NULL,"
        + " ACTOR TEXT NOT NULL, PRICE NUMERIC NOT NULL, SPECIAL SMALLINT,"
        + " COMMON_PROD_ID INT NOT NULL)",
    "CREATE TABLE INVENTORY (PROD_ID INT NOT NULL, QUAN_IN_STOCK INT NOT NULL,"
        + " SALES INT NOT NULL) WITH (FILLFACTOR = 85)",
    "CREATE TABLE CATEGORIES (CATEGORY SERIAL, CATEGORYNAME VARCHAR(50) NOT NULL)",
    "CREATE TABLE REORDER (PROD_ID INT NOT NULL, DATE_LOW DATE NOT NULL, QUAN_LOW INT NOT NULL,"
        + " DATE_REORDERED DATE, QUAN_REORDERED INT, DATE_EXPECTED DATE)"
  };

  private static final String[] INDEXES = {
    "ALTER TABLE CUSTOMERS ADD CONSTRAINT PK_CUSTOMERS PRIMARY KEY (CUSTOMERID)",
    "CREATE UNIQUE INDEX IX_CUST_USERNAME ON CUSTOMERS (USERNAME)",
    "ALTER TABLE ORDERS ADD CONSTRAINT PK_ORDERS PRIMARY KEY (ORDERID)",
    "CREATE INDEX IX_ORDER_CUSTID ON ORDERS (CUSTOMERID)",
    "CREATE UNIQUE INDEX IX_ORDERLINES_ORDERID ON ORDERLINES (ORDERID, ORDERLINEID)",
    "CREATE INDEX IX_CUST_HIST_CUSTOMERID ON CUST_HIST (CUSTOMERID)",
    "ALTER TABLE PRODUCTS ADD CONSTRAINT PK_PRODUCTS PRIMARY KEY (PROD_ID)",
    "CREATE INDEX IX_PROD_ACTOR ON PRODUCTS USING GIN (to_tsvector('simple', ACTOR))",
    "CREATE INDEX IX_PROD_TITLE ON PRODUCTS USING GIN (to_tsvector('simple', TITLE))",
    "CREATE INDEX IX_PROD_CATEGORY ON PRODUCTS (CATEGORY)",
    "CREATE INDEX IX_PROD_CAT_SPECIAL ON PRODUCTS (CATEGORY, SPECIAL)",
    "ALTER TABLE INVENTORY ADD CONSTRAINT PK_INVENTORY PRIMARY KEY (PROD_ID)",
    "ALTER TABLE CATEGORIES ADD CONSTRAINT PK_CATEGORIES PRIMARY KEY (CATEGORY)"
  };
}
