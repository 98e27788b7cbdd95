package io.loadlab.jmeter.amqp;

import io.loadlab.jmeter.BeanInfoBase;

/** GUI descriptors of {@link AmqpConsumeSampler}. */
public class AmqpConsumeSamplerBeanInfo extends BeanInfoBase {
  public AmqpConsumeSamplerBeanInfo() {
    super(AmqpConsumeSampler.class);
    createPropertyGroup("where", new String[] {"connection", "destination"});
    createPropertyGroup(
        "receive", new String[] {"timeoutMs", "onTimeout", "acknowledgement", "labelSuffix"});
    text("connection", "amqp");
    text("destination", "queue://loadlab");
    number("timeoutMs", 5000);
    choice("onTimeout", "fail", "fail", "empty");
    choice("acknowledgement", "auto", "auto", "client", "transacted");
    text("labelSuffix", "");
  }
}
