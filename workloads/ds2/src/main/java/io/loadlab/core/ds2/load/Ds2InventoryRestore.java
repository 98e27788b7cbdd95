package io.loadlab.core.ds2.load;

import io.loadlab.core.database.SqlDialect;
import io.loadlab.core.ds2.schema.Ds2Schema;
import io.loadlab.core.ds2.schema.Ds2Sql;
import io.loadlab.core.failure.LoadlabException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Puts a DS2 inventory back from loadlab's copy of it and empties REORDER, then checks that both
 * are exactly as loaded. A user's trigger on the inventory (DVD Store's PostgreSQL schema has one
 * that restocks a product below 3 units and adds a REORDER row) would rewrite such a restore, so on
 * PostgreSQL the user's triggers are off for the restore where the role may turn them off ({@code
 * session_replication_role = replica}, else {@code ALTER TABLE … DISABLE TRIGGER} as the table's
 * owner); rows an update trigger still rewrote are then deleted and inserted again from the copy. A
 * restore that is still not exact fails with exit 1, naming the triggers and the rows, and the
 * caller rolls it back.
 */
final class Ds2InventoryRestore {
  /** The exit code of a reset that could not restore the loaded state. */
  static final int EXIT_NOT_EXACT = 1;

  private static final int ROWS_NAMED = 5;

  private final Connection c;
  private final SqlDialect dialect;
  private final Consumer<String> log;

  private Ds2InventoryRestore(Connection c, SqlDialect dialect, Consumer<String> log) {
    this.c = c;
    this.dialect = dialect;
    this.log = log;
  }

  /**
   * Restores inventory and REORDER inside the caller's transaction (auto-commit off) and returns
   * how many inventory rows were restored.
   *
   * @throws LoadlabException exit 1, if the result differs from the loaded state
   */
  static long restore(Connection c, SqlDialect dialect, Consumer<String> log) throws SQLException {
    return new Ds2InventoryRestore(c, dialect, log).restore();
  }

  private long restore() throws SQLException {
    List<String> triggers = userTriggers();
    List<String> disabled = new ArrayList<>();
    String off = triggers.isEmpty() ? null : turnOff(triggers, disabled);
    if (!triggers.isEmpty()) {
      log.accept(
          "user triggers on inventory/reorder: "
              + String.join(", ", triggers)
              + (off == null ? " (could not turn them off; checking the restore)" : "; " + off));
    }
    long restored;
    try (Statement s = c.createStatement()) {
      restored = s.executeUpdate(sql(updateFromCopy()));
      if (!differences().isEmpty()) {
        // An update trigger rewrote rows: delete them and insert the copy's (no UPDATE fires).
        s.executeUpdate(sql(deleteDiffering()));
        s.executeUpdate(
            sql(
                "INSERT INTO inventory (prod_id, quan_in_stock, sales)"
                    + " SELECT b.prod_id, b.quan_in_stock, b.sales FROM "
                    + Ds2Schema.INVENTORY_COPY
                    + " b WHERE NOT EXISTS (SELECT 1 FROM inventory i WHERE i.prod_id = b.prod_id)"));
      }
      s.executeUpdate(sql("DELETE FROM reorder"));
      for (String t : disabled) {
        s.execute("ALTER TABLE " + table(t) + " ENABLE TRIGGER " + name(t));
      }
    }
    List<String> rows = differences();
    long reorder = count("SELECT COUNT(*) FROM reorder");
    if (!rows.isEmpty() || reorder > 0) {
      throw new LoadlabException(notExact(triggers, off, rows, reorder), EXIT_NOT_EXACT);
    }
    return restored;
  }

  /** Turns the user's triggers off for this transaction; null if the role may not. */
  private String turnOff(List<String> triggers, List<String> disabled) throws SQLException {
    if (dialect != SqlDialect.POSTGRESQL) {
      return null;
    }
    Savepoint sp = c.setSavepoint();
    try (Statement s = c.createStatement()) {
      s.execute("SET LOCAL session_replication_role = replica");
      c.releaseSavepoint(sp);
      return "off for the restore (session_replication_role = replica)";
    } catch (SQLException e) {
      c.rollback(sp);
    }
    sp = c.setSavepoint();
    try (Statement s = c.createStatement()) {
      for (String t : triggers) {
        s.execute("ALTER TABLE " + table(t) + " DISABLE TRIGGER " + name(t));
        disabled.add(t);
      }
      c.releaseSavepoint(sp);
      return "off for the restore (ALTER TABLE … DISABLE TRIGGER, enabled again after it)";
    } catch (SQLException e) {
      c.rollback(sp);
      disabled.clear();
      return null;
    }
  }

  /** The enabled user triggers on inventory and reorder, as "name on table". */
  private List<String> userTriggers() throws SQLException {
    String q =
        dialect == SqlDialect.POSTGRESQL
            ? "SELECT t.tgname, c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid"
                + " WHERE NOT t.tgisinternal AND t.tgenabled <> 'D'"
                + " AND c.oid IN (to_regclass('inventory'), to_regclass('reorder'))"
                + " ORDER BY c.relname, t.tgname"
            : "SELECT TRIGGER_NAME, EVENT_OBJECT_TABLE FROM information_schema.TRIGGERS"
                + " WHERE EVENT_OBJECT_SCHEMA = DATABASE()"
                + " AND UPPER(EVENT_OBJECT_TABLE) IN ('INVENTORY', 'REORDER')"
                + " ORDER BY EVENT_OBJECT_TABLE, TRIGGER_NAME";
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(q)) {
      while (rs.next()) {
        out.add(rs.getString(1) + " on " + rs.getString(2));
      }
    }
    return out;
  }

  /** Inventory rows that differ from the copy, at most {@value #ROWS_NAMED} described, + count. */
  private List<String> differences() throws SQLException {
    List<String> out = new ArrayList<>();
    String q =
        "SELECT b.prod_id, i.quan_in_stock, i.sales, b.quan_in_stock, b.sales FROM "
            + Ds2Schema.INVENTORY_COPY
            + " b LEFT JOIN inventory i ON i.prod_id = b.prod_id"
            + " WHERE i.prod_id IS NULL OR i.quan_in_stock <> b.quan_in_stock"
            + " OR i.sales <> b.sales ORDER BY b.prod_id";
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql(q))) {
      while (rs.next()) {
        out.add(
            "prod_id "
                + rs.getLong(1)
                + ": "
                + (rs.getObject(2) == null
                    ? "missing"
                    : rs.getLong(2) + " in stock, " + rs.getLong(3) + " sold")
                + " (loaded: "
                + rs.getLong(4)
                + ", "
                + rs.getLong(5)
                + ")");
      }
    }
    return out;
  }

  private static String notExact(
      List<String> triggers, String off, List<String> rows, long reorder) {
    String named =
        String.join("; ", rows.subList(0, Math.min(ROWS_NAMED, rows.size())))
            + (rows.size() > ROWS_NAMED ? "; and " + (rows.size() - ROWS_NAMED) + " more" : "");
    return "ds2 reset: the restore is not exact, so nothing was changed: "
        + (rows.isEmpty()
            ? ""
            : rows.size() + " inventory rows differ from the loaded copy (" + named + ")")
        + (!rows.isEmpty() && reorder > 0 ? " and " : "")
        + (reorder > 0 ? "REORDER holds " + reorder + " rows (none when loaded)" : "")
        + (triggers.isEmpty()
            ? "; no user trigger was found on inventory or reorder"
            : "; user trigger(s) "
                + String.join(", ", triggers)
                + (off != null
                    ? " rewrote it although they were " + off
                    : " rewrote it and this role may not turn them off: run the reset as the"
                        + " tables' owner or a superuser, or disable them while it runs (ALTER"
                        + " TABLE inventory DISABLE TRIGGER …)"));
  }

  private String deleteDiffering() {
    String copy = Ds2Schema.INVENTORY_COPY;
    String differ = " (i.quan_in_stock <> b.quan_in_stock OR i.sales <> b.sales)";
    return dialect == SqlDialect.POSTGRESQL
        ? "DELETE FROM inventory i USING " + copy + " b WHERE b.prod_id = i.prod_id AND" + differ
        : "DELETE i FROM inventory i JOIN " + copy + " b ON b.prod_id = i.prod_id WHERE" + differ;
  }

  private String updateFromCopy() {
    String copy = Ds2Schema.INVENTORY_COPY;
    return dialect == SqlDialect.POSTGRESQL
        ? "UPDATE inventory i SET quan_in_stock = b.quan_in_stock, sales = b.sales FROM "
            + copy
            + " b WHERE b.prod_id = i.prod_id"
            + " AND (i.quan_in_stock <> b.quan_in_stock OR i.sales <> b.sales)"
        : "UPDATE inventory i JOIN "
            + copy
            + " b ON b.prod_id = i.prod_id SET i.quan_in_stock = b.quan_in_stock,"
            + " i.sales = b.sales"
            + " WHERE i.quan_in_stock <> b.quan_in_stock OR i.sales <> b.sales";
  }

  private long count(String q) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql(q))) {
      return rs.next() ? rs.getLong(1) : 0;
    }
  }

  private String sql(String q) {
    return Ds2Sql.of(dialect, q);
  }

  private static String name(String trigger) {
    return quote(trigger.substring(0, trigger.indexOf(" on ")));
  }

  private static String table(String trigger) {
    return quote(trigger.substring(trigger.indexOf(" on ") + 4));
  }

  private static String quote(String identifier) {
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }
}
