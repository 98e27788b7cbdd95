package io.loadlab.jmeter.amqp;

import static io.loadlab.jmeter.EngineHarness.with;

/**
 * The AMQP Connection and sampler elements the AMQP sampler tests put in their plans, every field
 * set as the GUI's defaults set it; each test changes only what it is about.
 */
final class AmqpTestElements {
  private AmqpTestElements() {}

  /** An AMQP Connection named {@code amqp} to {@code brokerUri}, logged in as {@code user}. */
  static AmqpConnectionConfig connection(
      String brokerUri, String user, String passwordProperty, boolean shared) {
    AmqpConnectionConfig c = new AmqpConnectionConfig();
    c.setName("amqp");
    with(c, "variableName", "amqp");
    with(c, "brokerUri", brokerUri);
    with(c, "user", user);
    with(c, "passwordProperty", passwordProperty);
    with(c, "sharedConnection", shared);
    with(c, "prefetch", -1);
    with(c, "presettled", false);
    with(c, "noDelay", true);
    with(c, "waitStrategy", "auto");
    return c;
  }

  /** An anonymous AMQP Connection named {@code amqp} to {@code brokerUri}. */
  static AmqpConnectionConfig connection(String brokerUri, boolean shared) {
    return connection(brokerUri, "", "amqp.password", shared);
  }

  /** The sampler {@code s}, named, on the connection {@code amqp} and the destination given. */
  static <T extends AmqpSamplerBase> T sampler(T s, String name, String destination) {
    s.setName(name);
    with(s, "connection", "amqp");
    with(s, "destination", destination);
    with(s, "labelSuffix", "");
    return s;
  }
}
