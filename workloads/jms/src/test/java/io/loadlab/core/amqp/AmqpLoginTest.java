package io.loadlab.core.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.broker.EmbeddedBrokerExtension;
import io.loadlab.core.failure.UsageException;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A broker that requires a login: every refusal is named as a login problem, exit 2. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AmqpLoginTest {
  @RegisterExtension
  static final EmbeddedBrokerExtension BROKER =
      EmbeddedBrokerExtension.withLogin(Map.of("alice", "s3cret-pw"));

  @Test
  void theProbeLogsInAsTheClientsDoAndFindsArtemis() {
    AmqpConnectionSettings alice =
        AmqpConnectionSettings.builder(BROKER.amqpUri())
            .user("alice")
            .password("s3cret-pw")
            .build();
    assertEquals(BrokerProfile.ARTEMIS, BrokerProfile.detect(BrokerIdentity.probe(alice)));
  }

  @Test
  void anonymousLoginIsRefusedAsALoginProblem() {
    UsageException e =
        assertThrows(
            UsageException.class,
            () -> AmqpConnection.open(AmqpConnectionSettings.of(BROKER.amqpUri())));
    assertEquals(2, e.exitCode());
    assertTrue(e.getMessage().contains("refused an anonymous login"), e.getMessage());
    assertTrue(e.getMessage().contains("--user"), e.getMessage());
    assertTrue(e.getMessage().contains(AmqpConnectionSettings.PASSWORD_ENV), e.getMessage());
  }

  @Test
  void aUserWithoutPasswordIsRefusedBeforeConnectingNeverTriedAnonymously() {
    UsageException e =
        assertThrows(
            UsageException.class,
            () -> AmqpConnectionSettings.builder(BROKER.amqpUri()).user("alice").build());
    assertTrue(e.getMessage().startsWith("--user: user 'alice' has no password"), e.getMessage());
    assertTrue(e.getMessage().contains("--password-file"), e.getMessage());
  }

  @Test
  void wrongPasswordAndUnknownUserAreNamedAsLoginProblems() {
    for (String[] login : new String[][] {{"alice", "wrong"}, {"mallory", "s3cret-pw"}}) {
      AmqpConnectionSettings s =
          AmqpConnectionSettings.builder(BROKER.amqpUri())
              .user(login[0])
              .password(login[1])
              .build();
      UsageException e = assertThrows(UsageException.class, () -> AmqpConnection.open(s));
      assertTrue(
          e.getMessage().contains("refused the login for user '" + login[0] + "'"), e.getMessage());
      assertTrue(e.getMessage().contains("--password-file"), e.getMessage());
      assertFalse(e.getMessage().contains(login[1]), "the password is never shown");
      assertFalse(e.getMessage().contains("cannot reach"), e.getMessage());
    }
  }

  @Test
  void theFrontEndsNamesAreUsed() {
    AmqpConnectionSettings.Names jmeter =
        new AmqpConnectionSettings.Names("Broker URI", "User field", "Password property");
    AmqpConnectionSettings s =
        AmqpConnectionSettings.builder(BROKER.amqpUri()).names(jmeter).build();
    UsageException e = assertThrows(UsageException.class, () -> AmqpConnection.open(s));
    assertTrue(e.getMessage().contains("give User field"), e.getMessage());
    assertFalse(e.getMessage().contains("--"), e.getMessage());
  }

  @Test
  void theRightLoginWorks() throws Exception {
    AmqpConnectionSettings s =
        AmqpConnectionSettings.builder(BROKER.amqpUri())
            .user("alice")
            .password("s3cret-pw")
            .build();
    try (AmqpClient c = AmqpClient.connect(s)) {
      assertTrue(c.roundTrip("login-test", 16) > 0);
    }
  }
}
