package io.loadlab.core.cpu;

/**
 * CPU spent over a stretch of wall-clock time, in nanoseconds; -1 where it could not be measured.
 */
public record CpuUsage(long processCpuNanos, long hostBusyNanos, long wallNanos) {

  /** Process CPU per operation in microseconds, or {@code null} if unmeasured or no operation. */
  public Double processUsPerOp(long operations) {
    return perOp(processCpuNanos, operations);
  }

  /** Host CPU per operation in microseconds, or {@code null} if unmeasured or no operation. */
  public Double hostUsPerOp(long operations) {
    return perOp(hostBusyNanos, operations);
  }

  /** CPU nanoseconds per operation as microseconds, or {@code null}. */
  public static Double perOp(long cpuNanos, long operations) {
    if (cpuNanos < 0 || operations <= 0) {
      return null;
    }
    return Math.round(cpuNanos / 1_000.0 / operations * 1_000.0) / 1_000.0;
  }
}
