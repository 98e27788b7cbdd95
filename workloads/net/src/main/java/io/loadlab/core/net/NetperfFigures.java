package io.loadlab.core.net;

import io.loadlab.core.results.CpuCost;
import io.loadlab.core.results.DerivedFigures;
import io.loadlab.core.run.RunRecording;

/**
 * The figures netperf reports that are not loadlab's own measurements, worked out from a point's
 * totals so that they agree with them: for rr and crr netperf's latency, the inverse of the
 * transaction rate of one user ({@code netperfLatencyUs}); for a stream netperf's service demand,
 * CPU per MB moved ({@code cpuUsPerMB}). Named {@code <figure> <point>}, such as {@code
 * netperfLatencyUs users=2}, as other workloads name a figure at a sweep point.
 */
public final class NetperfFigures {
  /** users ÷ transaction rate × 10^6: netperf's latency, in µs. */
  public static final String LATENCY = DerivedFigures.NETPERF_LATENCY;

  /** Client host CPU µs per MB (10^6 bytes) moved: netperf's service demand. */
  public static final String CPU_PER_MB = DerivedFigures.CPU_PER_MB;

  private NetperfFigures() {}

  /**
   * Registers the point's figures with the recording. Paced points ({@code --rate}) get no latency:
   * their rate is the target's, so users ÷ rate would say nothing about the system.
   */
  static void record(NetPoint point, boolean paced, String operation, RunRecording recording) {
    String at = point.operation().substring(point.workload().id().length());
    if (point.workload() == NetWorkload.STREAM) {
      recording.derivedFigure(
          CPU_PER_MB + at,
          operation,
          s -> orNaN(CpuCost.perMB(CpuCost.hostElseClient(s.cpu()), s)));
    } else if (!paced) {
      recording.derivedFigure(
          LATENCY + at, operation, s -> latencyUs(point.users(), s.ratePerSec()));
    }
  }

  /** users ÷ transactions per second × 10^6 µs; NaN for a rate that is not above zero. */
  public static double latencyUs(int users, double ratePerSec) {
    return ratePerSec > 0 ? users / ratePerSec * 1e6 : Double.NaN;
  }

  private static double orNaN(Double v) {
    return v == null ? Double.NaN : v;
  }
}
