package io.loadlab.core.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.broker.EmbeddedBrokerExtension;
import io.loadlab.core.jms.provider.JmsProvider;
import io.loadlab.core.jms.providers.ActiveMqProvider;
import io.loadlab.core.jms.providers.ArtemisCoreProvider;
import io.loadlab.core.jms.providers.Providers;
import io.loadlab.core.jms.providers.QpidJmsProvider;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.broker.TransportConnector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The throughput and latency drivers through each built-in provider against a real broker of its
 * protocol: the embedded Artemis through CORE and AMQP 1.0, an embedded ActiveMQ Classic 6 broker
 * through OpenWire, and one mixed-protocol run (CORE in, AMQP 1.0 out) on Artemis. RabbitMQ's JMS
 * client runs against a real node in {@code RabbitMqJmsRunsTest}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ProviderRunsTest {
  @RegisterExtension static final EmbeddedBrokerExtension BROKER = EmbeddedBrokerExtension.local();

  private static BrokerService classic;
  private static String classicUrl;

  @BeforeAll
  static void startClassic() throws Exception {
    classic = new BrokerService();
    classic.setPersistent(false);
    classic.setUseJmx(false);
    classic.setAdvisorySupport(false);
    classic.setBrokerName("loadlab-test-" + ProcessHandle.current().pid());
    TransportConnector c = classic.addConnector("tcp://127.0.0.1:0");
    classic.start();
    classic.waitUntilStarted();
    classicUrl = "tcp://127.0.0.1:" + c.getConnectUri().getPort();
  }

  @AfterAll
  static void stopClassic() throws Exception {
    if (classic != null) {
      classic.stop();
      classic.waitUntilStopped();
    }
  }

  private static AmqpConnectionSettings on(JmsProvider provider, String url) {
    return AmqpConnectionSettings.builder(provider, url).prefetch(100).build();
  }

  private static AmqpConnectionSettings artemisCore() {
    JmsProvider p = Providers.named("--provider", ArtemisCoreProvider.NAME);
    return on(p, BROKER.get().urlFor(p));
  }

  private static AmqpConnectionSettings activeMq() {
    return on(Providers.named("--provider", ActiveMqProvider.NAME), classicUrl);
  }

  static void assertNoneLost(ThroughputDriverTest.Outcome o, long each) {
    assertEquals(RunStatus.OK, o.result().status(), o.result().statusReason());
    for (IterationResult r : o.iterations()) {
      assertEquals(each, r.published());
      assertEquals(each, r.received());
      for (DeliveryReport d : r.deliveries()) {
        assertEquals(0, d.lost() + d.duplicates() + d.outOfOrder() + d.foreign(), d.toString());
      }
    }
    assertEquals(0.0, o.result().figures().get("lost"));
  }

  static ThroughputSettings throughput(AmqpConnectionSettings c, String base) {
    ThroughputSettings d = ThroughputSettings.defaults(c, List.of(64));
    return new ThroughputSettings(
        c,
        d.sizes(),
        1000,
        2,
        2,
        1,
        ThroughputMode.SHARED,
        false,
        0,
        0,
        0,
        false,
        100,
        1,
        false,
        base + "-" + System.nanoTime(),
        Duration.ofSeconds(10));
  }

  static void assertLatencyRun(AmqpConnectionSettings c, String base) {
    LatencySettings s =
        new LatencySettings(
            c,
            List.of(64),
            200,
            0,
            1,
            0,
            false,
            false,
            base + "-" + System.nanoTime(),
            Duration.ofSeconds(10));
    RunResult r = LatencyDriverTest.run(s, Duration.ofSeconds(2));
    assertEquals(RunStatus.OK, r.status(), r.statusReason());
    double sent = r.figures().get("sent size=64");
    assertTrue(sent > 0, r.figures().toString());
    assertEquals(sent, r.figures().get("received size=64"));
    assertEquals((long) sent, r.totals().get("latency size=64").count());
  }

  @Test
  void artemisCoreThroughputLosesNothing() {
    assertNoneLost(ThroughputDriverTest.run(throughput(artemisCore(), "core-tp")), 2000);
  }

  @Test
  void artemisCoreLatencyRuns() {
    assertLatencyRun(artemisCore(), "core-lat");
  }

  @Test
  void activeMqClassicThroughputLosesNothing() {
    assertNoneLost(ThroughputDriverTest.run(throughput(activeMq(), "ow-tp")), 2000);
  }

  @Test
  void activeMqClassicTransactionsAndFanoutLoseNothing() {
    ThroughputSettings base = throughput(activeMq(), "ow-tx");
    ThroughputSettings s =
        new ThroughputSettings(
            base.connection(),
            base.sizes(),
            500,
            1,
            2,
            1,
            ThroughputMode.FANOUT,
            true,
            10,
            10,
            0,
            false,
            100,
            1,
            false,
            base.baseName(),
            Duration.ofSeconds(10));
    ThroughputDriverTest.Outcome o = ThroughputDriverTest.run(s);
    assertEquals(RunStatus.OK, o.result().status(), o.result().statusReason());
    IterationResult r = o.iterations().get(0);
    assertEquals(500, r.published());
    assertEquals(2 * 500, r.received());
    assertEquals(0.0, o.result().figures().get("lost"));
  }

  @Test
  void activeMqClassicLatencyRuns() {
    assertLatencyRun(activeMq(), "ow-lat");
  }

  @Test
  void qpidJmsThroughputStillRunsAsBefore() {
    JmsProvider p = Providers.named("--provider", QpidJmsProvider.NAME);
    assertNoneLost(
        ThroughputDriverTest.run(throughput(on(p, BROKER.get().urlFor(p)), "amqp-tp")), 2000);
  }

  @Test
  void coreInAmqpOutOnOneArtemisLosesNothing() {
    JmsProvider amqp = Providers.named("--consumer-provider", QpidJmsProvider.NAME);
    AmqpConnectionSettings mixed = artemisCore().withConsumer(on(amqp, BROKER.get().urlFor(amqp)));
    assertTrue(mixed.mixed());
    assertNoneLost(ThroughputDriverTest.run(throughput(mixed, "mixed-tp")), 2000);
    assertLatencyRun(mixed, "mixed-lat");
  }
}
