package io.loadlab.core.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.broker.BrokerTls;
import io.loadlab.core.broker.EmbeddedBrokerExtension;
import io.loadlab.core.failure.UnreachableTargetException;
import io.loadlab.core.failure.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** AMQP over TLS against an embedded broker with a self-signed certificate. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AmqpTlsTest {
  @TempDir static Path dir;

  @RegisterExtension
  static final EmbeddedBrokerExtension BROKER = EmbeddedBrokerExtension.withTls();

  private static AmqpConnectionSettings.Builder settings() {
    return AmqpConnectionSettings.builder(BROKER.amqpUri());
  }

  @Test
  void brokerAdvertisesAnAmqpsUri() {
    assertTrue(BROKER.get().isTls());
    assertEquals("amqps://127.0.0.1:" + BROKER.get().port(), BROKER.amqpUri());
    assertFalse(
        new BrokerTls(BROKER.tls().keyStore(), BROKER.tls().keyStorePassword())
            .toString()
            .contains(BROKER.tls().keyStorePassword()));
  }

  @Test
  void roundTripOverTlsWithTheTrustStore() throws Exception {
    Path passwordFile =
        Files.writeString(dir.resolve("trust-pw.txt"), BROKER.tls().trustPassword() + "\n");
    AmqpConnectionSettings s =
        settings()
            .trustStore(BROKER.tls().trustStore())
            .trustStorePasswordFrom(passwordFile)
            .build();
    assertFalse(s.describe().contains(BROKER.tls().trustPassword()), s.describe());
    try (AmqpClient client = AmqpClient.connect(s)) {
      client.publish("tls-rt", new byte[] {1, 2, 3}, false, (Map<String, ?>) null);
      long nanos = client.roundTrip("tls-rt", 64);
      assertTrue(nanos > 0 && nanos < TimeUnit.SECONDS.toNanos(30), "latency " + nanos);
    }
  }

  @Test
  void withoutTheTrustStoreTheHandshakeFailsSayingSo() {
    UnreachableTargetException e =
        assertThrows(
            UnreachableTargetException.class, () -> AmqpClient.connect(settings().build()));
    assertTrue(e.getMessage().startsWith("TLS handshake"), e.getMessage());
    assertTrue(e.getMessage().contains("--trust-store"), e.getMessage());
    assertEquals(1, e.getMessage().lines().count(), e.getMessage());
  }

  @Test
  void aWrongTrustStorePasswordFailsNamingThePassword() {
    AmqpConnectionSettings.Builder b =
        settings().trustStore(BROKER.tls().trustStore()).trustStorePassword("not-the-password");
    UsageException e = assertThrows(UsageException.class, b::build);
    assertTrue(e.getMessage().startsWith("--trust-store: cannot open"), e.getMessage());
    assertTrue(e.getMessage().contains("password"), e.getMessage());
    assertFalse(e.getMessage().contains("not-the-password"), e.getMessage());
  }

  @Test
  void plainAmqpIsNotAcceptedOnTheTlsPort() {
    String plain = "amqp://127.0.0.1:" + BROKER.get().port() + "?jms.connectTimeout=1500";
    assertThrows(
        UnreachableTargetException.class,
        () -> AmqpClient.connect(AmqpConnectionSettings.builder(plain).build()));
  }
}
