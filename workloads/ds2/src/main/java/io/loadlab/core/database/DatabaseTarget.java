package io.loadlab.core.database;

import io.loadlab.core.failure.UnreachableTargetException;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Secrets;
import io.loadlab.core.util.Texts;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * One database to load or drive: a JDBC URL and the credentials to log in with. The password is
 * kept out of {@link #toString()}; connection failures become one-line errors (exit 2 for a bad URL
 * or login, exit 3 when the server cannot be reached).
 *
 * @param url the JDBC URL ({@code jdbc:postgresql://...} or {@code jdbc:mariadb://...})
 * @param user the user, or {@code null} to take it from the URL
 * @param password the password, or {@code null} for none or the URL's
 */
public record DatabaseTarget(String url, String user, String password) {
  private static final String MARIADB_LOG_KEY = "org.slf4j.simpleLogger.log.org.mariadb.jdbc";

  static {
    // The MariaDB driver logs every server error it passes on; loadlab reports them itself.
    if (System.getProperty(MARIADB_LOG_KEY) == null) {
      System.setProperty(MARIADB_LOG_KEY, "off");
    }
  }

  public DatabaseTarget {
    SqlDialect.of("--url", url);
  }

  /** The dialect of the URL. */
  public SqlDialect dialect() {
    return SqlDialect.of("--url", url);
  }

  /** The URL with any password in it masked, for logs and results. */
  public String displayUrl() {
    return Secrets.mask(url);
  }

  /** A short name for progress lines: host:port/database. */
  public String shortName() {
    String rest = url.replaceFirst("^jdbc:[a-z]+:(//)?", "");
    int q = rest.indexOf('?');
    return q < 0 ? rest : rest.substring(0, q);
  }

  /**
   * Opens a connection, turning failures into errors a user can act on.
   *
   * @throws UsageException if the URL is malformed or the login is refused
   * @throws UnreachableTargetException if the server cannot be reached
   */
  public Connection connect() {
    try {
      return open();
    } catch (SQLException e) {
      throw explain(e);
    }
  }

  /** Opens a connection and lets SQL failures through (for reconnect loops). */
  public Connection open() throws SQLException {
    Properties props = new Properties();
    if (user != null) {
      props.setProperty("user", user);
    }
    if (password != null) {
      props.setProperty("password", password);
    }
    if (dialect() == SqlDialect.POSTGRESQL) {
      props.putIfAbsent("connectTimeout", "10");
      props.putIfAbsent("tcpKeepAlive", "true");
      // Batched inserts go as one multi-row INSERT (order lines, history, loads).
      props.putIfAbsent("reWriteBatchedInserts", "true");
    } else {
      props.putIfAbsent("connectTimeout", "10000");
      // Batched inserts go as multi-row statements: about 3x faster loads.
      props.putIfAbsent("rewriteBatchedStatements", "true");
    }
    return DriverManager.getConnection(url, props);
  }

  /** Turns a connection failure into a one-line error. */
  public RuntimeException explain(SQLException e) {
    String where = displayUrl();
    String state = e.getSQLState();
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    if (root instanceof ConnectException || root instanceof UnknownHostException) {
      return new UnreachableTargetException(
          "cannot reach the database at "
              + where
              + " ("
              + root.getClass().getSimpleName()
              + ": "
              + withoutRepeat(root.getMessage())
              + "); check host and port and that the server is running",
          e);
    }
    if (e.getMessage() != null && e.getMessage().startsWith("No suitable driver")) {
      return new UsageException(
          "--url: '"
              + Texts.cut(where)
              + "' is not a valid JDBC URL; use jdbc:postgresql://host:port/db",
          e);
    }
    if (state != null && (state.startsWith("28") || state.equals("3D000"))) {
      return new UsageException(
          "cannot log in to "
              + where
              + ": "
              + Secrets.mask(firstLine(e.getMessage()))
              + "; check --user, --password-file (or LOADLAB_DB_PASSWORD) and the database name",
          e);
    }
    if (state != null && state.startsWith("08")) {
      return new UnreachableTargetException(
          "cannot connect to " + where + ": " + Secrets.mask(firstLine(e.getMessage())), e);
    }
    return new UsageException(
        "cannot connect to "
            + where
            + ": "
            + Secrets.mask(firstLine(e.getMessage()))
            + "; check --url",
        e);
  }

  /** "Connection refused (Connection refused)", as Java 17's earlier socket code says it: once. */
  static String withoutRepeat(String message) {
    if (message == null) {
      return "";
    }
    int open = message.indexOf(" (");
    if (open > 0
        && message.endsWith(")")
        && message.substring(open + 2, message.length() - 1).equals(message.substring(0, open))) {
      return message.substring(0, open);
    }
    return message;
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  @Override
  public String toString() {
    return "DatabaseTarget[" + displayUrl() + ", user=" + user + "]";
  }
}
