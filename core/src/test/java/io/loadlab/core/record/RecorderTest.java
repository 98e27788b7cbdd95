package io.loadlab.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class RecorderTest {

  @Test
  void sameNameGivesSameOperation() {
    Recorder r = new Recorder();
    assertSame(r.operation("rr"), r.operation("rr"));
  }

  @Test
  @Timeout(10)
  void concurrentRecordingLosesNothingAcrossSnapshots() throws Exception {
    Recorder r = new Recorder();
    OperationRecorder op = r.operation("rr");
    int threads = 4;
    int perThread = 50_000;
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread w =
          new Thread(
              () -> {
                for (int i = 0; i < perThread; i++) {
                  if (i % 100 == 0) {
                    op.failure(1_000, "timeout");
                  } else {
                    op.success(10_000 + i, 2, 3);
                  }
                }
              });
      workers.add(w);
      w.start();
    }
    long count = 0;
    long histogramCount = 0;
    long errors = 0;
    long sent = 0;
    while (workers.stream().anyMatch(Thread::isAlive)) {
      for (OperationSnapshot s : r.snapshot()) {
        // Each interval's count and histogram agree, not only their sums (an hlog of the measured
        // intervals holds exactly the successes the totals count).
        assertEquals(s.count() - s.errors(), s.latencyNanos().getTotalCount(), "one interval");
        count += s.count();
        errors += s.errors();
        sent += s.bytesSent();
        histogramCount += s.latencyNanos().getTotalCount();
      }
    }
    for (Thread w : workers) {
      w.join();
    }
    for (OperationSnapshot s : r.snapshot()) {
      count += s.count();
      errors += s.errors();
      sent += s.bytesSent();
      histogramCount += s.latencyNanos().getTotalCount();
    }
    assertEquals(threads * perThread, count);
    assertEquals(threads * perThread / 100, errors);
    assertEquals(count - errors, histogramCount, "the histogram holds successes only");
    assertEquals(2L * (count - errors), sent);
  }

  @Test
  void snapshotResetsAndKeepsErrorKinds() {
    Recorder r = new Recorder();
    OperationRecorder op = r.operation("purchase");
    op.failure(5, "40001");
    op.failure(5, "40001");
    op.failure(5, "08006");
    OperationSnapshot first = r.snapshot().get(0);
    assertEquals(2L, first.errorKinds().get("40001"));
    assertEquals(1L, first.errorKinds().get("08006"));
    OperationSnapshot second = r.snapshot().get(0);
    assertTrue(second.isEmpty());
    assertTrue(second.errorKinds().isEmpty());
  }

  @Test
  void histogramsGivenBackAreReusedAndClearedFirst() {
    Recorder r = new Recorder();
    OperationRecorder op = r.operation("rr");
    java.util.Set<org.HdrHistogram.Histogram> used =
        java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    for (int i = 1; i <= 10; i++) {
      for (int k = 0; k < i; k++) {
        op.success(1_000L * i);
      }
      List<OperationSnapshot> s = r.snapshot();
      org.HdrHistogram.Histogram h = s.get(0).latencyNanos();
      assertEquals(i, h.getTotalCount(), "interval " + i + " holds its own samples only");
      assertEquals(1_000L * i, h.getMinValue(), i, "interval " + i);
      used.add(h);
      r.giveBack(s);
      r.giveBack(s); // twice by mistake: kept once
    }
    assertTrue(used.size() <= 3, used.size() + " histograms for 10 intervals");
  }

  @Test
  void aHistogramGivenBackToTheWrongRecorderIsReplaced() {
    Recorder a = new Recorder();
    Recorder b = new Recorder();
    a.operation("rr").success(1);
    b.giveBack(a.snapshot()); // same operation name, another recorder's histogram
    b.operation("rr").success(3);
    OperationSnapshot s = b.snapshot().get(0);
    assertEquals(1, s.latencyNanos().getTotalCount());
    assertEquals(3, s.latencyNanos().getMaxValue());
  }

  @Test
  void sampleListenerSeesEverySample() {
    Recorder r = new Recorder();
    AtomicInteger seen = new AtomicInteger();
    r.setSampleListener((o, l, c, ok, code, s, rc, u) -> seen.incrementAndGet());
    r.operation("a").success(1);
    r.operation("a").failure(1, "x");
    assertEquals(2, seen.get());
  }

  @Test
  void negativeAndHugeLatenciesAreClampedNotThrown() {
    Recorder r = new Recorder();
    r.operation("a").success(-5);
    r.operation("a").success(Long.MAX_VALUE);
    assertEquals(2, r.snapshot().get(0).latencyNanos().getTotalCount());
  }
}
