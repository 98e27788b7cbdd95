package io.loadlab.core.database;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A run's users against the database's max_connections, asked before any user starts. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ConnectionCapacityTest {
  @Test
  void freeConnectionsLeaveOutTheSuperusersShareAndThoseInUse() {
    assertEquals(287, new ConnectionCapacity.Limit(300, 3, 10).free());
    assertEquals(0, new ConnectionCapacity.Limit(300, 3, 400).free());
  }

  @Test
  void theRefusalNamesTheLimitAndHowToRaiseIt() {
    String line =
        ConnectionCapacity.refusal(
            "127.0.0.1:5432/ds2",
            "--threads",
            1000,
            new ConnectionCapacity.Limit(300, 3, 2),
            ConnectionCapacity.raiseOnServer(SqlDialect.POSTGRESQL));
    assertTrue(line.startsWith("--threads 1000: 127.0.0.1:5432/ds2 takes 300 connections"), line);
    assertTrue(line.contains("max_connections in its postgresql.conf"), line);
    assertTrue(!line.contains("\n"), "one line");
  }

  @Test
  void theEmbeddedServerTakesARunsUsersAndARealServerIsAsked() {
    assertEquals(300, EmbeddedPostgresServer.maxConnectionsFor(10));
    assertEquals(1_020, EmbeddedPostgresServer.maxConnectionsFor(1_000));
    DatabaseTarget db = TestPostgres.newDatabase("capacity");
    assertDoesNotThrow(() -> ConnectionCapacity.check(db, "--threads", 100, "raise it"));
    UsageException e =
        assertThrows(
            UsageException.class,
            () -> ConnectionCapacity.check(db, "--threads", 1_000, "raise it"));
    assertTrue(e.getMessage().contains("takes 300 connections (max_connections)"), e.getMessage());
  }
}
