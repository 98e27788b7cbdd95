package io.loadlab.core.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CpuReadingTest {
  @Test
  void busyTicksLeaveOutIdleAndIowait() {
    // user nice system idle iowait irq softirq steal guest guest_nice
    assertEquals(1 + 2 + 3 + 6 + 7 + 8, CpuReading.parseBusyTicks("cpu  1 2 3 4 5 6 7 8 9 10"));
  }

  @Test
  void processCpuAdvancesWithWork() {
    CpuReading start = CpuReading.now();
    long x = 0;
    for (int i = 0; i < 50_000_000; i++) {
      x += i ^ (x >>> 3);
    }
    CpuUsage used = CpuReading.now().since(start);
    assertTrue(x != 42);
    assertTrue(used.processCpuNanos() > 0, "process CPU measured");
    assertTrue(used.wallNanos() > 0);
  }

  @Test
  void perOpIsNullWhenUnmeasured() {
    assertNull(CpuUsage.perOp(-1, 10));
    assertNull(CpuUsage.perOp(100, 0));
    assertEquals(2.5, CpuUsage.perOp(25_000, 10));
  }
}
