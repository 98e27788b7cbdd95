package io.loadlab.jmeter.amqp;

import io.loadlab.jmeter.BeanInfoBase;

/** GUI descriptors of {@link AmqpRoundTripSampler}. */
public class AmqpRoundTripSamplerBeanInfo extends BeanInfoBase {
  public AmqpRoundTripSamplerBeanInfo() {
    super(AmqpRoundTripSampler.class);
    createPropertyGroup("where", new String[] {"connection", "destination"});
    createPropertyGroup("message", new String[] {"messageSize", "timeoutMs", "labelSuffix"});
    text("connection", "amqp");
    text("destination", "queue://loadlab.rt");
    number("messageSize", 64);
    number("timeoutMs", 30000);
    text("labelSuffix", "");
  }
}
