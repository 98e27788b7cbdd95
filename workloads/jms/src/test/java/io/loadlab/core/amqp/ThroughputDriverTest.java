package io.loadlab.core.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.broker.EmbeddedBroker;
import io.loadlab.core.broker.EmbeddedBrokerExtension;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.results.Problem;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.core.run.RunTiming;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ThroughputDriverTest {
  @RegisterExtension static final EmbeddedBrokerExtension BROKER = EmbeddedBrokerExtension.local();
  static final AtomicInteger RUNS = new AtomicInteger();

  /** A run's result and its iterations. */
  record Outcome(RunResult result, List<IterationResult> iterations) {}

  static Outcome run(ThroughputSettings s) {
    return run(s, new RunTiming(Duration.ZERO, Duration.ZERO, Duration.ofSeconds(1)));
  }

  static Outcome run(ThroughputSettings s, RunTiming timing) {
    RunControl control = new RunControl();
    RunInfo info =
        new RunInfo("test", "amqp throughput", null, "", Map.of(), EnvironmentInfo.current(), null);
    List<IterationResult> seen = new ArrayList<>();
    try (RunRecording rec =
        RunRecording.start(info, new Recorder(), List.of(), timing.interval())) {
      new ThroughputDriver(s).run(timing, rec, control, seen::add);
      return new Outcome(rec.finish(control), seen);
    }
  }

  static ThroughputSettings settings(String uri, ThroughputMode mode, int pubs, int subs, int qt) {
    ThroughputSettings d =
        ThroughputSettings.defaults(AmqpConnectionSettings.of(uri), List.of(32, 256));
    return new ThroughputSettings(
        d.connection(),
        d.sizes(),
        2000,
        pubs,
        subs,
        qt,
        mode,
        false,
        0,
        0,
        0,
        false,
        500,
        1,
        false,
        "tp-" + RUNS.incrementAndGet(),
        Duration.ofSeconds(5));
  }

  /**
   * One size from one publisher through one queue or topic, without transactions: what the
   * special-case tests vary.
   */
  static ThroughputSettings single(
      ThroughputSettings base,
      int size,
      long count,
      int subscribers,
      ThroughputMode mode,
      boolean durable,
      int maxPending,
      Duration receiveTimeout) {
    return new ThroughputSettings(
        base.connection(),
        List.of(size),
        count,
        1,
        subscribers,
        1,
        mode,
        durable,
        0,
        0,
        0,
        false,
        maxPending,
        1,
        false,
        base.baseName(),
        receiveTimeout);
  }

  /**
   * An operation's rate is over the windows its messages moved in (from the first publish to the
   * last delivery of each iteration, as transfersPerSec's), not over the whole run, which also
   * holds each iteration's connecting, attaching and closing: with small iterations those dwarf the
   * sending, and the rate was a fraction of the transfers per second beside it.
   */
  @Test
  void operationRatesAreOverTheWindowsTheMessagesMovedIn() {
    ThroughputSettings base = settings(BROKER.amqpUri(), ThroughputMode.SHARED, 1, 1, 1);
    ThroughputSettings s =
        new ThroughputSettings(
            base.connection(),
            List.of(32),
            300,
            1,
            1,
            1,
            ThroughputMode.SHARED,
            false,
            0,
            0,
            0,
            false,
            500,
            3,
            false,
            base.baseName(),
            Duration.ofSeconds(5));
    Outcome o = run(s);
    assertEquals(RunStatus.OK, o.result().status(), o.result().statusReason());
    assertEquals(3, o.iterations().size());
    double seconds = o.iterations().stream().mapToDouble(IterationResult::seconds).sum();
    long published = o.iterations().stream().mapToLong(IterationResult::published).sum();
    long received = o.iterations().stream().mapToLong(IterationResult::received).sum();
    var publish = o.result().totals().get(ThroughputDriver.publishOp(32));
    var deliver = o.result().totals().get(ThroughputDriver.deliverOp(32));
    assertEquals(published, publish.count());
    assertEquals(received, deliver.count());
    String why = "windows " + seconds + " s, the operation's " + publish.durationSec() + " s";
    assertEquals(seconds, publish.durationSec(), 0.002, why);
    assertEquals(published / seconds, publish.ratePerSec(), 0.01 * publish.ratePerSec(), why);
    assertEquals(received / seconds, deliver.ratePerSec(), 0.01 * deliver.ratePerSec(), why);
  }

  @Test
  void sharedModeDeliversEveryMessageOnceAcrossCompetingSubscribers() {
    Outcome o = run(settings(BROKER.amqpUri(), ThroughputMode.SHARED, 2, 2, 2));
    assertEquals(RunStatus.OK, o.result().status(), o.result().statusReason());
    assertEquals(2, o.iterations().size());
    for (IterationResult r : o.iterations()) {
      assertEquals(2 * 2 * 2000, r.published());
      assertEquals(2 * 2 * 2000, r.received());
      assertEquals(2, r.deliveries().size());
      for (DeliveryReport d : r.deliveries()) {
        assertEquals(4000, d.expected());
        assertEquals(4000, d.received());
        assertEquals(0, d.lost() + d.duplicates() + d.outOfOrder() + d.foreign());
      }
      assertEquals((r.published() + r.received()) / r.seconds(), r.transfersPerSec(), 1e-6);
    }
    assertEquals(8000, o.result().totals().get("deliver size=32").count());
    assertEquals(8000, o.result().totals().get("publish size=256").count());
    assertEquals(0.0, o.result().figures().get("lost"));
  }

  @Test
  void fanoutGivesEverySubscriberEveryMessage() {
    Outcome o = run(settings(BROKER.amqpUri(), ThroughputMode.FANOUT, 2, 3, 5));
    assertEquals(RunStatus.OK, o.result().status(), o.result().statusReason());
    IterationResult r = o.iterations().get(0);
    assertEquals(4000, r.published());
    assertEquals(3 * 4000, r.received());
    assertEquals(3, r.deliveries().size());
    r.deliveries().forEach(d -> assertEquals(4000, d.received()));
  }

  @Test
  void topicModeGivesEachTopicsSubscribersThatTopicsMessages() {
    Outcome o = run(settings(BROKER.amqpUri(), ThroughputMode.TOPIC, 1, 2, 3));
    assertEquals(RunStatus.OK, o.result().status(), o.result().statusReason());
    IterationResult r = o.iterations().get(0);
    assertEquals(3 * 2000, r.published());
    assertEquals(3 * 2 * 2000, r.received());
    assertEquals(6, r.deliveries().size());
    r.deliveries().forEach(d -> assertEquals(2000, d.received()));
  }

  @Test
  void durableWithTransactionsOnAPersistentBroker(@TempDir Path dir) {
    try (EmbeddedBroker durable = EmbeddedBroker.start("127.0.0.1", 0, true, dir)) {
      ThroughputSettings d = settings(durable.amqpUri(), ThroughputMode.SHARED, 1, 1, 1);
      ThroughputSettings s =
          new ThroughputSettings(
              d.connection(),
              List.of(64),
              1000,
              1,
              1,
              1,
              ThroughputMode.SHARED,
              true,
              50,
              20,
              0,
              false,
              100,
              2,
              true,
              d.baseName(),
              d.receiveTimeout());
      Outcome o = run(s);
      assertEquals(RunStatus.OK, o.result().status(), o.result().statusReason());
      assertEquals(2, o.iterations().size());
      o.iterations().forEach(r -> assertEquals(1000, r.received()));
      assertEquals(0, durable.messageCount(d.baseName() + "-0"));
    }
  }

  @Test
  void durableFanoutGivesEachSubscriberADurableSubscription(@TempDir Path dir) {
    try (EmbeddedBroker durable = EmbeddedBroker.start("127.0.0.1", 0, true, dir)) {
      ThroughputSettings d = settings(durable.amqpUri(), ThroughputMode.FANOUT, 1, 2, 1);
      ThroughputSettings s =
          single(d, 64, 500, 2, ThroughputMode.FANOUT, true, 100, d.receiveTimeout());
      Outcome o = run(s);
      assertEquals(RunStatus.OK, o.result().status(), o.result().statusReason());
      IterationResult r = o.iterations().get(0);
      assertEquals(500, r.published());
      assertEquals(2 * 500, r.received());
      r.deliveries().forEach(x -> assertEquals(500, x.received()));
    }
  }

  @Test
  void messagesTakenBehindTheDriversBackAreReportedLost() throws Exception {
    ThroughputSettings d = settings(BROKER.amqpUri(), ThroughputMode.SHARED, 1, 1, 1);
    ThroughputSettings s =
        single(d, 16, 3000, 1, ThroughputMode.SHARED, false, 100, Duration.ofSeconds(1));
    String queue = s.baseName() + "-0";
    AtomicInteger stolen = new AtomicInteger();
    Thread thief =
        new Thread(
            () -> {
              try (AmqpClient c = AmqpClient.connect(AmqpConnectionSettings.of(BROKER.amqpUri()))) {
                while (stolen.get() < 25) {
                  if (c.receive(queue, Duration.ofSeconds(20)) != null) {
                    stolen.incrementAndGet();
                  }
                }
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    thief.start();
    Outcome o = run(s);
    thief.join(20_000);
    assertEquals(25, stolen.get());
    assertEquals(RunStatus.FAILED, o.result().status());
    assertTrue(o.result().statusReason().contains("25 messages lost"), o.result().statusReason());
    assertEquals(25.0, o.result().figures().get("lost"));
    Problem lost =
        o.result().problems().stream().filter(p -> p.kind().equals("lost")).findFirst().get();
    assertEquals(25, lost.count());
    assertEquals(2975, o.iterations().get(0).deliveries().get(0).received());
  }

  @Test
  void brokerStoppingMidRunFailsTheRunAndReportsInFlightMessages() throws Exception {
    EmbeddedBroker doomed = EmbeddedBroker.startLocal();
    ThroughputSettings d = settings(doomed.amqpUri(), ThroughputMode.SHARED, 1, 1, 1);
    ThroughputSettings s =
        single(d, 1024, 50_000_000, 1, ThroughputMode.SHARED, false, 1000, Duration.ofSeconds(2));
    Thread killer =
        new Thread(
            () -> {
              try {
                Thread.sleep(1500);
              } catch (InterruptedException e) {
                return;
              }
              doomed.close();
            });
    killer.start();
    Outcome o = run(s);
    killer.join();
    assertEquals(RunStatus.FAILED, o.result().status());
    assertTrue(o.result().statusReason().contains("broker connection failed"));
    assertTrue(o.result().problems().stream().anyMatch(p -> p.kind().equals("in-flight")));
    assertTrue(o.result().intervals().size() >= 1);
    assertTrue(o.iterations().isEmpty());
    assertNull(o.result().figures().get("transfersPerSec size=1024"));
  }

  @Test
  void aTimeLimitStopsPublishersAndWarmupStaysOutOfTheTotals() {
    ThroughputSettings d = settings(BROKER.amqpUri(), ThroughputMode.SHARED, 1, 1, 1);
    ThroughputSettings s =
        single(d, 64, 50_000_000, 1, ThroughputMode.SHARED, false, 100, Duration.ofSeconds(5));
    Outcome o =
        run(s, new RunTiming(Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(1)));
    assertEquals(RunStatus.OK, o.result().status(), o.result().statusReason());
    IterationResult r = o.iterations().get(0);
    assertTrue(r.published() > 0 && r.published() < 50_000_000, "published " + r.published());
    assertEquals(r.published(), r.received());
    assertEquals(r.received(), o.result().totals().get("deliver size=64").count());
    assertTrue(o.result().intervals().stream().anyMatch(i -> i.warmup()));
  }
}
