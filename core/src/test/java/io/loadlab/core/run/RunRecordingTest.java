package io.loadlab.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.record.Recorder;
import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class RunRecordingTest {
  static RunInfo info() {
    return new RunInfo(
        "test", "net rr", null, "loadlab net rr", Map.of(), EnvironmentInfo.current(), null);
  }

  static RunRecording manual(Recorder r, List<ResultSink> sinks) {
    return RunRecording.start(info(), r, sinks, Duration.ofHours(1));
  }

  @Test
  void warmupIntervalsAreKeptButLeftOutOfTotals() throws Exception {
    Recorder r = new Recorder();
    try (RunRecording rec = manual(r, List.of())) {
      rec.beginPhase(null, true);
      r.operation("rr").success(1_000_000);
      r.operation("rr").success(1_000_000);
      Thread.sleep(60);
      rec.beginPhase(null, false);
      r.operation("rr").success(2_000_000);
      Thread.sleep(60);
      RunResult result = rec.finish(new RunControl());
      assertEquals(RunStatus.OK, result.status());
      OperationStats rr = result.totals().get("rr");
      assertEquals(1, rr.count(), "warmup samples are not in the totals");
      assertEquals(2000, rr.latencyUs().p50(), 2);
      assertTrue(result.intervals().stream().anyMatch(IntervalSample::warmup));
      long intervalCount =
          result.intervals().stream()
              .mapToLong(
                  i -> i.operations().get("rr") == null ? 0 : i.operations().get("rr").count())
              .sum();
      assertEquals(3, intervalCount, "every sample is in some interval");
    }
  }

  @Test
  void eachMeasuredIntervalOfAPhaseSaysHowManySucceeded() throws Exception {
    Recorder r = new Recorder();
    try (RunRecording rec = manual(r, List.of())) {
      rec.beginPhase("users=1", true);
      r.operation("rr users=1").success(1000); // warmup: left out
      Thread.sleep(100);
      rec.beginPhase("users=1", false);
      r.operation("rr users=1").success(1000);
      r.operation("rr users=1").success(1000);
      Thread.sleep(100);
      rec.cut();
      Thread.sleep(100); // nothing answered
      rec.cut();
      r.operation("rr users=1").failure(1000, "ClosedChannelException"); // no answer either
      Thread.sleep(100);
      rec.cut();
      r.operation("rr users=1").success(1000);
      Thread.sleep(100);
      rec.cut();
      assertEquals(List.of(2L, 0L, 0L, 1L), rec.succeededPerInterval("users=1", "rr users=1"));
      assertEquals(List.of(), rec.succeededPerInterval("users=2", "rr users=1"));
      rec.finish(new RunControl());
    }
  }

  @Test
  void noEmptyFirstOrStrayLastIntervalIsReported() throws Exception {
    Recorder r = new Recorder();
    List<IntervalSample> shown = new java.util.concurrent.CopyOnWriteArrayList<>();
    ResultSink console =
        new ResultSink() {
          @Override
          public void interval(IntervalReport report) {
            shown.add(report.sample());
          }
        };
    // Reporting every 10 s: no tick falls in this test, every cut is the recording's own.
    try (RunRecording rec =
        RunRecording.start(info(), r, List.of(console), Duration.ofSeconds(10))) {
      Thread.sleep(300); // the setup before the first phase: nothing completed
      rec.beginPhase("users=1", false);
      r.operation("rr users=1").success(1000);
      Thread.sleep(100);
      rec.cut(); // an interval with answers
      Thread.sleep(300); // the moment after the last answer: nothing completed
      RunResult result = rec.finish(new RunControl());
      assertEquals(1, shown.size(), "only the interval with answers: " + shown);
      assertEquals(1, shown.get(0).operations().get("rr users=1").count());
      assertEquals(1, result.intervals().size(), result.intervals().toString());
      double measured = result.totals().get("rr users=1").durationSec();
      assertTrue(
          measured >= 0.35 && measured < 5, "the last moment is still measured: " + measured);
    }
  }

  @Test
  void eachPhaseRateUsesItsOwnMeasuredTime() throws Exception {
    // Each phase's time is bounded by clock readings around its start and end, so the check holds
    // however late a busy machine wakes the sleeps.
    Recorder r = new Recorder();
    try (RunRecording rec = manual(r, List.of())) {
      long start1 = System.nanoTime();
      rec.beginPhase("users=1", false);
      long started1 = System.nanoTime();
      for (int i = 0; i < 100; i++) {
        r.operation("rr users=1").success(1000);
      }
      Thread.sleep(200);
      long start2 = System.nanoTime();
      rec.beginPhase("users=2", false);
      long started2 = System.nanoTime();
      for (int i = 0; i < 100; i++) {
        r.operation("rr users=2").success(1000);
      }
      Thread.sleep(400);
      rec.setParameters("rr users=2", Map.of("users", "2"));
      long end = System.nanoTime();
      RunResult result = rec.finish(new RunControl());
      long ended = System.nanoTime();
      OperationStats one = result.totals().get("rr users=1");
      OperationStats two = result.totals().get("rr users=2");
      assertWithin((start2 - started1) / 1e9, (started2 - start1) / 1e9, one.durationSec(), "one");
      assertWithin((end - started2) / 1e9, (ended - start2) / 1e9, two.durationSec(), "two");
      assertTrue(one.durationSec() >= 0.19 && two.durationSec() >= 0.39, "at least the sleeps");
      assertEquals(100 / one.durationSec(), one.ratePerSec(), 0.01 * one.ratePerSec());
      assertEquals(100 / two.durationSec(), two.ratePerSec(), 0.01 * two.ratePerSec());
      assertEquals(Map.of("users", "2"), two.parameters());
    }
  }

  private static void assertWithin(double low, double high, double actual, String what) {
    assertTrue(
        actual >= low - 0.005 && actual <= high + 0.005,
        what + ": " + actual + " s not within the clock readings around it, " + low + "-" + high);
  }

  @Test
  void totalsComeInTheOrderGivenThenAsFirstCompletedAndParametersAsSet() throws Exception {
    Recorder r = new Recorder();
    try (RunRecording rec = manual(r, List.of())) {
      rec.orderTotals(List.of("order", "login", "browse", "never"));
      rec.beginPhase(null, false);
      r.operation("other").success(1000);
      r.operation("browse").success(1000);
      r.operation("order").success(1000);
      r.operation("extra").success(1000);
      Map<String, String> params = new java.util.LinkedHashMap<>();
      for (String key : List.of("threads", "targets", "db-size", "user threads", "mode")) {
        params.put(key, "1");
      }
      rec.setParameters("order", params);
      Thread.sleep(50);
      RunResult result = rec.finish(new RunControl());
      List<String> names = new ArrayList<>(result.totals().keySet());
      assertEquals(List.of("order", "browse"), names.subList(0, 2), "the given order first");
      assertEquals(
          java.util.Set.of("other", "extra"), java.util.Set.copyOf(names.subList(2, 4)), "then");
      assertEquals(
          List.of("threads", "targets", "db-size", "user threads", "mode"),
          new ArrayList<>(result.totals().get("order").parameters().keySet()),
          "the parameters in the order they were set");
    }
  }

  @Test
  void statusFollowsControlAndErrors() {
    Recorder r = new Recorder();
    try (RunRecording rec = manual(r, List.of())) {
      r.operation("a").failure(1, "java.net.SocketException");
      RunResult result = rec.finish(new RunControl());
      assertEquals(RunStatus.FAILED, result.status());
      assertEquals("1 of 1 operations failed", result.statusReason());
      assertEquals("a: java.net.SocketException", result.problems().get(0).kind());
    }
    try (RunRecording rec = manual(new Recorder(), List.of())) {
      RunControl control = new RunControl();
      control.abort("stopped by the user");
      RunResult result = rec.finish(control);
      assertEquals(RunStatus.ABORTED, result.status());
      assertEquals("stopped by the user", result.statusReason());
    }
    try (RunRecording rec = manual(new Recorder(), List.of())) {
      RunControl control = new RunControl();
      control.fail("broker went away");
      assertEquals(RunStatus.FAILED, rec.finish(control).status());
    }
  }

  @Test
  void sinksSeeEveryIntervalAndTheEndOnce() throws Exception {
    List<String> events = new ArrayList<>();
    ResultSink sink =
        new ResultSink() {
          @Override
          public void begin(RunInfo info, long start) {
            events.add("begin");
          }

          @Override
          public void interval(IntervalReport report) {
            events.add(
                "interval "
                    + report.sample().index()
                    + " "
                    + report.resultSoFar().get().status().jsonName());
          }

          @Override
          public void end(RunResult result) {
            events.add("end " + result.status().jsonName());
          }
        };
    Recorder r = new Recorder();
    try (RunRecording rec = RunRecording.start(info(), r, List.of(sink), Duration.ofMillis(100))) {
      r.operation("x").success(5);
      Thread.sleep(350);
      rec.finish(new RunControl());
      rec.finish(new RunControl());
    }
    assertEquals("begin", events.get(0));
    assertEquals("end ok", events.get(events.size() - 1));
    assertTrue(events.size() >= 5, events.toString());
    assertTrue(events.contains("interval 1 running"), events.toString());
    assertFalse(events.subList(1, events.size() - 1).stream().anyMatch(e -> e.startsWith("end")));
  }

  @Test
  void aFailingSinkDoesNotStopTheRun() {
    ResultSink broken =
        new ResultSink() {
          @Override
          public void interval(IntervalReport report) {
            throw new IllegalStateException("disk full");
          }
        };
    Recorder r = new Recorder();
    try (RunRecording rec = manual(r, List.of(broken))) {
      r.operation("x").success(5);
      assertEquals(RunStatus.OK, rec.finish(new RunControl()).status());
    }
  }

  @Test
  void sleepReturnsEarlyWhenStopped() {
    RunControl control = new RunControl();
    new Thread(() -> control.fail("x")).start();
    long t0 = System.nanoTime();
    assertFalse(control.sleep(Duration.ofSeconds(10)));
    assertTrue(System.nanoTime() - t0 < 5_000_000_000L);
  }

  @Test
  void anIntervalWithNoCompletedOperationIsStillARowAtRateZero() throws Exception {
    Recorder r = new Recorder();
    try (RunRecording rec = manual(r, List.of())) {
      rec.beginPhase(null, false);
      r.operation("rr").success(1_000_000);
      Thread.sleep(60);
      rec.cut();
      Thread.sleep(60); // an outage: nothing completes
      rec.cut();
      RunResult result = rec.finish(new RunControl());
      IntervalSample gap = result.intervals().get(1);
      assertEquals(0, gap.operations().get("rr").count(), "the gap is a row: " + gap);
      assertEquals(0, gap.operations().get("rr").ratePerSec());
      assertEquals(1, result.totals().get("rr").count());
    }
  }

  @Test
  void aFailedOrAbortedResultHoldsItsReasonAndProblemCounts() throws Exception {
    Recorder r = new Recorder();
    try (RunRecording rec = manual(r, List.of())) {
      r.operation("rr").success(1_000_000);
      r.operation("rr").failure(1_000_000, "reset");
      r.operation("rr").failure(1_000_000, "reset");
      rec.problem("lost transactions", 7, "7 lost");
      RunResult result = rec.finish(new RunControl());
      assertEquals(RunStatus.FAILED, result.status());
      assertEquals("2 of 3 operations failed", result.failure().reason());
      assertEquals(2, result.failure().errors());
      assertEquals(7L, result.failure().problems().get("lost transactions"));
      assertEquals(2L, result.failure().problems().get("rr: reset"));
      String json = io.loadlab.core.results.ResultJson.toJson(result);
      assertTrue(json.contains("\"failure\""), json);
      RunResult back = io.loadlab.core.results.ResultJson.fromJson(json);
      assertEquals(result.failure(), back.failure());
    }
    try (RunRecording ok = manual(new Recorder(), List.of())) {
      RunResult result = ok.finish(new RunControl());
      assertEquals(null, result.failure());
      assertFalse(io.loadlab.core.results.ResultJson.toJson(result).contains("\"failure\""));
    }
  }

  @Test
  void aResultFileThatCannotBeWrittenFailsTheRunBeforeTheConsoleReports() throws Exception {
    List<RunStatus> reported = new ArrayList<>();
    ResultSink broken =
        new ResultSink() {
          @Override
          public void end(RunResult result) throws java.io.IOException {
            throw new java.io.IOException("No space left on device");
          }

          @Override
          public String target() {
            return "/full/result.json";
          }
        };
    ResultSink console =
        new ResultSink() {
          @Override
          public void end(RunResult result) {
            reported.add(result.status());
          }
        };
    RunControl control = new RunControl();
    List<String> stopped = new ArrayList<>();
    try (RunRecording rec = manual(new Recorder(), List.of(console, broken))) {
      rec.onWriteFailure(stopped::add);
      RunResult result = rec.finish(control);
      assertEquals(RunStatus.FAILED, result.status());
      assertEquals(
          "cannot write /full/result.json: No space left on device", result.statusReason());
      assertEquals(List.of(RunStatus.FAILED), reported, "the console never said ok");
      assertEquals(List.of(result.statusReason()), stopped);
    }
  }
}
