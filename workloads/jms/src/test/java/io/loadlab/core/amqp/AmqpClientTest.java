package io.loadlab.core.amqp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.broker.EmbeddedBrokerExtension;
import io.loadlab.core.failure.UnreachableTargetException;
import io.loadlab.core.failure.UsageException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AmqpClientTest {
  @RegisterExtension static final EmbeddedBrokerExtension BROKER = EmbeddedBrokerExtension.local();

  @Test
  void publishedMessageIsReceivedWithBodyAndProperties() throws Exception {
    try (AmqpClient client = AmqpClient.connect(AmqpConnectionSettings.of(BROKER.amqpUri()))) {
      client.subscribe("client-test-1");
      byte[] body = Payloads.of(100);
      client.publish("client-test-1", body, false, Map.of("color", "blue", "n", 7));
      ReceivedMessage m = client.receive("client-test-1", Duration.ofSeconds(10));
      assertNotNull(m);
      assertArrayEquals(body, m.body());
      assertEquals(100, m.bodyLength());
      assertEquals("blue", m.property("color"));
      assertEquals(7, m.property("n"));
      assertNull(m.stamp());
      assertNull(client.receive("client-test-1", Duration.ofMillis(200)));
    }
  }

  @Test
  void throughputSettingsDeliverEveryMessage() throws Exception {
    AmqpConnectionSettings tuned =
        AmqpConnectionSettings.builder(BROKER.amqpUri())
            .presettled(true)
            .tcpNoDelay(false)
            .waitStrategy(WaitStrategy.PROGRESSIVE)
            .build();
    try (AmqpClient publisher = AmqpClient.connect(tuned);
        AmqpClient consumer = AmqpClient.connect(AmqpConnectionSettings.of(BROKER.amqpUri()))) {
      consumer.subscribe("client-tuned");
      int n = 5_000;
      for (int i = 0; i < n; i++) {
        publisher.publish("client-tuned", Payloads.of(64), false, (Map<String, ?>) null);
      }
      int received = 0;
      while (received < n && consumer.receive("client-tuned", Duration.ofSeconds(10)) != null) {
        received++;
      }
      assertEquals(n, received);
    }
  }

  @Test
  void smallFramesCarryALargerMessageWhole() throws Exception {
    AmqpConnectionSettings small =
        AmqpConnectionSettings.builder(BROKER.amqpUri()).maxFrameSize(1024).build();
    try (AmqpClient client = AmqpClient.connect(small)) {
      client.subscribe("client-frames");
      byte[] body = Payloads.of(10_000);
      client.publish("client-frames", body, false, (Map<String, ?>) null);
      assertArrayEquals(body, client.receive("client-frames", Duration.ofSeconds(10)).body());
    }
    assertThrows(
        UsageException.class,
        () -> AmqpConnectionSettings.builder(BROKER.amqpUri()).maxFrameSize(100));
    assertTrue(small.factoryUri().contains("amqp.maxFrameSize=1024"), small.factoryUri());
  }

  @Test
  void roundTripReturnsAPositiveLatencyAndSkipsStaleMessages() throws Exception {
    AmqpConnection shared = AmqpConnection.open(AmqpConnectionSettings.of(BROKER.amqpUri()));
    try (shared;
        AmqpClient client = shared.newClient(Acknowledgement.CLIENT)) {
      client.publish("client-rt", new byte[] {1, 2, 3}, false, (Map<String, ?>) null);
      long nanos = client.roundTrip("client-rt", 64);
      assertTrue(nanos > 0 && nanos < TimeUnit.SECONDS.toNanos(30), "latency " + nanos);
      assertTrue(client.roundTrip("client-rt", 64) > 0);
    }
  }

  @Test
  void stampTravelsWithTheMessage() throws Exception {
    try (AmqpClient client = AmqpClient.connect(AmqpConnectionSettings.of(BROKER.amqpUri()))) {
      client.subscribe("topic://client-stamp");
      client.publish("topic://client-stamp", new byte[8], true, new MessageStamp(3, 42, 1234));
      ReceivedMessage m = client.receive("topic://client-stamp", Duration.ofSeconds(10));
      assertEquals(new MessageStamp(3, 42, 1234), m.stamp());
    }
  }

  @Test
  void receiveIsInterruptible() throws Exception {
    try (AmqpClient client = AmqpClient.connect(AmqpConnectionSettings.of(BROKER.amqpUri()))) {
      client.subscribe("client-interrupt");
      Thread.currentThread().interrupt();
      assertThrows(
          InterruptedException.class,
          () -> client.receive("client-interrupt", Duration.ofSeconds(20)));
    }
  }

  @Test
  void unreachableBrokerIsReportedAsSuch() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    UnreachableTargetException e =
        assertThrows(
            UnreachableTargetException.class,
            () -> AmqpClient.connect(AmqpConnectionSettings.of("amqp://127.0.0.1:" + port)));
    assertTrue(e.getMessage().contains("cannot reach"), e.getMessage());
  }

  @Test
  void settingsRejectNonAmqpUrisAndNeverShowThePassword() {
    assertThrows(UsageException.class, () -> AmqpConnectionSettings.of("http://x"));
    AmqpConnectionSettings s =
        AmqpConnectionSettings.builder("amqp://u:secret@h:5672")
            .user("bob")
            .password("hunter2")
            .prefetch(10)
            .presettled(true)
            .build();
    assertTrue(!s.toString().contains("secret") && !s.toString().contains("hunter2"), s.toString());
    assertEquals(
        "amqp://u:secret@h:5672?jms.prefetchPolicy.all=10&jms.presettlePolicy.presettleAll=true"
            + "&jms.receiveLocalOnly=true&jms.receiveNoWaitLocalOnly=true&jms.requestTimeout=30000&jms.closeTimeout=5000",
        s.factoryUri());
    assertEquals(
        "failover:(amqp://a:1,amqp://b:2)?x=1&jms.prefetchPolicy.all=5"
            + "&jms.receiveLocalOnly=true&jms.receiveNoWaitLocalOnly=true"
            + "&failover.startupMaxReconnectAttempts=10&jms.requestTimeout=30000&jms.closeTimeout=5000",
        AmqpConnectionSettings.builder("failover:(amqp://a:1,amqp://b:2)?x=1")
            .prefetch(5)
            .build()
            .factoryUri());
  }

  @Test
  void tcpNoDelayAndWaitStrategyBecomeQpidOptions() {
    assertEquals(
        "amqp://h:1?jms.receiveLocalOnly=true&jms.receiveNoWaitLocalOnly=true"
            + "&provider.futureType=progressive&transport.tcpNoDelay=false&jms.requestTimeout=30000&jms.closeTimeout=5000",
        AmqpConnectionSettings.builder("amqp://h:1")
            .tcpNoDelay(false)
            .waitStrategy(WaitStrategy.PROGRESSIVE)
            .build()
            .factoryUri());
    assertEquals(
        "failover:(amqp://a:1)?jms.receiveLocalOnly=true&jms.receiveNoWaitLocalOnly=true"
            + "&failover.startupMaxReconnectAttempts=10&provider.futureType=balanced"
            + "&failover.nested.transport.tcpNoDelay=false&jms.requestTimeout=30000&jms.closeTimeout=5000",
        AmqpConnectionSettings.builder("failover:(amqp://a:1)")
            .tcpNoDelay(false)
            .waitStrategy(WaitStrategy.BALANCED)
            .build()
            .factoryUri());
    // The defaults add nothing, and options already in the URI win.
    assertEquals(
        "amqp://h:1?transport.tcpNoDelay=true&provider.futureType=conservative"
            + "&jms.receiveLocalOnly=true&jms.receiveNoWaitLocalOnly=true&jms.requestTimeout=30000&jms.closeTimeout=5000",
        AmqpConnectionSettings.builder(
                "amqp://h:1?transport.tcpNoDelay=true&provider.futureType=conservative")
            .tcpNoDelay(false)
            .waitStrategy(WaitStrategy.PROGRESSIVE)
            .build()
            .factoryUri());
    assertEquals(WaitStrategy.BALANCED, WaitStrategy.parse("--wait-strategy", " Balanced "));
    UsageException e =
        assertThrows(UsageException.class, () -> WaitStrategy.parse("--wait-strategy", "fast"));
    assertEquals(
        "--wait-strategy: 'fast' is not a wait strategy;"
            + " use one of auto, conservative, balanced, progressive",
        e.getMessage());
  }
}
