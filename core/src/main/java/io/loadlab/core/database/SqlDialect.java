package io.loadlab.core.database;

import io.loadlab.core.failure.UsageException;
import java.util.Locale;

/** The SQL dialects loadlab's database workloads speak, chosen from the JDBC URL. */
public enum SqlDialect {
  POSTGRESQL,
  /** MySQL and MariaDB (InnoDB). */
  MYSQL;

  /** The dialect of an open connection, from its database product name. */
  public static SqlDialect of(java.sql.Connection c) throws java.sql.SQLException {
    String product = c.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
    return product.contains("postgres") ? POSTGRESQL : MYSQL;
  }

  /**
   * The dialect of a JDBC URL.
   *
   * @param option the option that named the URL, for the error message
   */
  public static SqlDialect of(String option, String url) {
    String u = url == null ? "" : url.toLowerCase(Locale.ROOT);
    if (u.startsWith("jdbc:postgresql:")) {
      return POSTGRESQL;
    }
    if (u.startsWith("jdbc:mariadb:") || u.startsWith("jdbc:mysql:")) {
      return MYSQL;
    }
    throw new UsageException(
        option
            + ": '"
            + url
            + "' is not a JDBC URL loadlab knows; use jdbc:postgresql://host:port/db or"
            + " jdbc:mariadb://host:port/db");
  }
}
