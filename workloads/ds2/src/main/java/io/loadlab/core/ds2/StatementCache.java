package io.loadlab.core.ds2;

import io.loadlab.core.database.SqlDialect;
import io.loadlab.core.ds2.schema.Ds2Sql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * One connection's prepared statements, by SQL text, with DS2's table names spelled per dialect.
 */
final class StatementCache implements AutoCloseable {
  private final Connection connection;
  private final SqlDialect dialect;
  private final Map<String, PreparedStatement> statements = new HashMap<>();

  StatementCache(Connection connection, SqlDialect dialect) {
    this.connection = connection;
    this.dialect = dialect;
  }

  PreparedStatement statement(String sql) throws SQLException {
    PreparedStatement ps = statements.get(sql);
    if (ps == null) {
      ps = connection.prepareStatement(Ds2Sql.of(dialect, sql));
      statements.put(sql, ps);
    }
    return ps;
  }

  PreparedStatement generatedKeyStatement(String sql) throws SQLException {
    String key = "keys:" + sql;
    PreparedStatement ps = statements.get(key);
    if (ps == null) {
      ps = connection.prepareStatement(Ds2Sql.of(dialect, sql), Statement.RETURN_GENERATED_KEYS);
      statements.put(key, ps);
    }
    return ps;
  }

  /** Runs a query and counts its rows. */
  static int countRows(PreparedStatement ps) throws SQLException {
    int rows = 0;
    try (ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        rows++;
      }
    }
    return rows;
  }

  @Override
  public void close() {
    for (PreparedStatement ps : statements.values()) {
      try {
        ps.close();
      } catch (SQLException e) {
        // closing anyway
      }
    }
    statements.clear();
  }
}
