package io.loadlab.core.results;

/**
 * The names of figures a run works out from an operation's totals (its rate, its CPU) rather than
 * measures: netperf's latency and service demand, which the net workload records. Kept in core so
 * that views of several runs (comparisons) can tell them apart without naming a workload.
 */
public final class DerivedFigures {
  /** users ÷ transaction rate × 10^6: netperf's latency, in µs. */
  public static final String NETPERF_LATENCY = "netperfLatencyUs";

  /** Client host CPU µs per MB (10^6 bytes) moved: netperf's service demand. */
  public static final String CPU_PER_MB = "cpuUsPerMB";

  private DerivedFigures() {}

  /** True for a derived figure's name (without its sweep point, such as {@code users=2}). */
  public static boolean isDerived(String name) {
    return name.equals(NETPERF_LATENCY) || name.equals(CPU_PER_MB);
  }
}
