package io.loadlab.jmeter;

import io.loadlab.core.TempTrees;
import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.database.EmbeddedPostgresServer;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.load.Ds2Loader;
import java.nio.file.Files;
import java.nio.file.Path;

/** One embedded PostgreSQL per test JVM holding a small DS2 database (1MB: 2,000 customers). */
public final class TestDatabase {
  /** The size loaded. */
  public static final String SIZE = "1MB";

  private static EmbeddedPostgresServer server;
  private static DatabaseTarget target;

  private TestDatabase() {}

  /** The loaded DS2 database, started and loaded on first use. */
  public static synchronized DatabaseTarget ds2() throws Exception {
    if (target == null) {
      Path dir = Files.createTempDirectory("loadlab-jmeter-pg");
      server = EmbeddedPostgresServer.start(dir.resolve("data"), true);
      TempTrees.closeAndDeleteAtExit(server, dir);
      server.createDatabaseIfAbsent("ds2");
      DatabaseTarget t = server.target("ds2");
      new Ds2Loader(t, line -> {})
          .load(new Ds2Loader.Settings(Ds2Size.parse("size", SIZE), 1, 2, false));
      target = t;
    }
    return target;
  }
}
