package io.loadlab.core.ds2;

import io.loadlab.core.database.SqlDialect;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * DS2's transactions on one JDBC connection, with plain prepared statements or (PostgreSQL, {@link
 * Ds2Mode#FUNCTIONS}) one call of loadlab's server-side function per step, against DVD Store's
 * table and column names: log in, register a customer, browse by category, actor or title, and
 * purchase. One instance per connection and thread; it caches its prepared statements, so keep it
 * for the connection's life and {@link #close()} it before the connection.
 *
 * <p>The command line, the JMeter sampler and the JMH benchmarks all run the workload through this
 * class. Errors are thrown as {@link SQLException}s; a purchase that finds too little stock is not
 * an error but a {@link Ds2PurchaseResult#rolledBack() rollback}.
 */
public final class Ds2Transactions implements AutoCloseable {
  /** The sales tax DS2 adds to every order. */
  public static final BigDecimal TAX_RATE = new BigDecimal("0.0825");

  /** The most line items a purchase may have (as DS2's PostgreSQL purchase function). */
  public static final int MAX_LINE_ITEMS = 10;

  private static final String PRODUCT_COLUMNS =
      "prod_id, category, title, actor, price, special, common_prod_id";

  /** A customer's last purchases, with a related title each (the customer id follows). */
  private static final String HISTORY =
      " p.title, p.actor, r.title AS related FROM cust_hist h"
          + " JOIN products p ON p.prod_id = h.prod_id"
          + " LEFT JOIN products r ON r.prod_id = p.common_prod_id"
          + " WHERE h.customerid";

  private static final String LAST_TEN = " ORDER BY h.orderid DESC LIMIT 10";

  private static final String HISTORY_OF = "SELECT" + HISTORY + " = ?" + LAST_TEN;

  /** The customer and its history in one statement: one row per purchase, one if none. */
  private static final String PG_LOGIN =
      "SELECT c.customerid, l.title FROM customers c LEFT JOIN LATERAL (SELECT"
          + HISTORY
          + " = c.customerid"
          + LAST_TEN
          + ") l ON true WHERE c.username = ? AND c.password = ?";

  private static final String PG_BY_ACTOR = pgFullText("actor");
  private static final String PG_BY_TITLE = pgFullText("title");
  private static final String MY_BY_ACTOR = myFullText("actor");
  private static final String MY_BY_TITLE = myFullText("title");
  private static final String[] PRICES = new String[MAX_LINE_ITEMS + 1];

  static {
    for (int n = 1; n <= MAX_LINE_ITEMS; n++) {
      StringBuilder sql =
          new StringBuilder("SELECT prod_id, price FROM products WHERE prod_id IN (");
      for (int i = 0; i < n; i++) {
        sql.append(i == 0 ? "?" : ", ?");
      }
      PRICES[n] = sql.append(')').toString();
    }
  }

  private static String pgFullText(String column) {
    return "SELECT "
        + PRODUCT_COLUMNS
        + " FROM products WHERE to_tsvector('simple', "
        + column
        + ") @@ to_tsquery('simple', ?) LIMIT ?";
  }

  private static String myFullText(String column) {
    return "SELECT "
        + PRODUCT_COLUMNS
        + " FROM products WHERE MATCH ("
        + column
        + ") AGAINST (? IN BOOLEAN MODE) LIMIT ?";
  }

  private final Connection connection;
  private final SqlDialect dialect;
  private final boolean compatTitleSearch;
  private final StatementCache statements;
  private final Ds2Purchase purchase;
  private final Ds2FunctionCalls functions;

  /**
   * Transactions on {@code connection}, with titles searched in the title column.
   *
   * @param dialect the connection's SQL dialect
   */
  public Ds2Transactions(Connection connection, SqlDialect dialect) {
    this(connection, dialect, false);
  }

  /**
   * Transactions on {@code connection}.
   *
   * @param compatTitleSearch search titles in the ACTOR column, as DS2's PostgreSQL functions do by
   *     mistake, for figures comparable with DS2's
   */
  public Ds2Transactions(Connection connection, SqlDialect dialect, boolean compatTitleSearch) {
    this(connection, dialect, compatTitleSearch, Ds2Mode.STATEMENTS);
  }

  /**
   * Transactions on {@code connection}, sent as {@code mode} says.
   *
   * @param mode {@link Ds2Mode#FUNCTIONS} calls loadlab's server-side functions (PostgreSQL, which
   *     must have them: {@link io.loadlab.core.ds2.schema.Ds2Functions#ensure}); {@link
   *     Ds2Mode#AUTO} does so on PostgreSQL and sends statements elsewhere
   * @throws IllegalArgumentException for functions on a database other than PostgreSQL
   */
  public Ds2Transactions(
      Connection connection, SqlDialect dialect, boolean compatTitleSearch, Ds2Mode mode) {
    this.connection = connection;
    this.dialect = dialect;
    this.compatTitleSearch = compatTitleSearch;
    this.statements = new StatementCache(connection, dialect);
    this.purchase = new Ds2Purchase(connection, dialect, statements);
    Ds2Mode resolved = mode.on(dialect == SqlDialect.POSTGRESQL);
    if (resolved == Ds2Mode.FUNCTIONS && dialect != SqlDialect.POSTGRESQL) {
      throw new IllegalArgumentException("DS2 functions exist for PostgreSQL only");
    }
    this.functions = resolved == Ds2Mode.FUNCTIONS ? new Ds2FunctionCalls(statements) : null;
  }

  /** How the steps are sent: {@link Ds2Mode#FUNCTIONS} or {@link Ds2Mode#STATEMENTS}. */
  public Ds2Mode mode() {
    return functions != null ? Ds2Mode.FUNCTIONS : Ds2Mode.STATEMENTS;
  }

  /** Transactions on {@code connection}, its dialect found from the driver. */
  public static Ds2Transactions on(Connection connection) throws SQLException {
    return new Ds2Transactions(connection, SqlDialect.of(connection));
  }

  /** The connection the transactions run on. */
  public Connection connection() {
    return connection;
  }

  /** The SQL dialect in use. */
  public SqlDialect dialect() {
    return dialect;
  }

  /**
   * Logs a customer in: finds the customer by username and password and, if found, lists up to ten
   * previous purchases (title and actor) with a related title for each. On PostgreSQL both go as
   * one statement (one round trip, as DS2's LOGIN function); elsewhere as two.
   */
  public Ds2LoginResult login(String username, String password) throws SQLException {
    if (functions != null) {
      return functions.login(username, password);
    }
    if (dialect == SqlDialect.POSTGRESQL) {
      return loginRows(statements.statement(PG_LOGIN), username, password);
    }
    PreparedStatement find =
        statements.statement(
            "SELECT customerid FROM customers WHERE username = ? AND password = ?");
    find.setString(1, username);
    find.setString(2, password);
    int id = 0;
    try (ResultSet rs = find.executeQuery()) {
      if (rs.next()) {
        id = rs.getInt(1);
      }
    }
    if (id == 0) {
      return new Ds2LoginResult(0, 0);
    }
    PreparedStatement history = statements.statement(HISTORY_OF);
    history.setInt(1, id);
    return new Ds2LoginResult(id, StatementCache.countRows(history));
  }

  /**
   * Runs a login that answers one row per purchase (customer id, a title or null when none), and
   * counts them.
   */
  static Ds2LoginResult loginRows(PreparedStatement ps, String username, String password)
      throws SQLException {
    ps.setString(1, username);
    ps.setString(2, password);
    int id = 0;
    int history = 0;
    try (ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        id = rs.getInt(1);
        if (rs.getString(2) != null) {
          history++;
        }
      }
    }
    return new Ds2LoginResult(id, history);
  }

  private static final String INSERT_CUSTOMER =
      "INSERT INTO customers (firstname, lastname, address1, address2, city, state, zip,"
          + " country, region, email, phone, creditcardtype, creditcard, creditcardexpiration,"
          + " username, password, age, income, gender)"
          + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

  /** PostgreSQL: a taken username inserts nothing and returns no row, in one round trip. */
  private static final String INSERT_CUSTOMER_UNLESS_TAKEN =
      INSERT_CUSTOMER + " ON CONFLICT DO NOTHING RETURNING customerid";

  /**
   * Registers a new customer. A taken username is no error (on PostgreSQL the insert does nothing,
   * as DS2's NEW_CUSTOMER function checks first): the caller tries another name.
   *
   * @return the new id, or 0 if the username is taken (nothing is inserted then)
   */
  public Ds2NewCustomerResult newCustomer(Ds2Customer c) throws SQLException {
    if (functions != null) {
      return functions.newCustomer(c);
    }
    PreparedStatement ps =
        dialect == SqlDialect.POSTGRESQL
            ? statements.statement(INSERT_CUSTOMER_UNLESS_TAKEN)
            : statements.generatedKeyStatement(INSERT_CUSTOMER);
    bindCustomer(ps, c);
    try {
      if (dialect == SqlDialect.POSTGRESQL) {
        try (ResultSet rs = ps.executeQuery()) {
          return new Ds2NewCustomerResult(rs.next() ? rs.getInt(1) : 0);
        }
      }
      ps.executeUpdate();
      try (ResultSet rs = ps.getGeneratedKeys()) {
        return new Ds2NewCustomerResult(rs.next() ? rs.getInt(1) : 0);
      }
    } catch (SQLException e) {
      if (isDuplicateKey(e)) {
        return new Ds2NewCustomerResult(0);
      }
      throw e;
    }
  }

  /** Binds a customer's 19 columns, in the order of the insert, from parameter 1. */
  static void bindCustomer(PreparedStatement ps, Ds2Customer c) throws SQLException {
    int i = 1;
    ps.setString(i++, c.firstName());
    ps.setString(i++, c.lastName());
    ps.setString(i++, c.address1());
    ps.setString(i++, c.address2());
    ps.setString(i++, c.city());
    ps.setString(i++, c.state());
    ps.setString(i++, c.zip());
    ps.setString(i++, c.country());
    ps.setInt(i++, c.region());
    ps.setString(i++, c.email());
    ps.setString(i++, c.phone());
    ps.setInt(i++, c.creditCardType());
    ps.setString(i++, c.creditCard());
    ps.setString(i++, c.creditCardExpiration());
    ps.setString(i++, c.username());
    ps.setString(i++, c.password());
    ps.setInt(i++, c.age());
    ps.setInt(i++, c.income());
    ps.setString(i, c.gender());
  }

  /** Lists up to {@code batchSize} featured products ({@code SPECIAL = 1}) of a category. */
  public Ds2BrowseResult browseByCategory(int category, int batchSize) throws SQLException {
    if (functions != null) {
      return new Ds2BrowseResult(
          Ds2BrowseResult.By.CATEGORY, functions.browseByCategory(category, batchSize));
    }
    PreparedStatement ps =
        statements.statement(
            "SELECT "
                + PRODUCT_COLUMNS
                + " FROM products WHERE category = ? AND special = 1 LIMIT ?");
    ps.setInt(1, category);
    ps.setInt(2, batchSize);
    return new Ds2BrowseResult(Ds2BrowseResult.By.CATEGORY, StatementCache.countRows(ps));
  }

  /** Lists up to {@code batchSize} products whose actor has all the given words (full-text). */
  public Ds2BrowseResult browseByActor(String actor, int batchSize) throws SQLException {
    return fullText(Ds2BrowseResult.By.ACTOR, "actor", actor, batchSize);
  }

  /**
   * Lists up to {@code batchSize} products whose title has all the given words (full-text). With
   * DS2-compatible title search the words are looked for in the actor column instead.
   */
  public Ds2BrowseResult browseByTitle(String title, int batchSize) throws SQLException {
    return fullText(
        Ds2BrowseResult.By.TITLE, compatTitleSearch ? "actor" : "title", title, batchSize);
  }

  private Ds2BrowseResult fullText(
      Ds2BrowseResult.By by, String column, String words, int batchSize) throws SQLException {
    boolean pg = dialect == SqlDialect.POSTGRESQL;
    String query = pg ? fullTextQuery(words, "", " & ") : fullTextQuery(words, "+", " ");
    if (query.isEmpty()) {
      return new Ds2BrowseResult(by, 0);
    }
    boolean actor = column.equals("actor");
    if (functions != null) {
      return new Ds2BrowseResult(by, functions.browseFullText(actor, query, batchSize));
    }
    PreparedStatement ps =
        pg
            ? statements.statement(actor ? PG_BY_ACTOR : PG_BY_TITLE)
            : statements.statement(actor ? MY_BY_ACTOR : MY_BY_TITLE);
    ps.setString(1, query);
    ps.setInt(2, batchSize);
    return new Ds2BrowseResult(by, StatementCache.countRows(ps));
  }

  /**
   * Buys products in one transaction: writes the order, takes each line's quantity from stock
   * (restocking a product that falls below 3, and noting it in REORDER, as DS2's reorder trigger
   * does), writes the order lines and the customer's history. If a product has too little stock,
   * everything is rolled back and the result says so. Expects the connection in autocommit mode and
   * leaves it so.
   *
   * @param prodIds the products, one per line (at most {@value #MAX_LINE_ITEMS})
   * @param quantities the quantity of each line
   */
  public Ds2PurchaseResult purchase(int customerId, int[] prodIds, int[] quantities)
      throws SQLException {
    if (functions != null) {
      Ds2Purchase.checkLines(prodIds, quantities);
      return functions.purchase(customerId, prodIds, quantities);
    }
    return purchase.run(customerId, prodIds, quantities);
  }

  /**
   * The words of {@code text} (runs of letters and numbers; anything else separates them), each
   * after {@code prefix}, joined by {@code separator}: a full-text query that needs no escaping.
   * Empty if {@code text} has no word. Written out rather than with a regular expression, which
   * cost a DS2 client over 1% of its CPU.
   */
  static String fullTextQuery(String text, String prefix, String separator) {
    StringBuilder query = new StringBuilder(text.length() + 8);
    boolean inWord = false;
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      i += Character.charCount(cp);
      if (isWordChar(cp)) {
        if (!inWord) {
          query.append(query.length() == 0 ? "" : separator).append(prefix);
          inWord = true;
        }
        query.appendCodePoint(cp);
      } else {
        inWord = false;
      }
    }
    return query.toString();
  }

  /** A letter or a number ({@code \p{L}} or {@code \p{N}}). */
  private static boolean isWordChar(int cp) {
    if (Character.isLetter(cp)) {
      return true;
    }
    int type = Character.getType(cp);
    return type == Character.DECIMAL_DIGIT_NUMBER
        || type == Character.LETTER_NUMBER
        || type == Character.OTHER_NUMBER;
  }

  private static boolean isDuplicateKey(SQLException e) {
    String state = e.getSQLState();
    return "23505".equals(state) || e.getErrorCode() == 1062;
  }

  /** Closes the cached statements (not the connection). */
  @Override
  public void close() {
    statements.close();
  }
}
