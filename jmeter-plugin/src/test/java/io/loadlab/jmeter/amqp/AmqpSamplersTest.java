package io.loadlab.jmeter.amqp;

import static io.loadlab.jmeter.EngineHarness.assertTimings;
import static io.loadlab.jmeter.EngineHarness.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.broker.EmbeddedBrokerExtension;
import io.loadlab.jmeter.EngineHarness;
import io.loadlab.jmeter.TimedResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.TestElement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

@Timeout(value = 90, unit = TimeUnit.SECONDS)
class AmqpSamplersTest {
  @RegisterExtension static final EmbeddedBrokerExtension BROKER = EmbeddedBrokerExtension.local();

  private static AmqpConnectionConfig connection(boolean shared) {
    return AmqpTestElements.connection(BROKER.amqpUri(), shared);
  }

  private static AmqpPublishSampler publisher(String queue, String body) {
    AmqpPublishSampler p = AmqpTestElements.sampler(new AmqpPublishSampler(), "publish", queue);
    with(p, "messageSize", 64);
    with(p, "body", body);
    with(p, "persistent", true);
    with(p, "messageProperties", "run=${run}\nkind=test");
    return p;
  }

  @Test
  void publishThenConsumeEveryMessageWithVariablesInTheBody() throws Exception {
    String queue = "queue://jm.publish";
    List<SampleResult> published =
        EngineHarness.run(
            Map.of("run", "r1", "who", "alice"),
            EngineHarness.threadGroup(2, 20),
            List.of(connection(false)),
            List.of(publisher(queue, "hello ${who}")),
            Duration.ofSeconds(60));
    assertEquals(40, published.size());
    for (SampleResult s : published) {
      assertTrue(s.isSuccessful(), s.getResponseMessage());
      assertEquals("publish", s.getSampleLabel());
      assertEquals("hello alice".length(), s.getSentBytes());
      assertTimings(s);
    }
    assertEquals(40, BROKER.get().messageCount("jm.publish"));

    AmqpConsumeSampler consume =
        AmqpTestElements.sampler(new AmqpConsumeSampler(), "consume", queue);
    with(consume, "timeoutMs", 5000);
    with(consume, "onTimeout", "fail");
    with(consume, "acknowledgement", "client");
    List<SampleResult> consumed =
        EngineHarness.run(
            EngineHarness.threadGroup(2, 20),
            List.of(connection(true)),
            List.<TestElement>of(consume),
            Duration.ofSeconds(60));
    assertEquals(40, consumed.size());
    for (SampleResult s : consumed) {
      assertTrue(s.isSuccessful(), s.getResponseMessage());
      assertEquals("hello alice", s.getResponseDataAsString());
      assertEquals(11, s.getBytesAsLong());
      assertTimings(s);
    }
    assertEquals(0, BROKER.get().messageCount("jm.publish"));
  }

  @Test
  void throughputSettingsLoseNoMessage() throws Exception {
    AmqpConnectionConfig tuned = connection(true);
    with(tuned, "presettled", true);
    with(tuned, "noDelay", false);
    with(tuned, "waitStrategy", "progressive");
    AmqpPublishSampler p = publisher("queue://jm.tuned", "");
    with(p, "persistent", false);
    List<SampleResult> published =
        EngineHarness.run(
            Map.of("run", "r2"),
            EngineHarness.threadGroup(4, 500),
            List.of(tuned),
            List.of(p),
            Duration.ofSeconds(60));
    assertEquals(2000, published.size());
    assertTrue(published.stream().allMatch(SampleResult::isSuccessful));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (BROKER.get().messageCount("jm.tuned") < 2000 && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertEquals(2000, BROKER.get().messageCount("jm.tuned"));
  }

  @Test
  void planSavedBeforeTheNoDelayFieldKeepsTcpNoDelayOn() {
    AmqpConnectionConfig old = new AmqpConnectionConfig();
    old.setNoDelay(false); // what JMeter's TestBean preparation makes of the missing property
    assertTrue(old.tcpNoDelay());
    AmqpConnectionConfig set = connection(false);
    with(set, "noDelay", false);
    set.setNoDelay(false);
    assertFalse(set.tcpNoDelay());
  }

  @Test
  void badWaitStrategyFailsEverySampleNamingTheField() throws Exception {
    AmqpConnectionConfig c = connection(false);
    with(c, "waitStrategy", "fast");
    List<SampleResult> samples =
        EngineHarness.run(
            EngineHarness.threadGroup(1, 2),
            List.of(c),
            List.<TestElement>of(publisher("jm.bad", "")),
            Duration.ofSeconds(30));
    assertEquals(2, samples.size());
    for (SampleResult s : samples) {
      assertFalse(s.isSuccessful());
      assertTrue(s.getResponseMessage().contains("waitStrategy"), s.getResponseMessage());
    }
  }

  @Test
  void consumeTimesOutOnAnEmptyQueue() throws Exception {
    AmqpConsumeSampler consume =
        AmqpTestElements.sampler(new AmqpConsumeSampler(), "consume", "jm.empty");
    with(consume, "timeoutMs", 200);
    with(consume, "onTimeout", "fail");
    with(consume, "acknowledgement", "auto");
    List<SampleResult> samples =
        EngineHarness.run(
            EngineHarness.threadGroup(1, 2),
            List.of(connection(false)),
            List.<TestElement>of(consume),
            Duration.ofSeconds(30));
    assertEquals(2, samples.size());
    for (SampleResult s : samples) {
      assertFalse(s.isSuccessful());
      assertEquals("Timeout", s.getResponseCode());
      assertTrue(s.getTime() >= 190, "waited " + s.getTime());
      assertTimings(s);
    }
  }

  @Test
  void roundTripElapsedIsTheEndToEndLatency() throws Exception {
    AmqpRoundTripSampler rt =
        AmqpTestElements.sampler(new AmqpRoundTripSampler(), "rt", "queue://jm.rt");
    with(rt, "messageSize", 64);
    with(rt, "timeoutMs", 5000);
    List<SampleResult> samples =
        EngineHarness.run(
            EngineHarness.threadGroup(2, 25),
            List.of(connection(true)),
            List.<TestElement>of(rt),
            Duration.ofSeconds(60));
    assertEquals(50, samples.size());
    assertEquals(
        List.of(),
        BROKER.get().queueNames().stream().filter(q -> q.startsWith("jm.rt.")).toList(),
        "each thread's own queue is deleted when the thread ends");
    for (SampleResult s : samples) {
      assertTrue(s.isSuccessful(), s.getResponseMessage());
      TimedResult t = (TimedResult) s;
      assertTrue(t.elapsedNanos() > 0);
      assertTrue(t.elapsedNanos() <= TimeUnit.MILLISECONDS.toNanos(s.getTime() + 1));
      assertEquals(64, s.getSentBytes());
      assertEquals(64, s.getBytesAsLong());
      assertTimings(s);
    }
  }

  @Test
  void unreachableBrokerFailsSamplesWithoutHanging() throws Exception {
    AmqpConnectionConfig c = connection(false);
    with(c, "brokerUri", "amqp://127.0.0.1:1?amqp.idleTimeout=0");
    List<SampleResult> samples =
        EngineHarness.run(
            EngineHarness.threadGroup(1, 2),
            List.of(c),
            List.<TestElement>of(publisher("jm.none", "")),
            Duration.ofSeconds(30));
    assertEquals(2, samples.size());
    for (SampleResult s : samples) {
      assertFalse(s.isSuccessful());
      assertFalse(s.getResponseCode().isBlank());
      assertFalse(s.getResponseMessage().contains("password"));
    }
  }

  @Test
  void stopInterruptsABlockedReceive() throws Exception {
    AmqpConsumeSampler consume =
        AmqpTestElements.sampler(new AmqpConsumeSampler(), "consume", "jm.never");
    with(consume, "timeoutMs", 60_000);
    with(consume, "onTimeout", "fail");
    with(consume, "acknowledgement", "auto");
    long start = System.nanoTime();
    List<SampleResult> samples =
        EngineHarness.run(
            Map.of(),
            EngineHarness.threadGroup(1, 1),
            List.of(connection(false)),
            List.<TestElement>of(consume),
            Duration.ofSeconds(2),
            Duration.ofSeconds(20));
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
    assertTrue(seconds < 15, "the 60 s receive was interrupted, the test took " + seconds + " s");
    for (SampleResult s : samples) {
      assertFalse(s.isSuccessful());
      assertEquals("Interrupted", s.getResponseCode());
    }
  }
}
