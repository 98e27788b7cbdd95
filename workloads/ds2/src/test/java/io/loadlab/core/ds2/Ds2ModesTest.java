package io.loadlab.core.ds2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.database.SqlDialect;
import io.loadlab.core.database.TestPostgres;
import io.loadlab.core.ds2.load.Ds2Loader;
import io.loadlab.core.ds2.schema.Ds2Functions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The function mode against the statement mode: the same seeded sessions on two databases loaded
 * alike give the same step results and leave the same rows (customers, orders, lines, history,
 * stock, reorders, sequences).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class Ds2ModesTest {
  static final Ds2Size SIZE = Ds2Size.parse("--db-size", "1MB");

  /** Every table a session writes, each ordered by its key; sequences by their state. */
  static final List<String> CONTENTS =
      List.of(
          "SELECT * FROM customers ORDER BY customerid",
          "SELECT * FROM orders ORDER BY orderid",
          "SELECT * FROM orderlines ORDER BY orderid, orderlineid",
          "SELECT * FROM cust_hist ORDER BY orderid, prod_id, customerid",
          "SELECT * FROM inventory ORDER BY prod_id",
          "SELECT prod_id, date_low, quan_low FROM reorder ORDER BY prod_id, quan_low",
          "SELECT last_value FROM orders_orderid_seq",
          "SELECT last_value FROM customers_customerid_seq");

  static DatabaseTarget statementsDb;
  static DatabaseTarget functionsDb;

  @BeforeAll
  static void load() throws Exception {
    statementsDb = TestPostgres.newDatabase("stmts");
    functionsDb = TestPostgres.newDatabase("fns");
    for (DatabaseTarget db : List.of(statementsDb, functionsDb)) {
      new Ds2Loader(db, line -> {}).load(new Ds2Loader.Settings(SIZE, 13, 2, false));
      try (Connection c = db.connect();
          Statement s = c.createStatement()) {
        assertTrue(Ds2Functions.present(c), "ds2 load creates the functions");
        // Low stock everywhere in seven products: rollbacks and restocks in both modes.
        s.execute("UPDATE inventory SET quan_in_stock = 2 WHERE prod_id % 7 = 0");
      }
    }
  }

  /** Runs the same steps on each database, one mode each, and returns what each step answered. */
  static List<Object> steps(DatabaseTarget db, Ds2Mode mode) throws Exception {
    List<Object> outcomes = new ArrayList<>();
    try (Connection c = db.connect();
        Ds2Transactions tx = new Ds2Transactions(c, SqlDialect.POSTGRESQL, false, mode)) {
      assertEquals(mode, tx.mode());
      Ds2UserSession session =
          new Ds2UserSession(tx, new Ds2WorkloadMix(30, 3, 5, 5), SIZE, new SplittableRandom(42));
      for (int i = 0; i < 150; i++) {
        Ds2OrderResult r = session.run((step, nanos, outcome) -> outcomes.add(outcome));
        outcomes.add(List.of(r.customerId(), r.newCustomer(), r.browses(), r.browseRows()));
      }
      // The same product twice (the second line sees the first one's restock), a short line last
      // and first, a product that does not exist.
      outcomes.add(tx.purchase(5, new int[] {14, 14, 3}, new int[] {1, 3, 2}));
      outcomes.add(tx.purchase(5, new int[] {3, 21}, new int[] {1, 3}));
      outcomes.add(tx.purchase(5, new int[] {28, 4}, new int[] {3, 1}));
      outcomes.add(tx.purchase(6, new int[] {SIZE.products() + 5, 8}, new int[] {1, 1}));
      outcomes.add(tx.login("newuser-none", "password"));
      outcomes.add(tx.browseByTitle("", 5));
      assertTrue(c.getAutoCommit(), "autocommit as before");
    }
    return outcomes;
  }

  static Map<String, String> contents(DatabaseTarget db) throws Exception {
    Map<String, String> tables = new LinkedHashMap<>();
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      for (String sql : CONTENTS) {
        StringBuilder rows = new StringBuilder();
        try (ResultSet rs = s.executeQuery(sql)) {
          int columns = rs.getMetaData().getColumnCount();
          while (rs.next()) {
            for (int i = 1; i <= columns; i++) {
              rows.append(rs.getString(i)).append(i == columns ? '\n' : '|');
            }
          }
        }
        tables.put(sql, rows.toString());
      }
    }
    return tables;
  }

  @Test
  void functionsAndStatementsAnswerAndWriteTheSame() throws Exception {
    List<Object> byStatements = steps(statementsDb, Ds2Mode.STATEMENTS);
    List<Object> byFunctions = steps(functionsDb, Ds2Mode.FUNCTIONS);
    assertEquals(byStatements.size(), byFunctions.size());
    for (int i = 0; i < byStatements.size(); i++) {
      assertEquals(byStatements.get(i), byFunctions.get(i), "step " + i);
    }
    long rollbacks =
        byFunctions.stream()
            .filter(o -> o instanceof Ds2PurchaseResult p && p.rolledBack())
            .count();
    long created =
        byFunctions.stream()
            .filter(o -> o instanceof Ds2NewCustomerResult n && n.created())
            .count();
    assertTrue(rollbacks >= 3, "rollbacks made: " + rollbacks);
    assertTrue(created >= 20, "new customers: " + created);
    Map<String, String> statements = contents(statementsDb);
    Map<String, String> functions = contents(functionsDb);
    for (String sql : CONTENTS) {
      assertEquals(statements.get(sql), functions.get(sql), sql);
    }
    assertFalse(functions.get(CONTENTS.get(5)).isEmpty(), "restocks noted in REORDER");
  }

  @Test
  void autoMeansFunctionsOnPostgresqlOnly() throws Exception {
    assertEquals(Ds2Mode.FUNCTIONS, Ds2Mode.AUTO.on(true));
    assertEquals(Ds2Mode.STATEMENTS, Ds2Mode.AUTO.on(false));
    assertEquals(Ds2Mode.STATEMENTS, Ds2Mode.STATEMENTS.on(true));
    try (Connection c = functionsDb.connect()) {
      assertEquals(
          Ds2Mode.FUNCTIONS,
          new Ds2Transactions(c, SqlDialect.POSTGRESQL, false, Ds2Mode.AUTO).mode());
      assertEquals(Ds2Mode.STATEMENTS, Ds2Transactions.on(c).mode(), "the API's default");
      assertThrows(
          IllegalArgumentException.class,
          () -> new Ds2Transactions(c, SqlDialect.MYSQL, false, Ds2Mode.FUNCTIONS));
    }
    assertEquals(
        "--mode: 'procs' is not a mode; use auto, statements or functions",
        assertThrows(
                io.loadlab.core.failure.UsageException.class, () -> Ds2Mode.parse("mode", "procs"))
            .getMessage());
  }
}
