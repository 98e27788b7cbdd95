package io.loadlab.core.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.broker.EmbeddedBroker;
import io.loadlab.core.broker.EmbeddedBrokerExtension;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.core.run.RunTiming;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LatencyDriverTest {
  @RegisterExtension static final EmbeddedBrokerExtension BROKER = EmbeddedBrokerExtension.local();
  static final AtomicInteger RUNS = new AtomicInteger();

  static RunResult run(LatencySettings s, Duration duration) {
    RunControl control = new RunControl();
    RunTiming timing = new RunTiming(duration, Duration.ZERO, Duration.ofMillis(500));
    RunInfo info =
        new RunInfo("test", "amqp latency", null, "", Map.of(), EnvironmentInfo.current(), null);
    try (RunRecording rec =
        RunRecording.start(info, new Recorder(), List.of(), timing.interval())) {
      // What these tests check is not the target rate: a busy machine may miss it by a little.
      rec.setRateTolerance(0.01); // not about the rate: a busy machine may fall far short
      new LatencyDriver(s).run(timing, rec, control);
      return rec.finish(control);
    }
  }

  static LatencySettings settings(String uri, double rate, long count, int tests) {
    return new LatencySettings(
        AmqpConnectionSettings.builder(uri).prefetch(100).build(),
        List.of(64),
        rate,
        count,
        tests,
        0,
        false,
        false,
        "lat-" + RUNS.incrementAndGet(),
        Duration.ofSeconds(5));
  }

  @Test
  void atARateEveryMessageSentIsInTheHistogram() {
    RunResult r = run(settings(BROKER.amqpUri(), 500, 0, 1), Duration.ofSeconds(2));
    assertEquals(RunStatus.OK, r.status(), r.statusReason());
    double sent = r.figures().get("sent size=64");
    assertTrue(sent > 50 && sent <= 1001, "paced, never above the rate: sent " + sent);
    assertEquals(sent, r.figures().get("received size=64"));
    OperationStats latency = r.totals().get("latency size=64");
    assertEquals((long) sent, latency.count());
    assertEquals((long) sent, r.totals().get("send-delay size=64").count());
    assertEquals((long) sent, r.totals().get("transit size=64").count());
    // From when it was due is never shorter than from when it went out.
    assertTrue(latency.latencyUs().p50() >= r.totals().get("transit size=64").latencyUs().p50());
    assertTrue(latency.latencyUs().p50() > 0);
  }

  @Test
  void oneAtATimeSendsTheCountAndNoMore() {
    RunResult r = run(settings(BROKER.amqpUri(), 0, 300, 1), Duration.ofSeconds(60));
    assertEquals(RunStatus.OK, r.status(), r.statusReason());
    assertEquals(300, r.totals().get("latency size=64").count());
    assertEquals(null, r.totals().get("send-delay size=64"));
  }

  @Test
  void operationRatesAreOverTheWindowTheMessagesMovedIn() {
    RunResult r = run(settings(BROKER.amqpUri(), 0, 300, 1), Duration.ofSeconds(60));
    assertEquals(RunStatus.OK, r.status(), r.statusReason());
    OperationStats latency = r.totals().get("latency size=64");
    double phase =
        r.intervals().stream()
            .filter(i -> !i.warmup())
            .mapToDouble(i -> (i.endEpochMs() - i.startEpochMs()) / 1e3)
            .sum();
    String why = "the operation's " + latency.durationSec() + " s, the phase's " + phase + " s";
    // The phase also holds connecting, attaching and closing; the messages' window does not.
    assertTrue(latency.durationSec() > 0 && latency.durationSec() < phase, why);
    assertEquals(
        latency.count() / latency.durationSec(),
        latency.ratePerSec(),
        0.01 * latency.ratePerSec(),
        why);
  }

  @Test
  void concurrentTestsRunAtStaggeredRates() {
    RunResult r = run(settings(BROKER.amqpUri(), 100, 100, 3), Duration.ofSeconds(60));
    assertEquals(RunStatus.OK, r.status(), r.statusReason());
    for (int t = 1; t <= 3; t++) {
      OperationStats s = r.totals().get("latency size=64 test=" + t);
      assertNotNull(s, "test " + t);
      assertEquals(100, s.count());
      assertEquals(String.valueOf(99 + t), s.parameters().get("rate"));
    }
  }

  @Test
  void aPausedBrokerShowsUpInTheCorrectedLatency() throws Exception {
    LatencySettings s = settings(BROKER.amqpUri(), 400, 0, 1);
    Thread pauser =
        new Thread(
            () -> {
              try {
                Thread.sleep(1000);
                BROKER.get().pauseQueue(s.baseName() + "-1");
                Thread.sleep(600);
                BROKER.get().resumeQueue(s.baseName() + "-1");
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    pauser.start();
    RunResult r = run(s, Duration.ofSeconds(3));
    pauser.join();
    assertEquals(RunStatus.OK, r.status(), r.statusReason());
    OperationStats latency = r.totals().get("latency size=64");
    assertEquals(r.figures().get("sent size=64").longValue(), latency.count());
    assertTrue(latency.latencyUs().max() > 500_000, "max " + latency.latencyUs().max());
    // About a fifth of the messages were sent during the pause and waited for part of it.
    assertTrue(latency.latencyUs().p90() > 50_000, "p90 " + latency.latencyUs().p90());
  }

  @Test
  void stoppedEarlyItReportsTheMessagesStillInFlight() throws Exception {
    LatencySettings s = settings(BROKER.amqpUri(), 400, 0, 1);
    RunControl control = new RunControl();
    RunTiming timing = new RunTiming(Duration.ofSeconds(60), Duration.ZERO, Duration.ofMillis(500));
    RunInfo info =
        new RunInfo("test", "amqp latency", null, "", Map.of(), EnvironmentInfo.current(), null);
    Thread stopper =
        new Thread(
            () -> {
              try {
                while (BROKER.get().messageCount(s.baseName() + "-1") < 0) {
                  Thread.sleep(20); // until the run has attached to its queue
                }
                Thread.sleep(500);
                BROKER.get().pauseQueue(s.baseName() + "-1"); // messages wait on the broker
                Thread.sleep(500);
                control.abort("stopped by SIGINT");
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    RunResult r;
    try (RunRecording rec =
        RunRecording.start(info, new Recorder(), List.of(), timing.interval())) {
      rec.setRateTolerance(0.01);
      stopper.start();
      new LatencyDriver(s).run(timing, rec, control);
      r = rec.finish(control);
    } finally {
      stopper.join();
      BROKER.get().resumeQueue(s.baseName() + "-1");
    }
    assertEquals(RunStatus.ABORTED, r.status(), r.statusReason());
    double sent = r.figures().get("sent size=64");
    double received = r.figures().get("received size=64");
    assertTrue(received < sent, sent + " sent, " + received + " received");
    assertEquals(sent - received, r.figures().get("inFlight size=64"), r.figures().toString());
    assertTrue(
        r.problems().stream()
            .anyMatch(p -> p.kind().equals("in-flight") && p.count() == (long) (sent - received)),
        r.problems().toString());
  }

  @Test
  void withFailoverTheRunCarriesOnThroughABrokerRestartAndReportsTheOutage() throws Exception {
    EmbeddedBroker first = EmbeddedBroker.start("127.0.0.1", 0, false, null);
    int port = first.port();
    String uri =
        "failover:(amqp://127.0.0.1:"
            + port
            + ")?failover.initialReconnectDelay=50&failover.maxReconnectDelay=200";
    EmbeddedBroker[] second = new EmbeddedBroker[1];
    long[] restartedAt = {Long.MAX_VALUE};
    LatencySettings s = settings(uri, 200, 0, 1);
    Thread restarter =
        new Thread(
            () -> {
              try {
                while (first.messageCount(s.baseName() + "-1") < 0) {
                  Thread.sleep(20); // until the run has attached to its queue
                }
                Thread.sleep(700);
                first.close();
                Thread.sleep(700);
                second[0] = EmbeddedBroker.start("127.0.0.1", port, false, null);
                restartedAt[0] = System.currentTimeMillis();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    restarter.start();
    try {
      RunResult r = run(s, Duration.ofSeconds(4));
      restarter.join();
      assertTrue(
          r.problems().stream().anyMatch(p -> p.kind().equals("outage")),
          String.valueOf(r.problems()));
      long afterRestart =
          r.intervals().stream()
              .filter(i -> i.startEpochMs() >= restartedAt[0])
              .map(i -> i.operations().get("latency size=64"))
              .filter(o -> o != null)
              .mapToLong(o -> o.count())
              .sum();
      assertTrue(afterRestart > 100, "samples after the restart: " + afterRestart);
    } finally {
      restarter.join();
      if (second[0] != null) {
        second[0].close();
      }
    }
  }
}
