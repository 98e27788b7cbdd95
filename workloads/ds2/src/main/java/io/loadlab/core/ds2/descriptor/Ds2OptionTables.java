package io.loadlab.core.ds2.descriptor;

import io.loadlab.core.ds2.workload.Ds2RunSettings;
import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionSpec.Kind;
import io.loadlab.core.options.OptionSpec.Type;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.workload.SharedOptions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The descriptions of the {@code ds2} commands' options ({@link OptionSpec}), which their command
 * lines, campaign steps and docs/configuration.md all use.
 */
final class Ds2OptionTables {
  private Ds2OptionTables() {}

  /** The DS2 size by default. */
  private static final String DEFAULT_SIZE = "10MB";

  /** The database's name in the embedded PostgreSQL by default. */
  private static final String DEFAULT_DATABASE = "ds2";

  /** The environment variable the password is read from when no file is named. */
  private static final String PASSWORD_ENV = "LOADLAB_DB_PASSWORD";

  static final OptionSpec TARGET =
      OptionSpec.value(
              "target",
              "URL",
              Type.TEXT,
              "JDBC URL of a database to drive; repeat for several (default: the embedded"
                  + " PostgreSQL)")
          .kind(Kind.REPEATABLE)
          .docsName("`--target URL` (run; repeatable)")
          .docs(
              "embedded PostgreSQL",
              "a database to drive; each gets `--threads` users; `--url` counts as one more");

  private static final OptionSpec URL =
      OptionSpec.value(
              "url",
              "URL",
              Type.TEXT,
              "JDBC URL, e.g. jdbc:postgresql://host:5432/ds2 or jdbc:mariadb://host:3306/ds2"
                  + " (default: the embedded PostgreSQL)")
          .docs(
              "embedded PostgreSQL",
              "JDBC URL: `jdbc:postgresql://host:port/db`, `jdbc:mariadb://host:port/db` (or"
                  + " `jdbc:mysql:`); it must name a host and a database (`jdbc:postgresql://` or"
                  + " `jdbc:postgresql:ds2` are refused, never completed to localhost)");

  private static final String DB_SIZE_HELP =
      "DS2 size: 10MB, 1GB, 100GB or e.g. 4GB (default " + DEFAULT_SIZE + ")";

  private static final OptionSpec DB_SIZE =
      OptionSpec.value("db-size", "SIZE", Type.TEXT, DB_SIZE_HELP)
          .defaultValue(DEFAULT_SIZE)
          .docs(
              "`" + DEFAULT_SIZE + "`",
              "DS2 size: `10MB` (S), `1GB` (M), `100GB` (L), or 1..1023 `MB`/`GB` by DS2's rule"
                  + " (e.g. `4GB`); also `S`, `M`, `L`");

  /** The database options of load, run, check and reset, after {@code --url}. */
  private static final OptionTable LOGIN_AND_SIZE =
      OptionTable.of(
          OptionSpec.value("user", "NAME", Type.TEXT, "database user (default: from the URL)")
              .docs("from the URL", "database user"),
          OptionSpec.value(
                  "password-file",
                  "FILE",
                  Type.PASSWORD_FILE,
                  "file holding the database password (default: env " + PASSWORD_ENV + ")")
              .env(PASSWORD_ENV)
              .docs(
                  "env `" + PASSWORD_ENV + "`",
                  "file whose first line is the password (never on the command line; masked in"
                      + " output)"),
          DB_SIZE,
          OptionSpec.value(
                  "data-dir",
                  "DIR",
                  Type.DIRECTORY,
                  "data directory of the embedded PostgreSQL (default ~/.loadlab/pg)")
              .docs(
                  "`~/.loadlab/pg`",
                  "data directory of the embedded PostgreSQL (kept between runs)"),
          OptionSpec.value(
                  "database",
                  "NAME",
                  Type.TEXT,
                  "database name in the embedded PostgreSQL (default " + DEFAULT_DATABASE + ")")
              .defaultValue(DEFAULT_DATABASE)
              .docs("`" + DEFAULT_DATABASE + "`", "database name inside the embedded PostgreSQL"));

  /** The options of {@code ds2 load}, {@code check} and {@code reset}: which database, its size. */
  static final OptionTable DATABASE = OptionTable.of(URL).plus(LOGIN_AND_SIZE);

  private static final OptionSpec SEED =
      OptionSpec.value("seed", "N", Type.NUMBER, "seed of the data generator (default 1)")
          .defaultValue("1");

  /** {@code ds2 load}'s own options, after {@link #DATABASE}. */
  static final OptionTable LOAD =
      OptionTable.of(
          OptionSpec.flag("fresh", "drop and reload (embedded: recreate the whole data directory)")
              .docs(
                  "off",
                  "drop and reload the DS2 tables; embedded: recreate the whole data directory"),
          SEED.docs("`1`", "seed of the data generator (same seed, same data)"),
          OptionSpec.value(
                  "load-threads",
                  "N",
                  Type.NUMBER,
                  "generating and loading threads (default: CPU count)")
              .docs("CPU count", "generating/loading threads, one connection each"));

  /** {@code ds2 generate}'s options. */
  static final OptionTable GENERATE =
      OptionTable.of(
          DB_SIZE.docs("`" + DEFAULT_SIZE + "`", "as above"),
          OptionSpec.value("out", "DIR", Type.OUTPUT, "directory for the CSV files (required)")
              .docs(
                  "required",
                  "directory for `<table>.csv`, `pg-create-tables.sql`, `pg-create-indexes.sql`"),
          SEED.docs("`1`", "generator seed"),
          OptionSpec.value(
                  "load-threads", "N", Type.NUMBER, "generating threads (default: CPU count)")
              .docs("CPU count", "generating threads"));

  /** {@code --run-time}: DS2's name for {@code --duration}, and its default. */
  static final OptionSpec RUN_TIME =
      OptionSpec.value(
              "run-time",
              "TIME",
              Type.DURATION,
              "DS2's name for --duration: how long to measure (default 1m)")
          .defaultValue("1m")
          .docs(
              "`1m`",
              "measured time after the warmup; DS2's name for `--duration` (give one of them); `0`"
                  + " = until Ctrl-C");

  /** The shared {@code --warmup} as {@code ds2 run} takes it. */
  static final OptionSpec WARMUP =
      SharedOptions.RUN
          .require("warmup")
          .docs(
              "`0s`",
              "run first, then reset the counters; left out of the totals (DS2 `warmup_time`,"
                  + " default 1 min there)");

  /** The shared {@code --interval} as {@code ds2 run} takes it: DS2's 10 s by default. */
  static final OptionSpec INTERVAL =
      SharedOptions.RUN
          .require("interval")
          .defaultValue(Ds2RunSettings.DEFAULT_INTERVAL)
          .docs("`" + Ds2RunSettings.DEFAULT_INTERVAL + "`", "progress line and result interval");

  /** {@code ds2 run}'s own options, after {@link #TARGET} and {@link #DATABASE}. */
  static final OptionTable RUN =
      OptionTable.of(
          OptionSpec.value(
                  "threads", "N", Type.NUMBER, "users (connections) per target (default 1)")
              .defaultValue("1")
              .docs(
                  "`1`",
                  "users (connections, threads) per target, 1..100000 (DS2 `n_threads`); refused"
                      + " before the start beyond this machine's file descriptors, ports or"
                      + " threads, or the database's `max_connections` (the embedded PostgreSQL"
                      + " starts with `max_connections` of at least `--threads` + 20)"),
          OptionSpec.value(
                  "ramp-rate", "N", Type.NUMBER, "users started per second per target (default 10)")
              .defaultValue("10")
              .docs("`10`", "users started per second per target (DS2 `ramp_rate`)"),
          RUN_TIME,
          OptionSpec.value(
                  "think-time",
                  "TIME",
                  Type.DURATION,
                  "average pause after each order, e.g. 0, 500ms (default 0)")
              .defaultValue("0")
              .docs("`0`", "average pause after each order, drawn from 0..2x (DS2 `think_time`)"),
          OptionSpec.value(
                  "pct-newcustomers",
                  "PCT",
                  Type.NUMBER,
                  "percent of orders by new customers (default 20)")
              .defaultValue("20")
              .docs("`20`", "percent of orders that register a new customer instead of logging in"),
          OptionSpec.value("n-searches", "N", Type.NUMBER, "average searches per order (default 3)")
              .defaultValue("3")
              .docs("`3`", "average searches per order (uniform 1..2N-1)"),
          OptionSpec.value(
                  "search-batch-size", "N", Type.NUMBER, "average rows per search (default 5)")
              .defaultValue("5")
              .docs("`5`", "average rows per search (uniform 1..2N-1)"),
          OptionSpec.value("n-line-items", "N", Type.NUMBER, "average items per order (default 5)")
              .defaultValue("5")
              .docs("`5`", "average items per purchase, 1..5 (uniform 1..2N-1, at most 10)"),
          OptionSpec.flag(
                  "ds2-compat-title-search",
                  "search titles in the ACTOR column, as DS2's PostgreSQL functions do")
              .docs("off", "search titles in the ACTOR column as DS2's PostgreSQL functions do"),
          OptionSpec.flag("no-size-check", "run even if the database does not match --db-size")
              .docs("off", "run even if the database does not match `--db-size`"),
          OptionSpec.flag(
                  "load", "load the embedded database first if it does not hold --db-size yet")
              .docs("off", "embedded only: load `--db-size` first unless it is loaded"),
          OptionSpec.value(
                  "seed", "N", Type.NUMBER, "seed of the users' random choices (default 1)")
              .defaultValue("1")
              .docs("`1`", "seed of the users' random choices"),
          OptionSpec.value(
                  "user-threads",
                  "KIND",
                  Type.TEXT,
                  "auto, platform or virtual: what each user runs on (default auto: virtual on Java"
                      + " 24+)")
              .defaultValue("auto")
              .docs(
                  "`auto`",
                  "what each user runs on: `platform` (one kernel thread per user), `virtual`"
                      + " (Java 21+: a few carrier threads serve all users, about 30% less client"
                      + " CPU per order with dozens of users on few cores), `auto` = `virtual` on"
                      + " Java 24 and newer (no pinning), else `platform`. Recorded in the"
                      + " result's parameters (`user threads`). `virtual` on Java 17 is refused"
                      + " with exit code 2"),
          OptionSpec.value(
                  "mode",
                  "MODE",
                  Type.TEXT,
                  "auto, statements or functions: how each step is sent (default auto: functions"
                      + " on PostgreSQL, statements elsewhere)")
              .defaultValue("auto")
              .docs(
                  "`auto`",
                  "how each step reaches the database: `functions` (one call of loadlab's own"
                      + " PL/pgSQL function per step, one round trip each, as DVD Store's driver"
                      + " calls DVD Store's; PostgreSQL only; `ds2 load` creates the functions,"
                      + " and `run` creates them where they are missing), `statements` (plain"
                      + " prepared statements: a purchase is a pipelined statement list and a"
                      + " COMMIT), `auto` = `functions` on PostgreSQL, `statements` on"
                      + " MySQL/MariaDB. Both give the same rows and figures. Recorded in the"
                      + " result's parameters and config (`mode`). `functions` against"
                      + " MySQL/MariaDB is refused with exit code 2"));

  /** {@code ds2 run}'s options: the databases to drive, then its own. */
  static final OptionTable RUN_ALL = OptionTable.of(TARGET).plus(DATABASE).plus(RUN);

  /** The option tables of docs/configuration.md that these describe, by their heading. */
  static Map<String, OptionTable> docsSections() {
    List<OptionSpec> run = new ArrayList<>();
    for (OptionSpec s : RUN.specs()) {
      run.add(s);
      if (s == RUN_TIME) {
        // The shared options with ds2 run's defaults, as its section lists them.
        run.add(WARMUP);
        run.add(INTERVAL);
      }
    }
    Map<String, OptionTable> out = new LinkedHashMap<>();
    out.put(
        "### Database (load, run, check, reset)", OptionTable.of(URL, TARGET).plus(LOGIN_AND_SIZE));
    out.put("### ds2 load", LOAD);
    out.put("### ds2 run", OptionTable.of(run));
    out.put("### ds2 generate", GENERATE);
    return out;
  }
}
