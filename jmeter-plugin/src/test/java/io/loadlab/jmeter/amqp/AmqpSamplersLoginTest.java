package io.loadlab.jmeter.amqp;

import static io.loadlab.jmeter.EngineHarness.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.broker.EmbeddedBrokerExtension;
import io.loadlab.jmeter.EngineHarness;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Artemis requiring a login, seen from a plan: each refusal is named as a login problem and points
 * at the AMQP Connection's own fields, never at command-line options JMeter does not have.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class AmqpSamplersLoginTest {
  private static final String PROPERTY = "amqp.login.test.password";

  @RegisterExtension
  static final EmbeddedBrokerExtension BROKER =
      EmbeddedBrokerExtension.withLogin(Map.of("alice", "s3cret-pw"));

  @AfterEach
  void forgetPassword() {
    if (JMeterUtils.getJMeterProperties() != null) {
      JMeterUtils.getJMeterProperties().remove(PROPERTY);
    }
  }

  private static List<SampleResult> publish(String user, String password) throws Exception {
    AmqpConnectionConfig c = AmqpTestElements.connection(BROKER.amqpUri(), user, PROPERTY, false);
    AmqpPublishSampler p =
        AmqpTestElements.sampler(new AmqpPublishSampler(), "publish", "queue://jm.login");
    with(p, "messageSize", 16);
    with(p, "body", "");
    with(p, "persistent", false);
    with(p, "messageProperties", "");
    if (password != null) {
      // As user.properties would set it (the harness has initialised JMeter's properties).
      EngineHarness.init();
      JMeterUtils.setProperty(PROPERTY, password);
    }
    return EngineHarness.run(
        EngineHarness.threadGroup(1, 2),
        List.of(c),
        List.<TestElement>of(p),
        Duration.ofSeconds(30));
  }

  private static void assertLoginProblem(List<SampleResult> samples, String expected) {
    assertEquals(2, samples.size());
    for (SampleResult s : samples) {
      String m = s.getResponseMessage();
      assertFalse(s.isSuccessful(), m);
      assertTrue(m.contains(expected), m);
      assertFalse(m.contains("--broker") || m.contains("--user") || m.contains("--password"), m);
      assertFalse(m.contains("cannot reach"), m);
      assertFalse(m.contains("s3cret-pw") || m.contains("wrong-pw"), m);
    }
  }

  @Test
  void missingUserNamesTheUserField() throws Exception {
    List<SampleResult> samples = publish("", null);
    assertLoginProblem(samples, "refused an anonymous login");
    assertTrue(samples.get(0).getResponseMessage().contains("User (user)"));
  }

  @Test
  void missingPasswordNamesThePasswordProperty() throws Exception {
    List<SampleResult> samples = publish("alice", null);
    assertLoginProblem(samples, "user 'alice' has no password");
    assertTrue(samples.get(0).getResponseMessage().contains("'" + PROPERTY + "'"));
  }

  @Test
  void wrongPasswordIsALoginProblem() throws Exception {
    assertLoginProblem(publish("alice", "wrong-pw"), "refused the login for user 'alice'");
  }

  @Test
  void theRightLoginPublishes() throws Exception {
    for (SampleResult s : publish("alice", "s3cret-pw")) {
      assertTrue(s.isSuccessful(), s.getResponseMessage());
    }
  }
}
