package io.loadlab.core.database;

import io.loadlab.core.TempTrees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One embedded PostgreSQL for the whole test JVM, in a temporary data directory, with a fresh
 * database per caller.
 */
public final class TestPostgres {
  private static EmbeddedPostgresServer server;
  private static final AtomicInteger DATABASES = new AtomicInteger();

  private TestPostgres() {}

  /** The shared server, started on first use. */
  public static synchronized EmbeddedPostgresServer server() {
    if (server == null) {
      Path dir;
      try {
        dir = Files.createTempDirectory("loadlab-test-pg");
        server = EmbeddedPostgresServer.start(dir.resolve("data"), false);
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
      TempTrees.closeAndDeleteAtExit(server, dir);
    }
    return server;
  }

  /** A new, empty database on the shared server. */
  public static DatabaseTarget newDatabase(String prefix) {
    String name = prefix + "_" + DATABASES.incrementAndGet() + "_" + ProcessHandle.current().pid();
    server().createDatabaseIfAbsent(name);
    return server().target(name);
  }
}
