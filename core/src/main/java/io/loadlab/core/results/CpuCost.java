package io.loadlab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * CPU time spent per operation in microseconds, measured three ways as the z/VM network reports
 * tabulate it: by the client process, by the whole client host (from /proc/stat), and by the server
 * process (reported back by the server). Each is {@code null} where it was not measured.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CpuCost(Double clientUsPerOp, Double hostUsPerOp, Double serverUsPerOp) {

  /** The client host's CPU per operation, else the client process's; null if neither. */
  public static Double hostElseClient(CpuCost c) {
    if (c == null) {
      return null;
    }
    return c.hostUsPerOp() != null ? c.hostUsPerOp() : c.clientUsPerOp();
  }

  /**
   * CPU per MB (10^6 bytes) moved, netperf's service demand, from CPU per operation and the bytes
   * each operation of {@code s} moved (bytes/s ÷ operations/s); null if either is unknown or
   * nothing moved.
   */
  public static Double perMB(Double usPerOp, OperationStats s) {
    if (usPerOp == null || s == null || !(s.ratePerSec() > 0) || !(s.bytesPerSec() > 0)) {
      return null;
    }
    return usPerOp * s.ratePerSec() / s.bytesPerSec() * 1e6;
  }
}
