package io.loadlab.core.amqp;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.StandardDeviation;

/** Mean and standard deviation of per-client rates, as qpid-perftest prints them. */
final class Stats {
  private Stats() {}

  /** The mean; 0 for no values. */
  static double mean(double[] v) {
    return v.length == 0 ? 0 : Mean.of(v).getAsDouble();
  }

  /** The population standard deviation; 0 for fewer than two values. */
  static double stdDev(double[] v) {
    return v.length < 2 ? 0 : StandardDeviation.of(v).setBiased(true).getAsDouble();
  }
}
