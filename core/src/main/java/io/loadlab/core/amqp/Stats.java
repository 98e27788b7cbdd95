package io.loadlab.core.amqp;

/** Mean and standard deviation of per-client rates, as qpid-perftest prints them. */
final class Stats {
  private Stats() {}

  static double mean(double[] v) {
    if (v.length == 0) {
      return 0;
    }
    double sum = 0;
    for (double x : v) {
      sum += x;
    }
    return sum / v.length;
  }

  /** The population standard deviation; 0 for fewer than two values. */
  static double stdDev(double[] v) {
    if (v.length < 2) {
      return 0;
    }
    double m = mean(v);
    double sq = 0;
    for (double x : v) {
      sq += (x - m) * (x - m);
    }
    return Math.sqrt(sq / v.length);
  }
}
