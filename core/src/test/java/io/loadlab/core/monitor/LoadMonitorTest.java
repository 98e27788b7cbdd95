package io.loadlab.core.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.results.GeneratorLoad;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class LoadMonitorTest {
  private static long stallThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().equals("loadlab-stall-watch"))
        .count();
  }

  @Test
  void closeStopsTheStallThreadAndTheFiguresStay() throws Exception {
    long before = stallThreads();
    LoadMonitor m = LoadMonitor.start();
    assertTrue(m.isWatching());
    assertEquals(before + 1, stallThreads());
    Thread.sleep(100);
    GeneratorLoad i = m.interval();
    m.addMeasured(i);
    m.close();
    assertFalse(m.isWatching(), "the stall watch's thread ended");
    assertEquals(before, stallThreads());
    m.close(); // twice is harmless
    GeneratorLoad w = m.measured();
    assertNotNull(w);
    assertEquals(i.seconds(), w.seconds(), 1e-3);
    assertNotNull(w.stallMaxMs(), "the sleeping thread woke several times");
  }

  @Test
  void measuresProcessAndHostCpuOfTheIntervalAndAddsOnlyMeasuredOnes() throws Exception {
    try (LoadMonitor m = LoadMonitor.start()) {
      assertNull(m.measured(), "nothing measured yet");
      long before = System.nanoTime();
      m.interval(); // not measured: left out of the window
      // Busy for 300 ms of this thread's own CPU time, however long a busy machine takes to give
      // it.
      java.lang.management.ThreadMXBean threads =
          java.lang.management.ManagementFactory.getThreadMXBean();
      long cpuStart = threads.getCurrentThreadCpuTime();
      long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      long x = 0;
      while (threads.getCurrentThreadCpuTime() - cpuStart < TimeUnit.MILLISECONDS.toNanos(300)
          && System.nanoTime() < giveUp) {
        for (int i = 0; i < 10_000; i++) {
          x += x ^ (x >>> 3) + 1;
        }
      }
      long threadCpu = threads.getCurrentThreadCpuTime() - cpuStart;
      GeneratorLoad busy = m.interval();
      long after = System.nanoTime();
      assertTrue(x != 42);
      assertNotNull(busy.processCpuPercent());
      // The process's CPU in the interval is at least this thread's, over at most the time between
      // the clock readings around the two intervals' ends.
      double threadPercent = 100.0 * threadCpu / (after - before) / busy.cpus();
      assertTrue(
          busy.processCpuPercent() >= threadPercent * 0.8,
          "a busy thread shows: process "
              + busy.processCpuPercent()
              + "%, the thread alone "
              + threadPercent
              + "%");
      if (System.getProperty("os.name").startsWith("Linux")) {
        assertNotNull(busy.hostCpuPercent(), "host CPU from /proc");
        assertTrue(busy.hostCpuPercent() > 0 && busy.hostCpuPercent() <= 100, busy.toString());
        assertNotNull(busy.loadAverage());
      }
      m.addMeasured(busy);
      GeneratorLoad w = m.measured();
      assertEquals(busy.seconds(), w.seconds(), 1e-3);
      assertEquals(busy.processCpuPercent(), w.processCpuPercent(), 0.2);
    }
  }

  @Test
  void countsGarbageCollectionPauses() throws Exception {
    try (GcPauses pauses = GcPauses.start()) {
      System.gc(); // a full collection: a pause on every collector this JVM may run
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      GcPauses.Sum sum = pauses.take();
      while (sum.count() == 0 && System.nanoTime() < end) {
        Thread.sleep(20);
        sum = pauses.take();
      }
      assertTrue(sum.count() >= 1, "the collection's notification arrived");
      assertTrue(sum.maxMs() <= sum.totalMs());
      assertEquals(0, pauses.take().count(), "taken once");
    }
  }

  @Test
  void concurrentCycleBeansAreNotPauses() {
    assertTrue(GcPauses.isConcurrent("G1 Concurrent GC"));
    assertTrue(GcPauses.isConcurrent("ZGC Cycles"));
    assertTrue(GcPauses.isConcurrent("Shenandoah Cycles"));
    assertFalse(GcPauses.isConcurrent("G1 Young Generation"));
    assertFalse(GcPauses.isConcurrent("ZGC Pauses"));
    assertFalse(GcPauses.isConcurrent("PS MarkSweep"));
  }
}
