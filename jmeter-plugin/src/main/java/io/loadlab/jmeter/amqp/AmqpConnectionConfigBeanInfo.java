package io.loadlab.jmeter.amqp;

import io.loadlab.jmeter.BeanInfoBase;

/** GUI descriptors of {@link AmqpConnectionConfig}. */
public class AmqpConnectionConfigBeanInfo extends BeanInfoBase {
  public AmqpConnectionConfigBeanInfo() {
    super(AmqpConnectionConfig.class);
    createPropertyGroup("variable", new String[] {"variableName"});
    createPropertyGroup(
        "broker",
        new String[] {
          "provider",
          "brokerUri",
          "user",
          "passwordProperty",
          "brokerProfile",
          "jndiFile",
          "providerJars"
        });
    createPropertyGroup(
        "connections",
        new String[] {"sharedConnection", "prefetch", "presettled", "noDelay", "waitStrategy"});
    text("variableName", "amqp");
    choice("provider", "qpid-jms", "qpid-jms", "artemis", "activemq", "rabbitmq", "jndi");
    text("brokerUri", "amqp://127.0.0.1:5672");
    text("jndiFile", "");
    text("providerJars", "");
    text("user", "");
    text("passwordProperty", "amqp.password");
    choice(
        "brokerProfile",
        "auto",
        "auto",
        "artemis",
        "rabbitmq3",
        "rabbitmq4",
        "qpid-broker-j",
        "qpid-dispatch",
        "generic");
    flag("sharedConnection", false);
    number("prefetch", -1);
    flag("presettled", false);
    flag("noDelay", true);
    choice("waitStrategy", "auto", "auto", "conservative", "balanced", "progressive");
  }
}
