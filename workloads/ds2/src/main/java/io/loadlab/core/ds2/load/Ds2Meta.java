package io.loadlab.core.ds2.load;

import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.schema.Ds2Schema;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What loadlab noted about a load in its table {@code loadlab_ds2}: the size, the seed and the
 * loaded row counts. A database built by DVD Store's own scripts has no such table.
 */
public record Ds2Meta(String sizeName, long seed, int customers, long orders, int products) {
  /** Writes the facts of a load. */
  static void write(Connection c, Ds2Size size, long seed) throws SQLException {
    Map<String, String> values = new LinkedHashMap<>();
    values.put("size", size.name());
    values.put("seed", Long.toString(seed));
    values.put("customers", Integer.toString(size.customers()));
    values.put("orders", Long.toString(size.orders()));
    values.put("products", Integer.toString(size.products()));
    try (Statement s = c.createStatement()) {
      s.execute("DELETE FROM " + Ds2Schema.META_TABLE);
    }
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO " + Ds2Schema.META_TABLE + " (name, value) VALUES (?, ?)")) {
      for (Map.Entry<String, String> e : values.entrySet()) {
        ps.setString(1, e.getKey());
        ps.setString(2, e.getValue());
        ps.addBatch();
      }
      ps.executeBatch();
    }
  }

  /** Reads the facts of the load, or {@code null} if loadlab did not load this database. */
  public static Ds2Meta read(Connection c) throws SQLException {
    if (!Ds2Schema.tableExists(c, Ds2Schema.META_TABLE)) {
      return null;
    }
    Map<String, String> v = new LinkedHashMap<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT name, value FROM " + Ds2Schema.META_TABLE)) {
      while (rs.next()) {
        v.put(rs.getString(1), rs.getString(2));
      }
    }
    if (!v.containsKey("size")) {
      return null;
    }
    return new Ds2Meta(
        v.get("size"),
        Long.parseLong(v.getOrDefault("seed", "0")),
        Integer.parseInt(v.getOrDefault("customers", "0")),
        Long.parseLong(v.getOrDefault("orders", "0")),
        Integer.parseInt(v.getOrDefault("products", "0")));
  }
}
