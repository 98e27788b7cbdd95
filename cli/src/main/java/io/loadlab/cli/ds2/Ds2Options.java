package io.loadlab.cli.ds2;

import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.database.EmbeddedPostgresServer;
import io.loadlab.core.database.SqlDialect;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.util.Numerals;
import io.loadlab.core.util.Secrets;
import io.loadlab.core.util.Texts;
import io.loadlab.core.workload.Workloads;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.commons.cli.CommandLine;

/**
 * The options every {@code ds2} command shares: which database (a JDBC URL, or by default the
 * embedded PostgreSQL kept in a data directory), how to log in, and the DS2 size.
 */
final class Ds2Options {
  /** The options every {@code ds2} command that works on a database shares. */
  private static final OptionTable DATABASE = Workloads.installed().command("ds2 check").options();

  static final String DEFAULT_SIZE = DATABASE.require("db-size").defaultValue();
  static final String DEFAULT_DATABASE = DATABASE.require("database").defaultValue();
  static final String PASSWORD_ENV = DATABASE.require("password-file").env();

  private Ds2Options() {}

  static Ds2Size size(CommandLine cmd) {
    return Ds2Size.parse("--db-size", cmd.getOptionValue("db-size", DEFAULT_SIZE));
  }

  /** The databases named on the command line, or the embedded one (started by {@code open}). */
  static Targets open(CommandLine cmd, boolean fresh, Consumer<String> log) {
    return open(cmd, fresh, log, 0);
  }

  /** How many databases the command line names: the embedded one counts as one. */
  static int targetCount(CommandLine cmd) {
    String[] targets = cmd.getOptionValues("target");
    int n = (targets == null ? 0 : targets.length) + (cmd.hasOption("url") ? 1 : 0);
    return Math.max(1, n);
  }

  /** Whether the command runs on the embedded PostgreSQL (no database named). */
  static boolean embedded(CommandLine cmd) {
    return !cmd.hasOption("target") && !cmd.hasOption("url");
  }

  /**
   * As {@link #open(CommandLine, boolean, Consumer)}, with the embedded server (if it is the one)
   * taking {@code clients} connections at once (0: its default).
   */
  static Targets open(CommandLine cmd, boolean fresh, Consumer<String> log, int clients) {
    List<String> urls = new ArrayList<>();
    String[] targets = cmd.getOptionValues("target");
    if (targets != null) {
      for (String t : targets) {
        SqlDialect.of("--target", t);
        urls.add(t);
      }
    }
    if (cmd.hasOption("url")) {
      SqlDialect.of("--url", cmd.getOptionValue("url"));
      urls.add(cmd.getOptionValue("url"));
    }
    String password =
        Secrets.read(
            "--password-file",
            cmd.hasOption("password-file") ? Path.of(cmd.getOptionValue("password-file")) : null,
            PASSWORD_ENV);
    String user = cmd.getOptionValue("user");
    if (!urls.isEmpty()) {
      if (cmd.hasOption("data-dir")) {
        throw new UsageException(
            "--data-dir: only for the embedded PostgreSQL; leave it out with --url or --target");
      }
      List<DatabaseTarget> list = new ArrayList<>();
      for (String u : urls) {
        list.add(new DatabaseTarget(u, user, password));
      }
      return new Targets(list, null);
    }
    Path dir =
        cmd.hasOption("data-dir")
            ? Path.of(cmd.getOptionValue("data-dir"))
            : EmbeddedPostgresServer.defaultDataDir();
    String database = cmd.getOptionValue("database", DEFAULT_DATABASE);
    if (!database.matches("[A-Za-z_][A-Za-z0-9_]{0,62}")) {
      throw new UsageException(
          "--database: '"
              + Texts.cut(database)
              + "' is not a plain name; use letters, digits and _");
    }
    log.accept("starting the embedded PostgreSQL in " + dir + (fresh ? " (fresh)" : ""));
    EmbeddedPostgresServer server = EmbeddedPostgresServer.start(dir, fresh, clients);
    server.createDatabaseIfAbsent(database);
    log.accept("embedded PostgreSQL on " + server.jdbcUrl(database));
    return new Targets(List.of(server.target(database)), server);
  }

  /** The databases of a command, and the embedded server to stop afterwards, if any. */
  record Targets(List<DatabaseTarget> list, EmbeddedPostgresServer server)
      implements AutoCloseable {
    DatabaseTarget single(String option) {
      if (list.size() != 1) {
        throw new UsageException(option + ": name one database for this command");
      }
      return list.get(0);
    }

    @Override
    public void close() {
      if (server != null) {
        server.close();
      }
    }
  }

  static int intValue(CommandLine cmd, String option, int defaultValue) {
    String v = cmd.getOptionValue(option);
    if (v == null) {
      return defaultValue;
    }
    return (int) Numerals.parseLong("--" + option, v, Integer.MIN_VALUE, Integer.MAX_VALUE);
  }

  static double doubleValue(CommandLine cmd, String option, double defaultValue) {
    String v = cmd.getOptionValue(option);
    if (v == null) {
      return defaultValue;
    }
    return Numerals.parseDecimal(
        "--" + option, v, -Double.MAX_VALUE, Double.MAX_VALUE, "a number", "20");
  }
}
