package io.loadlab.core.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The probe against peers that answer as brokers that cannot run here do (Qpid Dispatch Router,
 * RabbitMQ 4): it logs in with a mechanism the peer offers, as Qpid JMS would, and reads the
 * product from the open frame. Qpid Broker-J (SCRAM-SHA-256 and PLAIN), RabbitMQ 3 and Artemis are
 * probed for real in their own tests.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class BrokerIdentityTest {
  private static final Map<String, String> DISPATCH =
      Map.of("product", "qpid-dispatch-router", "version", "1.19.0");
  private static final Map<String, String> RABBITMQ4 =
      Map.of("product", "RabbitMQ", "version", "4.1.0", "cluster_name", "rabbit@lab");

  private static AmqpConnectionSettings login(String uri, String user, String password) {
    return AmqpConnectionSettings.builder(uri).user(user).password(password).build();
  }

  @Test
  void qpidDispatchIsRecognisedFromItsOpenFrameAnonymouslyOrLoggedIn() throws Exception {
    try (OpenFramePeer router =
        new OpenFramePeer(List.of("ANONYMOUS"), DISPATCH, "alice", "pw-a")) {
      BrokerIdentity anonymous = BrokerIdentity.probe(AmqpConnectionSettings.of(router.uri()));
      assertEquals("qpid-dispatch-router", anonymous.product());
      assertEquals(1, anonymous.majorVersion());
      assertSame(BrokerProfile.QPID_DISPATCH, BrokerProfile.detect(anonymous));
      // A user given, only ANONYMOUS offered: Qpid JMS logs in anonymously, and so does the probe.
      BrokerIdentity named = BrokerIdentity.probe(login(router.uri(), "alice", "pw-a"));
      assertSame(BrokerProfile.QPID_DISPATCH, BrokerProfile.detect(named));
      assertEquals(List.of("ANONYMOUS", "ANONYMOUS"), router.chosen());
    }
  }

  @Test
  void rabbitMq4IsRecognisedAfterALoginWithTheMechanismItPrefers() throws Exception {
    try (OpenFramePeer rabbit =
        new OpenFramePeer(List.of("ANONYMOUS", "PLAIN"), RABBITMQ4, "alice", "pw-a")) {
      BrokerIdentity id = BrokerIdentity.probe(login(rabbit.uri(), "alice", "pw-a"));
      assertEquals("RabbitMQ", id.product());
      assertEquals("rabbit@lab", id.properties().get("cluster_name"));
      assertSame(BrokerProfile.RABBITMQ4, BrokerProfile.detect(id));
      assertEquals(List.of("PLAIN"), rabbit.chosen(), "a user's login, not an anonymous one");
    }
  }

  @Test
  void aRefusedLoginOrAMechanismRuledOutByTheUriLeavesTheBrokerUnknownAtOnce() throws Exception {
    try (OpenFramePeer rabbit = new OpenFramePeer(List.of("PLAIN"), RABBITMQ4, "alice", "pw-a")) {
      long start = System.nanoTime();
      assertSame(BrokerIdentity.UNKNOWN, BrokerIdentity.probe(login(rabbit.uri(), "alice", "no")));
      assertEquals(List.of("REFUSED"), rabbit.chosen());
      // amqp.saslMechanisms narrows the choice as it does Qpid JMS's: nothing left to log in with.
      String onlyScram = rabbit.uri() + "?amqp.saslMechanisms=SCRAM-SHA-256";
      assertSame(BrokerIdentity.UNKNOWN, BrokerIdentity.probe(login(onlyScram, "alice", "pw-a")));
      assertEquals(List.of("REFUSED"), rabbit.chosen(), "no login was attempted");
      long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertEquals(true, ms < 5_000, "took " + ms + " ms: the probe waited for its timeout");
    }
  }

  @Test
  void uriOptionsAreFoundOnTheAddressOrUnderAFailoverUri() {
    assertEquals(
        "default", OpenFrameProbe.option("amqp://h:1?amqp.vhost=default&x=1", "amqp.vhost"));
    assertEquals(
        "PLAIN,ANONYMOUS",
        OpenFrameProbe.option(
            "failover:(amqp://a:1,amqp://b:1)?failover.nested.amqp.saslMechanisms=PLAIN%2CANONYMOUS",
            "amqp.saslMechanisms"));
    assertEquals(null, OpenFrameProbe.option("amqp://h:1?xamqp.vhost=v", "amqp.vhost"));
    assertEquals("a", OpenFrameProbe.firstAddress("failover:(amqp://a:1,amqp://b:1)").getHost());
  }
}
