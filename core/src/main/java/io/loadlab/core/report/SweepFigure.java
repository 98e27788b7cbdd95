package io.loadlab.core.report;

import java.util.List;

/**
 * One figure of an experiment, as the seeds draw it: a metric (such as transfers/s) at each point
 * of a sweep (message size, users, MTU) for each configuration (bare metal, bridged, SR-IOV), with
 * the values of every iteration.
 *
 * @param id a name unique in the report
 * @param title what is shown, such as {@code throughput: msgPerSec}
 * @param pointName the sweep's name, such as {@code size}; null for a step without a sweep (one
 *     point), whose charts draw a bar per configuration instead
 * @param lowerIsBetter true for latency, CPU and errors
 * @param points the sweep's points, in order
 * @param configurations the configurations, the baseline first
 * @param reported each configuration's reported value at each point ({@code
 *     [configuration][point]}, NaN where none)
 * @param iterations each configuration's iteration values at each point ({@code
 *     [configuration][point][iteration]})
 * @param failed each configuration's failed runs at each point
 * @param clients the machines of a step that ran on several at once (its clients, in order), or
 *     empty
 * @param perClient each client's value at each configuration and point ({@code
 *     [configuration][point][client]}, NaN where none), or null without clients
 * @param warned each configuration's finished runs at each point that warned (a saturated load
 *     generator: their figures may describe the client), or null if none did
 * @param configurationLabels each configuration's label on a chart's axis (its attributes, such as
 *     {@code method=sriov, MTU=9000}), or null for the configurations' names
 */
public record SweepFigure(
    String id,
    String title,
    String pointName,
    boolean lowerIsBetter,
    List<String> points,
    List<String> configurations,
    double[][] reported,
    double[][][] iterations,
    int[][] failed,
    List<String> clients,
    double[][][] perClient,
    int[][] warned,
    List<String> configurationLabels) {

  /** A figure of runs on one machine each. */
  public SweepFigure(
      String id,
      String title,
      String pointName,
      boolean lowerIsBetter,
      List<String> points,
      List<String> configurations,
      double[][] reported,
      double[][][] iterations,
      int[][] failed) {
    this(
        id,
        title,
        pointName,
        lowerIsBetter,
        points,
        configurations,
        reported,
        iterations,
        failed,
        List.of(),
        null,
        null,
        null);
  }

  /** True if smaller is better for a figure of that name: latencies, CPU cost, errors. */
  public static boolean lowerIsBetter(String figure) {
    return figure.endsWith("Us")
        || figure.startsWith("cpu")
        || figure.equals("errors")
        || figure.toLowerCase(java.util.Locale.ROOT).contains("latency");
  }

  /** True if the figure is over a sweep; false for a step without one (a single point). */
  public boolean swept() {
    return pointName != null;
  }

  /** Configuration {@code c}'s label on a chart's axis. */
  public String configurationLabel(int c) {
    return configurationLabels == null ? configurations.get(c) : configurationLabels.get(c);
  }

  /** How many of a cell's finished runs warned. */
  public int warnedAt(int configuration, int point) {
    return warned == null ? 0 : warned[configuration][point];
  }

  /** True if some cell has runs that warned. */
  public boolean anyWarned() {
    for (int c = 0; warned != null && c < warned.length; c++) {
      for (int n : warned[c]) {
        if (n > 0) {
          return true;
        }
      }
    }
    return false;
  }

  /** True if the runs were made of several clients whose values are known. */
  public boolean hasClients() {
    return clients.size() > 1 && perClient != null;
  }

  /**
   * True if the clients' values add up to the run's (rates, transfers, orders), so they stack;
   * false for latency, CPU and the like, where the run's value is not their sum.
   */
  public boolean clientsAdd() {
    return !lowerIsBetter;
  }
}
