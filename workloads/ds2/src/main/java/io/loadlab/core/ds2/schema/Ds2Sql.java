package io.loadlab.core.ds2.schema;

import io.loadlab.core.database.SqlDialect;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Spells DS2's table names as DVD Store does in each dialect: lower case for PostgreSQL (where
 * DS2's unquoted upper-case names fold to lower case), upper case for MySQL/MariaDB (where DS2's
 * scripts create {@code CUSTOMERS}, ... and table names are case-sensitive on Linux). loadlab's SQL
 * is written in lower case and passed through {@link #of}.
 */
public final class Ds2Sql {
  private static final Pattern TABLES =
      Pattern.compile(
          "\\b(customers|cust_hist|orders|orderlines|products|inventory|categories|reorder)\\b");

  private Ds2Sql() {}

  /** {@code sql} with DS2's table names spelled for {@code dialect}. */
  public static String of(SqlDialect dialect, String sql) {
    if (dialect != SqlDialect.MYSQL) {
      return sql;
    }
    return TABLES.matcher(sql).replaceAll(m -> m.group().toUpperCase(Locale.ROOT));
  }
}
