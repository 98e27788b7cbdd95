package io.loadlab.core.database;

import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;

/**
 * Classifies SQL failures by SQLSTATE: the failure kind recorded with errors, whether a transaction
 * may simply be retried (deadlock, serialization failure), and whether the connection is gone and
 * must be reopened.
 */
public final class SqlStates {
  /** PostgreSQL: deadlock detected. */
  public static final String DEADLOCK = "40P01";

  /** Serialization failure; MySQL/MariaDB report deadlocks with it too. */
  public static final String SERIALIZATION_FAILURE = "40001";

  private SqlStates() {}

  /** The failure kind to record: the SQLSTATE, or the exception class when there is none. */
  public static String kind(SQLException e) {
    String state = e.getSQLState();
    return state == null || state.isBlank() ? e.getClass().getSimpleName() : state;
  }

  /** True for failures that a retry of the same transaction can get past. */
  public static boolean isRetryable(SQLException e) {
    String state = e.getSQLState();
    if (DEADLOCK.equals(state) || SERIALIZATION_FAILURE.equals(state)) {
      return true;
    }
    int code = e.getErrorCode();
    return "HY000".equals(state) && (code == 1213 || code == 1205); // MySQL deadlock, lock wait
  }

  /**
   * True if the connection is lost: SQLSTATE class 08 (connection exception), 57P01..57P03 (server
   * shutting down or terminating the session), or the driver saying so by exception type.
   */
  public static boolean isConnectionLost(SQLException e) {
    if (e instanceof SQLRecoverableException || e instanceof SQLTransientConnectionException) {
      return true;
    }
    String state = e.getSQLState();
    if (state == null) {
      return false;
    }
    return state.startsWith("08")
        || state.equals("57P01")
        || state.equals("57P02")
        || state.equals("57P03")
        || state.equals("70100"); // MySQL/MariaDB: connection killed
  }
}
