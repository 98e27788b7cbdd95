package io.loadlab.core.run;

import static io.loadlab.core.results.LatencySummaryTest.reference;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.record.OperationRecorder;
import io.loadlab.core.record.OperationSnapshot;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunResult;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The figures of a run, interval by interval and in total, and the histograms sinks see, against a
 * straightforward computation from the recorded values: the bookkeeping's shortcuts (histograms
 * reused rather than copied, one walk for all percentiles, idle operations skipped) change none.
 */
@Timeout(20)
class IntervalFiguresTest {
  private static final long HOUR = TimeUnit.HOURS.toNanos(1);
  private static final int INTERVALS = 8;

  /** What a sink saw of one operation in one interval, copied during the call. */
  private record Seen(Histogram histogram, byte[] encoded, Histogram instance) {}

  @Test
  void figuresAndHistogramsAreThoseOfAStraightforwardComputation() throws Exception {
    Recorder r = new Recorder();
    OperationRecorder steady = r.operation("steady");
    OperationRecorder bursty = r.operation("bursty"); // idle in every other interval
    OperationRecorder late = r.operation("late"); // idle until interval 4
    List<Map<String, Seen>> seen = new ArrayList<>();
    List<Map<String, OperationStats>> soFar = new ArrayList<>();
    List<Map<String, LatencySummary>> totalsSoFar = new ArrayList<>();
    ResultSink sink =
        new ResultSink() {
          @Override
          public void interval(IntervalReport report) {
            Map<String, Seen> ops = new LinkedHashMap<>();
            for (OperationSnapshot s : report.snapshots()) {
              Histogram h = s.latencyNanos();
              ops.put(s.operation(), new Seen(h.copy(), encode(h), h));
            }
            seen.add(ops);
            soFar.add(report.resultSoFar().get().totals()); // as result.json is rewritten
          }
        };
    Random random = new Random(11);
    List<Map<String, Histogram>> expected = new ArrayList<>();
    Map<String, Histogram> totals = new LinkedHashMap<>();
    RunResult result;
    try (RunRecording rec = RunRecordingTest.manual(r, List.of(sink))) {
      rec.beginPhase(null, false);
      for (int i = 1; i <= INTERVALS; i++) {
        Map<String, Histogram> interval = new LinkedHashMap<>();
        record(steady, 2_000, random, interval);
        if (i % 2 == 1) {
          record(bursty, 300, random, interval);
        }
        if (i >= 4) {
          record(late, 50, random, interval);
        }
        interval.forEach((op, h) -> totals.computeIfAbsent(op, k -> new Histogram(HOUR, 3)).add(h));
        expected.add(interval);
        Map<String, LatencySummary> summaries = new LinkedHashMap<>();
        totals.forEach((op, h) -> summaries.put(op, reference(h)));
        totalsSoFar.add(summaries);
        rec.cut();
      }
      result = rec.finish(new RunControl());
    }

    assertEquals(INTERVALS, result.intervals().size());
    for (int i = 0; i < INTERVALS; i++) {
      IntervalSample sample = result.intervals().get(i);
      Map<String, Histogram> want = expected.get(i);
      for (String op : List.of("steady", "bursty", "late")) {
        OperationStats stats = sample.operations().get(op);
        Histogram h = want.get(op);
        String where = op + " in interval " + (i + 1);
        if (h == null) {
          // Idle: a row at rate zero once the operation was seen in the phase, none before.
          if (op.equals("late")) {
            assertNull(stats, where);
          } else {
            assertEquals(0, stats.count(), where);
            assertEquals(LatencySummary.EMPTY, stats.latencyUs(), where);
          }
          assertNull(seen.get(i).get(op), where + ": no histogram for the hlog");
          continue;
        }
        assertEquals(h.getTotalCount(), stats.count(), where);
        assertEquals(reference(h), stats.latencyUs(), where);
        Seen s = seen.get(i).get(op);
        assertEquals(h, s.histogram(), where + ": the histogram the sinks saw");
        assertArrayEquals(encode(h), s.encoded(), where + ": the hlog's encoding");
      }
      int interval = i + 1;
      totalsSoFar
          .get(i)
          .forEach(
              (op, summary) ->
                  assertEquals(
                      summary,
                      soFar.get(interval - 1).get(op).latencyUs(),
                      op + " in the totals so far after interval " + interval));
    }
    totals.forEach(
        (op, h) -> {
          OperationStats t = result.totals().get(op);
          assertEquals(h.getTotalCount(), t.count(), op);
          assertEquals(reference(h), t.latencyUs(), op + " in total");
        });

    // The shortcut this test guards: the histograms sinks see are reused, not copied per interval.
    Set<Histogram> instances = Collections.newSetFromMap(new IdentityHashMap<>());
    seen.forEach(ops -> instances.add(ops.get("steady").instance()));
    assertTrue(instances.size() <= 3, instances.size() + " histograms for 8 intervals");
  }

  @Test
  void aSlowSinksHistogramsAreNotReusedWhileItReadsThem() throws Exception {
    Recorder r = new Recorder();
    OperationRecorder op = r.operation("rr");
    CountDownLatch reading = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    List<Histogram> seen = new CopyOnWriteArrayList<>();
    ResultSink slow =
        new ResultSink() {
          @Override
          public void interval(IntervalReport report) throws java.io.IOException {
            if (seen.isEmpty()) {
              reading.countDown();
              try {
                release.await(); // the driver cuts the next interval meanwhile
              } catch (InterruptedException e) {
                throw new java.io.InterruptedIOException();
              }
            }
            seen.add(report.snapshots().get(0).latencyNanos().copy());
          }
        };
    try (RunRecording rec = RunRecordingTest.manual(r, List.of(slow))) {
      rec.beginPhase("a", false);
      for (int i = 0; i < 100; i++) {
        op.success(1_000);
      }
      rec.beginPhase("b", false); // phase a's interval goes to the sink on the ticker's thread
      reading.await();
      for (int i = 0; i < 50; i++) {
        op.success(9_000_000);
      }
      rec.beginPhase("c", false); // a snapshot while the sink still reads phase a's
      release.countDown();
      rec.finish(new RunControl());
    }
    assertEquals(2, seen.size());
    assertEquals(100, seen.get(0).getTotalCount(), "phase a's histogram as it was");
    assertEquals(1_000, seen.get(0).getMaxValue(), 1);
    assertEquals(50, seen.get(1).getTotalCount());
  }

  private static void record(
      OperationRecorder op, int samples, Random random, Map<String, Histogram> interval) {
    Histogram h = interval.computeIfAbsent(op.name(), k -> new Histogram(HOUR, 3));
    for (int i = 0; i < samples; i++) {
      long v = (long) Math.exp(11 + random.nextGaussian());
      if (random.nextInt(500) == 0) {
        v *= 1_000;
      }
      op.success(v);
      h.recordValue(v);
    }
  }

  private static byte[] encode(Histogram h) {
    ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int n = h.encodeIntoCompressedByteBuffer(buffer, 9);
    return Arrays.copyOf(buffer.array(), n);
  }
}
