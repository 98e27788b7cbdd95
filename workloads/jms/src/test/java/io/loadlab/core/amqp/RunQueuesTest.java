package io.loadlab.core.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.broker.EmbeddedBrokerExtension;
import io.loadlab.core.failure.LoadlabException;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.core.run.RunTiming;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Queues a run created are deleted at its end through Artemis's management over AMQP 1.0 (the
 * embedded broker keeps auto-created queues, so only loadlab can have removed them); queues that
 * were there before, and everything under --keep-queues, stay.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RunQueuesTest {
  @RegisterExtension static final EmbeddedBrokerExtension BROKER = EmbeddedBrokerExtension.local();

  private record Outcome(RunResult result, List<String> notices) {}

  private static Outcome run(ThroughputSettings s, boolean keep) {
    RunControl control = new RunControl();
    RunTiming timing = new RunTiming(Duration.ZERO, Duration.ZERO, Duration.ofSeconds(1));
    RunInfo info =
        new RunInfo("test", "amqp throughput", null, "", Map.of(), EnvironmentInfo.current(), null);
    List<String> notices = new ArrayList<>();
    try (RunRecording rec =
        RunRecording.start(info, new Recorder(), List.of(), timing.interval())) {
      new ThroughputDriver(s).queues(keep, notices::add).run(timing, rec, control, r -> {});
      return new Outcome(rec.finish(control), notices);
    }
  }

  private static ThroughputSettings artemis(ThroughputMode mode, int qt) {
    ThroughputSettings s = ThroughputDriverTest.settings(BROKER.amqpUri(), mode, 1, 2, qt);
    return new ThroughputSettings(
        s.connection().withProfile(BrokerProfile.ARTEMIS),
        List.of(64),
        200,
        s.publishers(),
        s.subscribers(),
        s.queues(),
        s.mode(),
        s.durable(),
        0,
        0,
        0,
        false,
        100,
        1,
        false,
        s.baseName(),
        s.receiveTimeout());
  }

  @Test
  void queuesTheRunCreatedAreDeletedAndCounted() {
    ThroughputSettings s = artemis(ThroughputMode.SHARED, 3);
    Outcome o = run(s, false);
    assertEquals(RunStatus.OK, o.result().status(), o.result().toString());
    for (int d = 0; d < 3; d++) {
      assertEquals(
          -1, BROKER.get().messageCount(s.baseName() + "-" + d), "queue " + d + " still there");
      assertFalse(BROKER.get().hasAddress(s.baseName() + "-" + d));
    }
    assertEquals(3.0, o.result().figures().get("queuesDeleted"));
    assertTrue(
        o.notices().get(0).startsWith("deleted the queues this run created: "),
        o.notices().toString());
  }

  @Test
  void aFanoutTopicAndItsDurableSubscriptionsGoToo() {
    ThroughputSettings s = artemis(ThroughputMode.FANOUT, 1);
    ThroughputSettings durable =
        new ThroughputSettings(
            s.connection(),
            s.sizes(),
            s.count(),
            1,
            2,
            1,
            s.mode(),
            true,
            0,
            0,
            0,
            false,
            100,
            1,
            false,
            s.baseName(),
            s.receiveTimeout());
    Outcome o = run(durable, false);
    assertEquals(RunStatus.OK, o.result().status(), o.result().toString());
    assertFalse(BROKER.get().hasAddress(s.baseName() + "-fanout"), "the topic address is gone");
    assertEquals(-1, BROKER.get().messageCount(s.baseName() + "-fanout-sub-0"));
    assertEquals(1.0, o.result().figures().get("queuesDeleted"), o.notices().toString());
  }

  @Test
  void keepQueuesKeepsThem() {
    ThroughputSettings s = artemis(ThroughputMode.SHARED, 2);
    Outcome o = run(s, true);
    assertEquals(RunStatus.OK, o.result().status(), o.result().toString());
    assertNotEquals(-1, BROKER.get().messageCount(s.baseName() + "-0"));
    assertNotEquals(-1, BROKER.get().messageCount(s.baseName() + "-1"));
    assertEquals(0.0, o.result().figures().get("queuesDeleted"));
    assertTrue(
        BROKER.get().queueNames().contains(s.baseName() + "-1"),
        BROKER.get().queueNames().toString());
    assertTrue(o.notices().get(0).contains("--keep-queues"), o.notices().toString());
  }

  @Test
  void aQueueThatWasThereBeforeStays() throws Exception {
    ThroughputSettings s = artemis(ThroughputMode.SHARED, 2);
    try (AmqpClient c = AmqpClient.connect(s.connection())) {
      c.subscribe("queue://" + s.baseName() + "-0"); // made before the run, by someone else
    }
    assertNotEquals(-1, BROKER.get().messageCount(s.baseName() + "-0"));
    Outcome o = run(s, false);
    assertEquals(RunStatus.OK, o.result().status(), o.result().toString());
    assertNotEquals(-1, BROKER.get().messageCount(s.baseName() + "-0"), "not the run's: kept");
    assertEquals(-1, BROKER.get().messageCount(s.baseName() + "-1"), "the run's: deleted");
    assertEquals(1.0, o.result().figures().get("queuesDeleted"));
  }

  @Test
  void aQueueTheBrokerNeverMadeIsNotCountedAsDeleted() throws Exception {
    ThroughputSettings s = artemis(ThroughputMode.SHARED, 3);
    BROKER.get().refuseAutoCreate(s.baseName() + "-2"); // as Qpid Broker-J: nothing on demand
    try (AmqpClient c = AmqpClient.connect(s.connection())) {
      c.subscribe("queue://" + s.baseName() + "-0"); // the two the user made
      c.subscribe("queue://" + s.baseName() + "-1");
    }
    RunControl control = new RunControl();
    RunTiming timing = new RunTiming(Duration.ZERO, Duration.ZERO, Duration.ofSeconds(1));
    RunInfo info =
        new RunInfo("test", "amqp throughput", null, "", Map.of(), EnvironmentInfo.current(), null);
    try (RunRecording rec =
        RunRecording.start(info, new Recorder(), List.of(), timing.interval())) {
      LoadlabException e =
          assertThrows(
              LoadlabException.class,
              () ->
                  new ThroughputDriver(s)
                      .queues(false, l -> {})
                      .run(timing, rec, control, r -> {}));
      assertTrue(e.getMessage().contains(s.baseName() + "-2"), e.getMessage());
      RunResult r = rec.finish(RunStatus.FAILED, e.getMessage());
      assertEquals(0.0, r.figures().get("queuesDeleted"), "no queue was there to delete: " + r);
      assertTrue(r.problems() == null || r.problems().isEmpty(), "" + r.problems());
    }
    assertNotEquals(-1, BROKER.get().messageCount(s.baseName() + "-0"), "the user's: kept");
    assertNotEquals(-1, BROKER.get().messageCount(s.baseName() + "-1"), "the user's: kept");
  }
}
