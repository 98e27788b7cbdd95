package io.loadlab.core.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.results.GeneratorLoad;
import io.loadlab.core.results.Warning;
import java.util.List;
import org.junit.jupiter.api.Test;

class SaturationTest {
  private static GeneratorLoad load(
      double seconds, Double process, Double host, double gcMs, double gcMaxMs, Double stallMaxMs) {
    return new GeneratorLoad(seconds, 1, process, host, 1.5, gcMs, gcMaxMs, stallMaxMs, 2.0);
  }

  @Test
  void anIdleGeneratorGetsNoWarning() {
    assertEquals(List.of(), Saturation.judge(load(10, 30.0, 40.0, 20, 8, 3.0), 1));
    assertEquals(List.of(), Saturation.judge(null, 1));
  }

  @Test
  void aBusyHostNamesItsCpusAndTheProcessShare() {
    List<Warning> w = Saturation.judge(load(10, 48.0, 100.0, 0, 0, 240.0), 1);
    assertEquals(1, w.size());
    assertEquals("generator-saturated", w.get(0).kind());
    assertEquals(
        "load generator saturated: host CPU 100% on the 1 CPU it may use, process CPU 48%,"
            + " longest stall 240 ms; the figures may describe this client rather than the system"
            + " under test",
        w.get(0).message());
    assertEquals(100.0, w.get(0).figures().get("hostCpuPercent"));
    assertEquals(48.0, w.get(0).figures().get("processCpuPercent"));
    assertEquals(240.0, w.get(0).figures().get("stallMaxMs"));
    assertEquals(1.0, w.get(0).figures().get("hostCpus"));
  }

  @Test
  void eachThresholdWarnsAtItsValueAndNotJustBelow() {
    assertWarns(true, load(10, 90.0, 50.0, 0, 0, 1.0), "process CPU 90%");
    assertWarns(false, load(10, 89.9, 50.0, 0, 0, 1.0), null);
    assertWarns(true, load(10, 50.0, 95.0, 0, 0, 1.0), "host CPU 95%");
    assertWarns(false, load(10, 50.0, 94.9, 0, 0, 1.0), null);
    assertWarns(true, load(10, 50.0, 50.0, 0, 0, 100.0), "longest stall 100 ms");
    assertWarns(false, load(10, 50.0, 50.0, 0, 0, 99.0), null);
    assertWarns(true, load(10, 50.0, 50.0, 100, 100, 1.0), "longest GC pause 100 ms");
    // 500 ms of 10 s in pauses of 50 ms each: 5% of the time
    assertWarns(true, load(10, 50.0, 50.0, 500, 50, 1.0), "GC pauses 5% of the time");
    assertWarns(false, load(10, 50.0, 50.0, 499, 50, 1.0), null);
  }

  @Test
  void withoutHostFiguresTheProcessShareNamesItsCpus() {
    GeneratorLoad g = new GeneratorLoad(10, 2, 97.0, null, null, 0.0, 0.0, null, null);
    assertEquals(
        "load generator saturated: process CPU 97% of the 2 CPUs it may use; the figures may"
            + " describe this client rather than the system under test",
        Saturation.judge(g, null).get(0).message());
  }

  @Test
  void aWindowShorterThanTheMinimumIsNotJudged() {
    assertEquals(List.of(), Saturation.judge(load(1.9, 100.0, 100.0, 0, 0, 500.0), 1));
    assertEquals(1, Saturation.judge(load(2.0, 100.0, 100.0, 0, 0, 500.0), 1).size());
  }

  private static void assertWarns(boolean expected, GeneratorLoad g, String names) {
    List<Warning> w = Saturation.judge(g, 1);
    assertEquals(expected, !w.isEmpty(), String.valueOf(w));
    if (expected) {
      assertTrue(w.get(0).message().contains(names), w.get(0).message());
    }
  }
}
