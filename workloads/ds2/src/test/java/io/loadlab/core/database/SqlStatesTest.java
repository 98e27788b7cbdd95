package io.loadlab.core.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import org.junit.jupiter.api.Test;

class SqlStatesTest {
  @Test
  void classifiesRetryableAndLostConnections() {
    assertTrue(SqlStates.isRetryable(new SQLException("deadlock", "40P01")));
    assertTrue(SqlStates.isRetryable(new SQLException("serialization", "40001")));
    assertTrue(SqlStates.isRetryable(new SQLException("mysql deadlock", "HY000", 1213)));
    assertFalse(SqlStates.isRetryable(new SQLException("unique", "23505")));

    assertTrue(SqlStates.isConnectionLost(new SQLException("terminated", "57P01")));
    assertTrue(SqlStates.isConnectionLost(new SQLException("io", "08006")));
    assertTrue(SqlStates.isConnectionLost(new SQLRecoverableException("gone")));
    assertFalse(SqlStates.isConnectionLost(new SQLException("syntax", "42601")));

    assertEquals("42601", SqlStates.kind(new SQLException("syntax", "42601")));
    assertEquals("SQLException", SqlStates.kind(new SQLException("no state")));
    assertEquals(SqlDialect.MYSQL, SqlDialect.of("--url", "jdbc:mariadb://h/db"));
    assertEquals(SqlDialect.POSTGRESQL, SqlDialect.of("--url", "jdbc:postgresql://h/db"));
  }
}
