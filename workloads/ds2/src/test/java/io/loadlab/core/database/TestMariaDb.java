package io.loadlab.core.database;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Assumptions;

/**
 * The MariaDB server CI installs and starts (Debian's mariadb-server) at 127.0.0.1:3306, user root
 * with an empty password; {@code LOADLAB_TEST_MARIADB_URL} overrides the server URL. Tests that
 * need it are skipped, saying why, when it cannot be reached.
 */
public final class TestMariaDb {
  private TestMariaDb() {}

  static String serverUrl() {
    String url = System.getenv("LOADLAB_TEST_MARIADB_URL");
    return url != null ? url : "jdbc:mariadb://127.0.0.1:3306/";
  }

  /** Creates (after dropping) database {@code name} and returns a target for it, or skips. */
  public static DatabaseTarget freshDatabase(String name) {
    try (Connection c =
            DriverManager.getConnection(serverUrl() + "?connectTimeout=3000", "root", "");
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + name);
      s.execute("CREATE DATABASE " + name);
    } catch (SQLException e) {
      Assumptions.abort(
          "MariaDB not reachable at "
              + serverUrl()
              + " as root with an empty password ("
              + e.getMessage()
              + "); CI installs and starts mariadb-server");
    }
    return new DatabaseTarget(serverUrl() + name, "root", "");
  }

  /** Drops database {@code name}. */
  public static void drop(String name) {
    try (Connection c = DriverManager.getConnection(serverUrl(), "root", "");
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + name);
    } catch (SQLException e) {
      // best effort
    }
  }
}
