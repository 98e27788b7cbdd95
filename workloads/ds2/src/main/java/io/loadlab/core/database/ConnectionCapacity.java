package io.loadlab.core.database;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Numbers;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Whether a database takes as many more connections as a run's users will open, asked before any
 * user starts: a server at its {@code max_connections} refuses the rest one by one mid-run ("too
 * many clients"), so the run is refused first, naming the limit and how to raise it.
 */
public final class ConnectionCapacity {
  /** Connections kept free beside the users: the run's own look-ups, a monitoring session. */
  static final int SPARE = 3;

  private ConnectionCapacity() {}

  /**
   * What a server allows.
   *
   * @param max its {@code max_connections}
   * @param reserved of those, kept for superusers (PostgreSQL), not open to this user
   * @param inUse connections open now (this one included)
   */
  public record Limit(int max, int reserved, int inUse) {
    /** How many more connections this user may open. */
    public int free() {
      return Math.max(0, max - reserved - inUse);
    }
  }

  /**
   * Refuses {@code users} connections more than {@code target} takes.
   *
   * @param option the option that sets the count ({@code --threads})
   * @param raise how to raise the limit on this server (for the embedded one: loadlab's own)
   * @throws UsageException naming the limit and how to raise it
   */
  public static void check(DatabaseTarget target, String option, int users, String raise) {
    Limit limit;
    try (Connection c = target.connect()) {
      limit = limit(c, target.dialect());
    } catch (SQLException e) {
      return; // a server that does not say (or lets this user read) its limit is not checked
    }
    if (limit == null || users + SPARE <= limit.free()) {
      return;
    }
    throw new UsageException(refusal(target.displayUrl(), option, users, limit, raise));
  }

  /** The refusal's one line. */
  static String refusal(String where, String option, int users, Limit limit, String raise) {
    return option
        + " "
        + users
        + ": "
        + where
        + " takes "
        + Numbers.format(limit.max())
        + " connections (max_connections)"
        + (limit.reserved() > 0 ? ", " + limit.reserved() + " of them for superusers" : "")
        + ", "
        + limit.inUse()
        + " in use, and the run needs "
        + Numbers.format(users + SPARE)
        + "; "
        + raise
        + ", or use fewer users";
  }

  /** How to raise the limit of a server loadlab does not run. */
  public static String raiseOnServer(SqlDialect dialect) {
    return dialect == SqlDialect.POSTGRESQL
        ? "raise max_connections in its postgresql.conf and restart it"
        : "raise max_connections (SET GLOBAL max_connections = N, or my.cnf)";
  }

  /** The server's limit, or {@code null} if it does not say. */
  static Limit limit(Connection c, SqlDialect dialect) throws SQLException {
    String sql =
        dialect == SqlDialect.POSTGRESQL
            ? "SELECT current_setting('max_connections')::int,"
                + " CASE WHEN (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)"
                + " THEN 0 ELSE current_setting('superuser_reserved_connections')::int END,"
                + " (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend')"
            : "SELECT @@max_connections, 0,"
                + " (SELECT count(*) FROM information_schema.processlist)";
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      if (!rs.next()) {
        return null;
      }
      return new Limit(rs.getInt(1), rs.getInt(2), rs.getInt(3));
    }
  }
}
