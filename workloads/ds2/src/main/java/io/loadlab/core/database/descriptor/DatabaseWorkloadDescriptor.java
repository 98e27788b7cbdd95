package io.loadlab.core.database.descriptor;

import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionSpec.Type;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.workload.Server;
import io.loadlab.core.workload.SharedOptions;
import io.loadlab.core.workload.Workload;
import io.loadlab.core.workload.WorkloadCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The database workload: {@code database}, the embedded PostgreSQL on its own for DS2 runs from
 * other processes or hosts, its cluster kept in {@code --data-dir} between starts.
 */
public final class DatabaseWorkloadDescriptor implements Workload {
  /** {@code database}: an embedded PostgreSQL initialised and started. */
  static final double START_SECONDS = 5;

  /**
   * {@code database} on a {@code --data-dir} that holds a cluster already (kept from an earlier
   * start): no initdb.
   */
  static final double KEPT_START_SECONDS = 2;

  /** The environment variable the password is read from when no file is named (as ds2's). */
  private static final String PASSWORD_ENV = "LOADLAB_DB_PASSWORD";

  /** Its options, described once for the command line, campaign services and the docs. */
  static final OptionTable OPTIONS =
      OptionTable.of(
          OptionSpec.value(
                  "host",
                  "ADDR",
                  Type.TEXT,
                  "address to listen on (default 127.0.0.1; 0.0.0.0 for every address, which "
                      + "needs a password)")
              .docs(
                  "`127.0.0.1`",
                  "address to listen on (`0.0.0.0`: every address); anything past loopback "
                      + "needs a password, and logins from other hosts use it (SCRAM), loopback "
                      + "stays trusted for loadlab itself"),
          SharedOptions.serverPort(5432),
          SharedOptions.serverDataDir(
                  "the cluster's directory, kept (default ~/.loadlab/database-PORT)")
              .docs(
                  "`~/.loadlab/database-PORT`",
                  "the cluster's directory, created on first start and kept"),
          OptionSpec.flag("fresh", "delete the data directory first")
              .docs("off", "delete the data directory first"),
          OptionSpec.value(
                  "database", "NAME", Type.TEXT, "database created if absent (default ds2)")
              .docs("`ds2`", "database created if absent, owned by `--user`"),
          OptionSpec.value(
                  "user",
                  "NAME",
                  Type.TEXT,
                  "login for other hosts, owner of the database (default loadlab)")
              .docs(
                  "`loadlab`",
                  "the login for other hosts (with a password), owner of the database"),
          OptionSpec.value(
                  "password-file",
                  "FILE",
                  Type.PASSWORD_FILE,
                  "file holding the user's password (first line); default: environment variable "
                      + PASSWORD_ENV)
              .env(PASSWORD_ENV)
              .docs(
                  "env `LOADLAB_DB_PASSWORD`",
                  "file whose first line is the user's password (required with a `--host` "
                      + "past loopback, unless its clients are in --trust-network)"),
          OptionSpec.value(
                  "trust-network",
                  "CIDR",
                  Type.TEXT,
                  "hosts of this network log in without a password, e.g. a lab bridge's "
                      + "10.231.70.0/24 (isolated lab networks only)")
              .docs(
                  "none",
                  "hosts of this network (`10.231.70.0/24`) log in without a password, as any "
                      + "user (pg_hba `trust`); `--host` past loopback then needs none. Only for "
                      + "an isolated lab network, such as a guest lab's own bridge: anyone on it "
                      + "gets the whole database"),
          SharedOptions.SERVER_DURATION);

  @Override
  public String name() {
    return "database";
  }

  @Override
  public List<WorkloadCommand> commands() {
    return List.of(
        WorkloadCommand.of(
                "database",
                "run the embedded PostgreSQL until Ctrl-C, for ds2 runs from other hosts",
                OPTIONS)
            .serving(
                Server.listening(START_SECONDS)
                    .keeping(
                        new Server.KeptData(
                            "data-dir",
                            KEPT_START_SECONDS,
                            DatabaseWorkloadDescriptor::holdsCluster))));
  }

  /** True if {@code dir} holds a PostgreSQL cluster (its {@code PG_VERSION}). */
  private static boolean holdsCluster(Path dir) {
    try {
      return Files.isRegularFile(dir.resolve("PG_VERSION"));
    } catch (RuntimeException e) {
      return false;
    }
  }

  @Override
  public Map<String, OptionTable> docsSections() {
    return Map.of("## `loadlab database`", OPTIONS);
  }
}
