package io.loadlab.core.database;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Texts;
import java.util.Locale;
import java.util.regex.Pattern;

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

  /** A URL that names its host and its database: {@code jdbc:<driver>[:<mode>]://host/db}. */
  private static final Pattern COMPLETE =
      Pattern.compile("jdbc:[a-z]+(:[a-z]+)?://[^/?#;:\\s][^/?#;]*/[^/?#;\\s]+([?;#].*)?");

  /**
   * The dialect of a JDBC URL. The URL must name its host and its database: the drivers would
   * complete {@code jdbc:postgresql://} or {@code jdbc:postgresql:ds2} to a server on localhost,
   * which may not be the one meant.
   *
   * @param option the option that named the URL, for the error message
   */
  public static SqlDialect of(String option, String url) {
    String u = url == null ? "" : url.toLowerCase(Locale.ROOT);
    SqlDialect d = null;
    if (u.startsWith("jdbc:postgresql:")) {
      d = POSTGRESQL;
    } else if (u.startsWith("jdbc:mariadb:") || u.startsWith("jdbc:mysql:")) {
      d = MYSQL;
    }
    if (d != null) {
      if (!COMPLETE.matcher(u).matches()) {
        String example =
            d == POSTGRESQL ? "jdbc:postgresql://host:5432/ds2" : "jdbc:mariadb://host:3306/ds2";
        throw new UsageException(
            option
                + ": '"
                + io.loadlab.core.util.Secrets.mask(url)
                + "' does not name both a host and a database (loadlab never completes a URL to"
                + " localhost); use "
                + example);
      }
      return d;
    }
    throw new UsageException(
        option
            + ": '"
            + Texts.cut(url)
            + "' is not a JDBC URL loadlab knows; use jdbc:postgresql://host:port/db or"
            + " jdbc:mariadb://host:port/db");
  }
}
