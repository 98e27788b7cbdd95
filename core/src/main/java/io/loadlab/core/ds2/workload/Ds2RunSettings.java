package io.loadlab.core.ds2.workload;

import io.loadlab.core.database.DatabaseTarget;
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
    Ds2UserThreads userThreads) {
  public Ds2RunSettings {
    if (targets.isEmpty()) {
      throw new UsageException("--target: name at least one database");
    }
    checkLoad(threads, rampRate);
    userThreads = userThreads.check("user-threads");
    targets = List.copyOf(targets);
  }

  /**
   * Checks the user count and ramp rate alone, so a front-end can refuse them before it starts or
   * opens any database.
   */
  public static void checkLoad(int threads, double rampRate) {
    if (threads < 1 || threads > 1000) {
      throw new UsageException("--threads: " + threads + " is out of range; use 1 to 1000");
    }
    if (!(rampRate > 0)) {
      throw new UsageException("--ramp-rate: " + rampRate + " must be more than 0 users/s");
    }
  }
}
