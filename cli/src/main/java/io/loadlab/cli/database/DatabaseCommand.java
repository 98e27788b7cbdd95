package io.loadlab.cli.database;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.Command;
import io.loadlab.cli.DescribedCommand;
import io.loadlab.cli.RunOptions;
import io.loadlab.cli.ServerLifetime;
import io.loadlab.core.database.EmbeddedPostgresServer;
import io.loadlab.core.failure.LoadlabException;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Secrets;
import io.loadlab.core.util.Sizes;
import io.loadlab.core.util.Texts;
import io.loadlab.core.workload.Workloads;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.commons.cli.CommandLine;

/**
 * {@code loadlab database}: the embedded PostgreSQL on its own, for DS2 runs from other processes
 * or hosts (as {@code loadlab broker} serves Artemis), until Ctrl-C or SIGTERM. Past loopback,
 * clients log in as {@code --user} with a password read from a file or the environment (never from
 * the command line, never printed); the cluster stays in {@code --data-dir} for the next start.
 */
public final class DatabaseCommand extends DescribedCommand {
  /** The environment variable the password is read from when no file is named (as ds2's). */
  private static final String PASSWORD_ENV =
      Workloads.installed().command("database").options().require("password-file").env();

  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");
  private static final String HBA_MARK = "# loadlab database: password logins from other hosts";
  private static final String TRUST_MARK = "# loadlab database --trust-network";

  /** The commands of this package. */
  public static List<Command> all() {
    return List.of(new DatabaseCommand());
  }

  DatabaseCommand() {
    super("database");
  }

  @Override
  public void check(CommandLine cmd) {
    settings(cmd);
  }

  /** The checked options. */
  private record Settings(
      String host,
      int port,
      Path dataDir,
      boolean fresh,
      String database,
      String user,
      String password,
      String trustNetwork,
      Duration duration) {
    boolean loopbackOnly() {
      return host.equals("127.0.0.1") || host.equals("localhost") || host.equals("::1");
    }
  }

  private static Settings settings(CommandLine cmd) {
    String host = cmd.getOptionValue("host", "127.0.0.1").trim();
    if (host.isEmpty() || host.contains(",") || host.contains(" ")) {
      throw new UsageException(
          "--host: '" + Texts.cut(host) + "' is not one address; use e.g. 0.0.0.0");
    }
    String p = cmd.getOptionValue("port");
    int port = p == null ? 5432 : Sizes.parseInt("--port", p, 0, 65535);
    String dd = cmd.getOptionValue("data-dir");
    Path dataDir =
        dd == null
            ? Path.of(System.getProperty("user.home"), ".loadlab", "database-" + port)
            : Path.of(dd).toAbsolutePath();
    if (Files.exists(dataDir) && !Files.isDirectory(dataDir)) {
      throw new UsageException(
          "--data-dir: '" + Texts.cut(dd) + "' is a file; give a directory (created if absent)");
    }
    String database = name(cmd, "database", "ds2");
    String user = name(cmd, "user", "loadlab");
    String pf = cmd.getOptionValue("password-file");
    String password =
        Secrets.read("--password-file", pf == null ? null : Path.of(pf), PASSWORD_ENV);
    Settings s =
        new Settings(
            host,
            port,
            dataDir,
            cmd.hasOption("fresh"),
            database,
            user,
            password,
            trustNetwork(cmd.getOptionValue("trust-network")),
            RunOptions.duration(cmd, "duration", Duration.ZERO));
    if (password == null && s.trustNetwork == null && !s.loopbackOnly()) {
      throw new UsageException(
          "--host: listening on "
              + host
              + " needs a password for --user "
              + user
              + "; name a file with --password-file or set "
              + PASSWORD_ENV
              + " (or, on an isolated lab network, --trust-network CIDR)");
    }
    return s;
  }

  /**
   * The network of {@code --trust-network} as pg_hba writes it (host bits cleared), or null.
   * Numbers only (no name is looked up): {@code a.b.c.d/N} or an IPv6 address with {@code /N}.
   */
  static String trustNetwork(String value) {
    if (value == null) {
      return null;
    }
    String v = value.trim();
    java.util.regex.Matcher m = CIDR.matcher(v);
    String fix = "; give a network such as 10.231.70.0/24";
    if (!m.matches()) {
      throw new UsageException("--trust-network: '" + Texts.cut(v) + "' is not ADDRESS/BITS" + fix);
    }
    byte[] bytes;
    try {
      bytes = java.net.InetAddress.getByName(m.group(1)).getAddress();
    } catch (java.net.UnknownHostException e) {
      throw new UsageException("--trust-network: '" + Texts.cut(v) + "' is not an address" + fix);
    }
    int bits = Integer.parseInt(m.group(2));
    if (bits < 1 || bits > bytes.length * 8) {
      throw new UsageException(
          "--trust-network: /"
              + bits
              + " is not a network of "
              + m.group(1)
              + " (1 to "
              + bytes.length * 8
              + " bits)"
              + fix);
    }
    for (int i = 0; i < bytes.length; i++) {
      int keep = Math.max(0, Math.min(8, bits - i * 8));
      bytes[i] &= (byte) (0xff << (8 - keep));
    }
    try {
      return java.net.InetAddress.getByAddress(bytes).getHostAddress() + "/" + bits;
    } catch (java.net.UnknownHostException e) {
      throw new IllegalStateException(e);
    }
  }

  /** An IPv4 or IPv6 literal (never a name, which would be looked up) and a prefix length. */
  private static final Pattern CIDR =
      Pattern.compile("((?:\\d{1,3}\\.){3}\\d{1,3}|[0-9A-Fa-f]*:[0-9A-Fa-f:.]*)/(\\d{1,3})");

  private static String name(CommandLine cmd, String option, String dflt) {
    String v = cmd.getOptionValue(option, dflt).trim();
    if (!NAME.matcher(v).matches()) {
      throw new UsageException(
          "--"
              + option
              + ": '"
              + Texts.cut(v)
              + "' is not a plain name; use letters, digits and _");
    }
    return v;
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    Settings s = settings(cmd);
    refuseBusyPort(s);
    // Loopback always, so loadlab itself can set the cluster up as its superuser.
    String listen =
        s.host.equals("0.0.0.0") || s.host.equals("*")
            ? "*"
            : s.loopbackOnly() ? s.host : "127.0.0.1," + s.host;
    java.util.function.Consumer<Path> hba =
        d -> {
          if (s.trustNetwork != null) {
            trust(d, s.trustNetwork);
          }
          if (!s.loopbackOnly() && s.password != null) {
            allowPasswordLogins(d);
          }
        };
    boolean fresh = s.fresh;
    if (s.password != null) {
      // The user and database are set up on loopback first, so that the port answers only once
      // logins work (a campaign's setup starts as soon as it listens).
      try (EmbeddedPostgresServer setup =
          EmbeddedPostgresServer.start(s.dataDir, fresh, "127.0.0.1", 0, hba)) {
        setup.createDatabaseIfAbsent(s.database);
        owner(setup, s);
      }
      fresh = false;
    }
    try (ServerLifetime lifetime =
            ServerLifetime.begin("loadlab-database", Duration.ofSeconds(30));
        EmbeddedPostgresServer pg =
            EmbeddedPostgresServer.start(s.dataDir, fresh, listen, s.port, hba)) {
      pg.createDatabaseIfAbsent(s.database);
      String address = s.loopbackOnly() || listen.equals("*") ? "127.0.0.1" : s.host;
      String url = "jdbc:postgresql://" + address + ":" + pg.port() + "/" + s.database;
      ctx.out()
          .println(
              "loadlab database: PostgreSQL listening on "
                  + (listen.equals("*") ? "every address" : listen)
                  + " port "
                  + pg.port()
                  + ", data in "
                  + s.dataDir
                  + "; connect with --target "
                  + url
                  + (listen.equals("*") ? " (or this machine's address)" : "")
                  + (s.trustNetwork != null
                      ? " (or any user, e.g. postgres, without a password from "
                          + s.trustNetwork
                          + ")"
                      : "")
                  + (s.password != null
                      ? " --user "
                          + s.user
                          + " and its password (--password-file or "
                          + PASSWORD_ENV
                          + ")"
                      : s.trustNetwork == null
                          ? " (user postgres, no password: loopback only)"
                          : "")
                  + "; Ctrl-C stops it");
      ctx.out().flush();
      lifetime.await(s.duration);
    }
    return ServerLifetime.report(ctx.out(), "loadlab database");
  }

  private static void refuseBusyPort(Settings s) {
    if (s.port == 0) {
      return;
    }
    String bind = s.host.equals("*") ? "0.0.0.0" : s.host;
    try (java.net.ServerSocket probe = new java.net.ServerSocket()) {
      probe.setReuseAddress(true);
      probe.bind(new java.net.InetSocketAddress(bind, s.port));
    } catch (IOException e) {
      throw new UsageException(
          "--port: "
              + s.port
              + " is in use on "
              + bind
              + " (or the address is not this machine's); give another --port, or 0 for a free"
              + " one");
    }
  }

  /** Lets other hosts log in with a password (SCRAM); loopback keeps the embedded trust. */
  private static void allowPasswordLogins(Path dataDir) {
    Path hba = dataDir.resolve("pg_hba.conf");
    try {
      if (Files.exists(hba) && Files.readString(hba).contains(HBA_MARK)) {
        return;
      }
      Files.writeString(
          hba,
          "\n"
              + HBA_MARK
              + "\nhost all all 0.0.0.0/0 scram-sha-256\nhost all all ::/0 scram-sha-256\n",
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new LoadlabException("cannot write " + hba + " (" + e.getMessage() + ")", 1, e);
    }
  }

  /**
   * Lets the hosts of {@code network} log in without a password: its line first in pg_hba.conf (the
   * first line that matches decides), replacing the line of an earlier start.
   */
  private static void trust(Path dataDir, String network) {
    Path hba = dataDir.resolve("pg_hba.conf");
    try {
      StringBuilder out = new StringBuilder("host all all " + network + " trust " + TRUST_MARK);
      out.append('\n');
      if (Files.exists(hba)) {
        for (String line : Files.readAllLines(hba)) {
          if (!line.endsWith(TRUST_MARK)) {
            out.append(line).append('\n');
          }
        }
      }
      Files.writeString(hba, out.toString());
    } catch (IOException e) {
      throw new LoadlabException("cannot write " + hba + " (" + e.getMessage() + ")", 1, e);
    }
  }

  /** The user with its password, owner of the database and its public schema. */
  private static void owner(EmbeddedPostgresServer pg, Settings s) throws SQLException {
    String pw = "'" + s.password.replace("'", "''") + "'";
    try (Connection c = pg.target("postgres").open();
        Statement st = c.createStatement()) {
      boolean exists;
      try (var rs = st.executeQuery("SELECT 1 FROM pg_roles WHERE rolname = '" + s.user + "'")) {
        exists = rs.next();
      }
      st.execute((exists ? "ALTER ROLE " : "CREATE ROLE ") + s.user + " LOGIN PASSWORD " + pw);
      st.execute("ALTER DATABASE " + s.database + " OWNER TO " + s.user);
    }
    try (Connection c =
            DriverManager.getConnection(
                pg.jdbcUrl(s.database), EmbeddedPostgresServer.SUPERUSER, "");
        Statement st = c.createStatement()) {
      st.execute("ALTER SCHEMA public OWNER TO " + s.user);
    }
  }
}
