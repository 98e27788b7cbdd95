package io.loadlab.core.jms.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.amqp.AmqpConnection;
import io.loadlab.core.amqp.AmqpConnectionSettings;
import io.loadlab.core.failure.UnreachableTargetException;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.jms.provider.JmsProvider;
import io.loadlab.core.jms.provider.ProviderFeature;
import java.net.ServerSocket;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ProvidersTest {
  @Test
  void eachBuiltInIsFoundByNameAndNamesItsClientAndProtocol() {
    assertEquals("qpid-jms, artemis, activemq, rabbitmq", Providers.names());
    for (JmsProvider p : Providers.builtIns()) {
      assertEquals(p.getClass(), Providers.named("--provider", p.name().toUpperCase()).getClass());
      assertFalse(p.protocol().isBlank());
      assertFalse(p.clientVersion().endsWith("unknown"), p.clientVersion());
    }
    assertTrue(
        Providers.named("--provider", "artemis")
            .clientVersion()
            .startsWith("artemis-jakarta-client 2."));
    assertTrue(
        Providers.named("--provider", "activemq").clientVersion().startsWith("activemq-client 6."));
    assertEquals(QpidJmsProvider.NAME, Providers.defaultProvider().name());
  }

  @Test
  void anUnknownProviderIsRefusedNamingTheChoices() {
    UsageException e =
        assertThrows(UsageException.class, () -> Providers.named("--provider", "ibm-mq"));
    assertEquals(
        "--provider: 'ibm-mq' is not a JMS provider; use qpid-jms, artemis, activemq, rabbitmq"
            + " (or --jndi FILE for any other)",
        e.getMessage());
    assertEquals(2, e.exitCode());
  }

  @Test
  void aFeatureTheProviderLacksIsRefusedNamingBoth() {
    JmsProvider artemis = Providers.named("--provider", "artemis");
    assertFalse(artemis.supports(ProviderFeature.PRESETTLED));
    UsageException e =
        assertThrows(
            UsageException.class,
            () ->
                AmqpConnectionSettings.builder(artemis, "tcp://127.0.0.1:61616")
                    .presettled(true)
                    .build());
    assertTrue(
        e.getMessage().startsWith("--presettled: provider artemis has no presettled"),
        e.getMessage());
    assertThrows(
        UsageException.class,
        () ->
            AmqpConnectionSettings.builder(
                    Providers.named("--provider", "rabbitmq"), "amqp://h:5672")
                .tcpNoDelay(false)
                .build());
  }

  @Test
  void eachProviderTakesItsOwnUrlsOnly() {
    UsageException e =
        assertThrows(
            UsageException.class,
            () ->
                AmqpConnectionSettings.builder(
                    Providers.named("--provider", "artemis"), "amqp://h:5672"));
    assertTrue(e.getMessage().contains("tcp://host:61616"), e.getMessage());
    assertThrows(
        UsageException.class,
        () ->
            AmqpConnectionSettings.builder(
                Providers.named("--provider", "activemq"), "tcp://:61616"));
    AmqpConnectionSettings.builder(
            Providers.named("--provider", "activemq"), "failover:(tcp://a:1,tcp://b:2)")
        .build();
    assertThrows(UsageException.class, () -> AmqpConnectionSettings.of("tcp://h:61616"));
  }

  @Test
  void aProviderThatCannotReachItsBrokerSaysWhyWithExit3() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort(); // closed again: nothing listens there
    }
    for (String name : new String[] {"artemis", "activemq"}) {
      JmsProvider p = Providers.named("--provider", name);
      AmqpConnectionSettings s =
          AmqpConnectionSettings.builder(
                  p, "tcp://127.0.0.1:" + port + (name.equals("activemq") ? "?soTimeout=5000" : ""))
              .build();
      UnreachableTargetException e =
          assertThrows(UnreachableTargetException.class, () -> AmqpConnection.open(s));
      assertEquals(3, e.exitCode());
      assertTrue(e.getMessage().contains("through " + name), e.getMessage());
    }
  }
}
