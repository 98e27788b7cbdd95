package io.loadlab.jmeter.amqp;

import static io.loadlab.jmeter.EngineHarness.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.broker.EmbeddedBrokerExtension;
import io.loadlab.jmeter.EngineHarness;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.TestElement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The AMQP samplers use the broker profiles of the command line: picked from the open frame
 * (Artemis here: everything works) or set in the AMQP Connection's Broker profile; what the profile
 * cannot do fails each sample at once with one line naming the sampler's own field.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class AmqpSamplersProfileTest {
  @RegisterExtension static final EmbeddedBrokerExtension BROKER = EmbeddedBrokerExtension.local();

  private static AmqpConnectionConfig connection(String profile) {
    AmqpConnectionConfig c = AmqpTestElements.connection(BROKER.amqpUri(), false);
    with(c, "brokerProfile", profile);
    return c;
  }

  private static AmqpConsumeSampler consume(String destination, String ack) {
    AmqpConsumeSampler c = AmqpTestElements.sampler(new AmqpConsumeSampler(), "s", destination);
    with(c, "timeoutMs", 200);
    with(c, "onTimeout", "fail");
    with(c, "acknowledgement", ack);
    return c;
  }

  private static AmqpRoundTripSampler roundTrip() {
    AmqpRoundTripSampler rt =
        AmqpTestElements.sampler(new AmqpRoundTripSampler(), "s", "queue://jm.profile");
    with(rt, "messageSize", 16);
    with(rt, "timeoutMs", 5000);
    return rt;
  }

  private static List<SampleResult> run(String profile, TestElement sampler) throws Exception {
    return EngineHarness.run(
        EngineHarness.threadGroup(1, 2),
        List.of(connection(profile)),
        List.of(sampler),
        Duration.ofSeconds(30));
  }

  private static void refused(List<SampleResult> samples, String expected) {
    assertEquals(2, samples.size());
    for (SampleResult s : samples) {
      String m = s.getResponseMessage();
      assertFalse(s.isSuccessful(), m);
      assertTrue(m.contains(expected), m);
      assertTrue(m.contains("RabbitMQ 4.x (profile rabbitmq4"), m);
      assertFalse(m.contains("--"), "no command-line option in a sampler's message: " + m);
      assertEquals(1, m.strip().lines().count(), m);
    }
  }

  @Test
  void pickedFromTheOpenFrameArtemisDoesEverything() throws Exception {
    for (SampleResult s : run("auto", roundTrip())) {
      assertTrue(s.isSuccessful(), s.getResponseMessage());
    }
    List<SampleResult> tx = run("", consume("topic://jm.profile.t", "transacted"));
    for (SampleResult s : tx) {
      assertTrue(s.getResponseMessage().contains("no message on"), s.getResponseMessage());
    }
  }

  @Test
  void whatTheProfileCannotDoNamesTheSamplersField() throws Exception {
    refused(
        run("rabbitmq4", consume("topic://jm.profile.t", "auto")),
        "destination: RabbitMQ 4.x (profile rabbitmq4, the AMQP Connection's Broker profile) has"
            + " no topic address a client can subscribe to");
    refused(
        run("rabbitmq4", consume("queue://jm.profile.q", "transacted")),
        "acknowledgement: RabbitMQ 4.x");
    refused(run("rabbitmq4", roundTrip()), "creates no queue on demand, and Round Trip uses");
  }

  @Test
  void anUnknownProfileIsNamedWithItsField() throws Exception {
    for (SampleResult s : run("rabbit", roundTrip())) {
      assertFalse(s.isSuccessful());
      assertTrue(
          s.getResponseMessage().contains("brokerProfile: 'rabbit' is not a broker profile"),
          s.getResponseMessage());
    }
  }
}
