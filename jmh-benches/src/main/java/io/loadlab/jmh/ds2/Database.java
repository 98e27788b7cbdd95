package io.loadlab.jmh.ds2;

import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.database.EmbeddedPostgresServer;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.load.Ds2Loader;
import io.loadlab.core.ds2.load.Ds2Reset;
import io.loadlab.core.util.Secrets;
import io.loadlab.jmh.Targets;
import java.nio.file.Path;
import java.sql.Connection;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The DS2 database of a trial: the one named by {@code -Dloadlab.jdbc} (loaded beforehand with
 * {@code loadlab ds2 load}), or an embedded PostgreSQL in {@code ~/.loadlab/pg-jmh} loaded with the
 * smallest DS2 size on first use and kept for later runs. At the end of a trial the embedded
 * database is reset to its loaded state (purchases and new customers removed).
 */
@State(Scope.Benchmark)
public class Database {
  /** The database name inside the embedded server. */
  static final String NAME = "ds2jmh";

  private EmbeddedPostgresServer embedded;
  DatabaseTarget target;
  Ds2Size size;

  /** Starts and loads the embedded database, or reads the target's settings. */
  @Setup(Level.Trial)
  public void open() throws Exception {
    String url = Targets.get(Targets.JDBC);
    if (url != null) {
      target =
          new DatabaseTarget(
              url,
              Targets.get(Targets.JDBC_USER),
              Secrets.read("-D" + Targets.JDBC, null, "LOADLAB_DB_PASSWORD"));
      String sizeName = Targets.get(Targets.DS2_SIZE);
      size = sizeName == null ? Ds2Size.SMALL : Ds2Size.parse("-D" + Targets.DS2_SIZE, sizeName);
      Targets.note("DS2 database " + target.displayUrl() + ", size " + size.name());
      return;
    }
    String dir = Targets.get(Targets.PG_DATA);
    Path dataDir =
        dir != null ? Path.of(dir) : Path.of(System.getProperty("user.home"), ".loadlab", "pg-jmh");
    embedded = EmbeddedPostgresServer.start(dataDir, false);
    embedded.createDatabaseIfAbsent(NAME);
    target = embedded.target(NAME);
    size = Ds2Size.SMALL;
    new Ds2Loader(target, Targets::note).load(new Ds2Loader.Settings(size, 1, 2, false));
    Targets.note("DS2 database embedded PostgreSQL in " + dataDir + ", size " + size.name());
  }

  /** Resets and stops the embedded database. */
  @TearDown(Level.Trial)
  public void close() throws Exception {
    if (embedded == null) {
      return;
    }
    try (Connection c = target.connect()) {
      Ds2Reset.reset(c, target.dialect(), size, Targets::note);
    } finally {
      embedded.close();
      embedded = null;
    }
  }
}
