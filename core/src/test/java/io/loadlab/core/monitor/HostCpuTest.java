package io.loadlab.core.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.loadlab.core.cpu.CpuTicks;
import java.util.List;
import org.junit.jupiter.api.Test;

class HostCpuTest {
  // user nice system idle iowait irq softirq steal guest guest_nice
  private static final List<String> STAT =
      List.of(
          "cpu  100 0 50 800 10 0 5 0 0 0",
          "cpu0 10 1 2 30 4 5 6 7 8 9",
          "cpu1 90 0 40 10 0 0 0 0 0 0",
          "cpu2 0 0 0 100 0 0 0 0 0 0",
          "cpu10 1 1 1 1 1 1 1 1 1 1");

  @Test
  void sumsTheAllowedCpusLinesLeavingOutIdleIowaitAndGuest() {
    CpuTicks t = HostCpu.sum(STAT, AllowedCpus.parse("0,10"));
    assertEquals((10 + 1 + 2 + 5 + 6 + 7) + 6, t.busy());
    assertEquals((10 + 1 + 2 + 30 + 4 + 5 + 6 + 7) + 8, t.total());
    CpuTicks one = HostCpu.sum(STAT, AllowedCpus.parse("1"));
    assertEquals(130.0 / 140 * 100, one.busyPercent(), 1e-9);
  }

  @Test
  void aMissingCpuLineMakesTheSumUnknownAndOfflineCpusAreLeftOut() {
    assertNull(HostCpu.sum(STAT, AllowedCpus.parse("0-3")));
    assertEquals("{0, 1, 2, 10}", HostCpu.online(STAT, AllowedCpus.parse("0-63")).toString());
    assertNull(HostCpu.online(STAT, AllowedCpus.parse("4-9")));
  }

  @Test
  void oldKernelsShortLinesParseAndGarbageDoesNot() {
    CpuTicks old = CpuTicks.parse("cpu1 5 0 5 90");
    assertEquals(10, old.busy());
    assertEquals(100, old.total());
    assertThrows(NumberFormatException.class, () -> CpuTicks.parse("cpu0 1 x 3"));
    assertThrows(IllegalArgumentException.class, () -> CpuTicks.parse("intr 1 2 3"));
  }

  @Test
  void ticksBetweenTwoReadings() {
    CpuTicks a = CpuTicks.parse("cpu3 10 0 10 80 0 0 0 0 0 0");
    CpuTicks b = CpuTicks.parse("cpu3 60 0 20 120 0 0 0 0 0 0");
    assertEquals(3, b.cpu());
    assertEquals(60.0, b.since(a).busyPercent(), 1e-9);
    assertNull(a.since(a).busyPercent());
  }
}
