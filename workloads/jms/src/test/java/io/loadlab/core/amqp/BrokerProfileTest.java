package io.loadlab.core.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.broker.EmbeddedBroker;
import io.loadlab.core.failure.LoadlabException;
import io.loadlab.core.failure.UsageException;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BrokerProfileTest {
  private static BrokerIdentity id(String product, String version) {
    return new BrokerIdentity(product, version, Map.of());
  }

  @Test
  void theOpenFramesProductAndVersionPickTheProfile() {
    assertSame(
        BrokerProfile.ARTEMIS, BrokerProfile.detect(id("apache-activemq-artemis", "2.40.0")));
    assertSame(BrokerProfile.RABBITMQ3, BrokerProfile.detect(id("RabbitMQ", "3.10.8")));
    assertSame(BrokerProfile.RABBITMQ4, BrokerProfile.detect(id("RabbitMQ", "4.1.0")));
    assertSame(BrokerProfile.RABBITMQ4, BrokerProfile.detect(id("RabbitMQ", "4.0.5")));
    assertSame(BrokerProfile.QPID_BROKER_J, BrokerProfile.detect(id("qpid", "9.2.0")));
    // What Broker-J 8 and 9 send (read from 9.2.0's open frame).
    for (String version : new String[] {"8.0.6", "9.2.0"}) {
      assertSame(
          BrokerProfile.QPID_BROKER_J,
          BrokerProfile.detect(id("Apache Qpid Broker-J Core", version)));
    }
    assertSame(
        BrokerProfile.QPID_DISPATCH, BrokerProfile.detect(id("qpid-dispatch-router", "1.19")));
    assertSame(BrokerProfile.QPID_DISPATCH, BrokerProfile.detect(id("skupper-router", "2.7")));
    // The Qpid C++ broker is not Broker-J (other management, no queue policies alike).
    assertSame(BrokerProfile.GENERIC, BrokerProfile.detect(id("qpid-cpp", "1.39.0")));
    assertSame(BrokerProfile.GENERIC, BrokerProfile.detect(id("SomethingMQ", "1")));
    assertSame(BrokerProfile.GENERIC, BrokerProfile.detect(BrokerIdentity.UNKNOWN));
  }

  @Test
  void profilesNameQueuesAndTopicsTheirBrokersWay() {
    AmqpConnectionSettings s = AmqpConnectionSettings.of("amqp://h:1");
    AmqpDestination q = AmqpDestination.queue("q1");
    AmqpDestination t = AmqpDestination.topic("t1");
    assertEquals("q1", s.address(q));
    assertEquals("/queue/q1", s.withProfile(BrokerProfile.RABBITMQ3).address(q));
    assertEquals("/topic/t1", s.withProfile(BrokerProfile.RABBITMQ3).address(t));
    assertEquals("/queues/q1", s.withProfile(BrokerProfile.RABBITMQ4).address(q));
    assertEquals("/exchanges/amq.topic/t1", s.withProfile(BrokerProfile.RABBITMQ4).address(t));
    assertEquals("amq.topic/t1", s.withProfile(BrokerProfile.QPID_BROKER_J).address(t));
    // Qpid JMS's own prefixes in the URI win: names go as given.
    AmqpConnectionSettings own =
        AmqpConnectionSettings.of("amqp://h:1?jms.queuePrefix=/queue/")
            .withProfile(BrokerProfile.RABBITMQ3);
    assertEquals("q1", own.address(q));
  }

  @Test
  void aProfileNameIsCheckedWithTheOptionNamed() {
    assertSame(
        BrokerProfile.QPID_BROKER_J, BrokerProfile.parse("--broker-profile", "Qpid-Broker-J"));
    UsageException e =
        assertThrows(UsageException.class, () -> BrokerProfile.parse("--broker-profile", "kafka"));
    assertTrue(e.getMessage().startsWith("--broker-profile: 'kafka' is not"), e.getMessage());
    assertTrue(e.getMessage().contains("rabbitmq3"), e.getMessage());
  }

  @Test
  void whatAProfileCannotDoIsRefusedBeforeTheRun() {
    AmqpConnectionSettings rabbit =
        AmqpConnectionSettings.of("amqp://h:1").withProfile(BrokerProfile.RABBITMQ3);
    ThroughputSettings d = ThroughputSettings.defaults(rabbit, List.of(64));
    UsageException tx =
        assertThrows(
            UsageException.class,
            () ->
                new ThroughputSettings(
                    rabbit,
                    d.sizes(),
                    10,
                    1,
                    1,
                    1,
                    ThroughputMode.SHARED,
                    false,
                    10,
                    10,
                    0,
                    false,
                    10,
                    1,
                    false,
                    "x",
                    d.receiveTimeout()));
    assertTrue(tx.getMessage().startsWith("--tx: RabbitMQ 3.x"), tx.getMessage());
    AmqpConnectionSettings rabbit4 = rabbit.withProfile(BrokerProfile.RABBITMQ4);
    UsageException fanout =
        assertThrows(
            UsageException.class,
            () ->
                new ThroughputSettings(
                    rabbit4,
                    d.sizes(),
                    10,
                    1,
                    2,
                    1,
                    ThroughputMode.FANOUT,
                    false,
                    0,
                    0,
                    0,
                    false,
                    10,
                    1,
                    false,
                    "x",
                    d.receiveTimeout()));
    assertTrue(fanout.getMessage().startsWith("--mode fanout: RabbitMQ 4.x"), fanout.getMessage());
    assertTrue(fanout.getMessage().contains("--broker-profile rabbitmq3"), fanout.getMessage());
  }

  @Test
  void brokerConditionsBecomeOneLineWithTheFix() {
    AmqpConnectionSettings s =
        AmqpConnectionSettings.builder("amqp://h:1").user("bob").password("pw").build();
    Exception notFound =
        new RuntimeException(
            "cannot subscribe",
            new RuntimeException("Queue q-0 not found [condition = amqp:not-found]"));
    LoadlabException r =
        BrokerRefusal.of(s, notFound, "let a subscriber attach to q-0", "", List.of("q-0", "q-1"));
    assertEquals(2, r.exitCode());
    assertTrue(r.getMessage().contains("(amqp:not-found: Queue q-0 not found)"), r.getMessage());
    assertTrue(r.getMessage().contains("create the queues q-0, q-1"), r.getMessage());
    Exception denied =
        new RuntimeException("User bob denied [condition = amqp:unauthorized-access]");
    assertTrue(
        BrokerRefusal.of(s, denied, "attach", "", List.of()).getMessage().contains("user 'bob'"));
    Exception notImplemented =
        new RuntimeException("Transactions not supported [condition = amqp:not-implemented]");
    assertTrue(
        BrokerRefusal.of(s, notImplemented, "open a transacted session", "drop --tx", List.of())
            .getMessage()
            .endsWith("; drop --tx"));
    assertNull(BrokerRefusal.of(s, new RuntimeException("connection reset"), "x", "", List.of()));
  }

  @Test
  void theEmbeddedBrokerSaysItIsArtemis() throws Exception {
    try (EmbeddedBroker broker = EmbeddedBroker.startLocal()) {
      BrokerIdentity id = BrokerIdentity.probe(AmqpConnectionSettings.of(broker.amqpUri()));
      assertTrue(id.product().toLowerCase().contains("artemis"), id.toString());
      assertTrue(id.majorVersion() >= 2, id.toString());
      assertSame(BrokerProfile.ARTEMIS, BrokerProfile.detect(id));
    }
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    assertSame(
        BrokerIdentity.UNKNOWN,
        BrokerIdentity.probe(AmqpConnectionSettings.of("amqp://127.0.0.1:" + port)));
  }
}
