package io.loadlab.core.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class CpuCostTest {
  private static OperationStats stream(double opsPerSec, double bytesPerSec, CpuCost cpu) {
    return new OperationStats(
        100, 0, 10, opsPerSec, bytesPerSec, 0, 0, LatencySummary.EMPTY, cpu, null, null);
  }

  @Test
  void perMegabyteIsCpuPerOperationOverTheMegabytesEachMoved() {
    // 710,000 µs per write of 20 MiB (20.97 MB): 33,855 µs per MB.
    OperationStats s = stream(2, 2 * 20_971_520.0, null);
    assertEquals(710_000 / 20.97152, CpuCost.perMB(710_000.0, s), 1e-6);
    // A 1 MB write that cost 710,000 µs of CPU is 710,000 µs per MB.
    assertEquals(710_000.0, CpuCost.perMB(710_000.0, stream(50, 50e6, null)), 1e-6);
  }

  @Test
  void unknownCpuOrNothingMovedHasNoFigure() {
    assertNull(CpuCost.perMB(null, stream(1, 1e6, null)));
    assertNull(CpuCost.perMB(5.0, stream(0, 0, null)));
    assertNull(CpuCost.perMB(5.0, stream(10, 0, null)));
  }

  @Test
  void theHostsCpuIsTakenWhereMeasuredElseTheProcesss() {
    assertEquals(3.0, CpuCost.hostElseClient(new CpuCost(1.0, 3.0, 2.0)));
    assertEquals(1.0, CpuCost.hostElseClient(new CpuCost(1.0, null, 2.0)));
    assertNull(CpuCost.hostElseClient(null));
  }
}
