package io.loadlab.core.ds2.workload;

import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.database.SqlDialect;
import io.loadlab.core.ds2.Ds2Mode;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.Ds2WorkloadMix;
import io.loadlab.core.failure.UsageException;
import java.time.Duration;
import java.util.List;

/**
 * How a DS2 run drives its databases.
 *
 * @param targets the databases (instances); each gets {@code threads} users
 * @param threads users (connections, threads) per target, DS2's {@code n_threads}
 * @param rampRate users started per second per target, DS2's {@code ramp_rate}
 * @param thinkTime average pause after each order (drawn uniformly from 0 to twice this)
 * @param mix what each user session does
 * @param size the loaded database size, from which customer and product ids are drawn
 * @param compatTitleSearch search titles in the actor column as DS2's PostgreSQL functions do
 * @param checkSize refuse to run against a database that does not match {@code size}
 * @param seed seed of the users' random streams
 * @param userThreads the kind of thread each user runs on
 * @param mode how the steps are sent: statements, or loadlab's functions (PostgreSQL); {@link
 *     Ds2Mode#AUTO} picks functions on PostgreSQL targets and statements on the others
 */
public record Ds2RunSettings(
    List<DatabaseTarget> targets,
    int threads,
    double rampRate,
    Duration thinkTime,
    Ds2WorkloadMix mix,
    Ds2Size size,
    boolean compatTitleSearch,
    boolean checkSize,
    long seed,
    Ds2UserThreads userThreads,
    Ds2Mode mode) {
  /**
   * The most users per target: what the machine and the database take is checked when the run
   * starts (file descriptors, ports, threads, the database's max_connections).
   */
  public static final int MAX_THREADS = 100_000;

  /** A run's reporting interval by default: DS2's own 10 seconds. */
  public static final String DEFAULT_INTERVAL = "10s";

  public Ds2RunSettings {
    if (targets.isEmpty()) {
      throw new UsageException("--target: name at least one database");
    }
    checkLoad(threads, rampRate);
    userThreads = userThreads.check("user-threads");
    targets = List.copyOf(targets);
    if (mode == Ds2Mode.FUNCTIONS) {
      for (DatabaseTarget t : targets) {
        if (t.dialect() != SqlDialect.POSTGRESQL) {
          throw new UsageException(
              "--mode: functions exist for PostgreSQL only and "
                  + t.displayUrl()
                  + " is not; use --mode statements (or auto: functions where PostgreSQL)");
        }
      }
    }
  }

  /** The mode on {@code target}: functions or statements. */
  public Ds2Mode modeOf(DatabaseTarget target) {
    return mode.on(target.dialect() == SqlDialect.POSTGRESQL);
  }

  /**
   * The modes in use, as the results record them: {@code functions}, {@code statements}, or both
   * with the targets' kinds when they differ.
   */
  public String modeLabel() {
    List<Ds2Mode> modes = targets.stream().map(this::modeOf).distinct().toList();
    return modes.size() == 1
        ? modes.get(0).label()
        : "functions (PostgreSQL targets), statements (the others)";
  }

  /**
   * Checks the user count and ramp rate alone, so a front-end can refuse them before it starts or
   * opens any database.
   */
  public static void checkLoad(int threads, double rampRate) {
    if (threads < 1 || threads > MAX_THREADS) {
      throw new UsageException(
          "--threads: " + threads + " is out of range; use 1 to " + MAX_THREADS);
    }
    if (!(rampRate > 0)) {
      throw new UsageException("--ramp-rate: " + rampRate + " must be more than 0 users/s");
    }
  }
}
