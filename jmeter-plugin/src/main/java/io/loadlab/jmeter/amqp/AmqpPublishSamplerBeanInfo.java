package io.loadlab.jmeter.amqp;

import io.loadlab.jmeter.BeanInfoBase;

/** GUI descriptors of {@link AmqpPublishSampler}. */
public class AmqpPublishSamplerBeanInfo extends BeanInfoBase {
  public AmqpPublishSamplerBeanInfo() {
    super(AmqpPublishSampler.class);
    createPropertyGroup("where", new String[] {"connection", "destination"});
    createPropertyGroup(
        "message",
        new String[] {"messageSize", "body", "persistent", "messageProperties", "labelSuffix"});
    text("connection", "amqp");
    text("destination", "queue://loadlab");
    number("messageSize", 64);
    multiline("body", "");
    flag("persistent", false);
    multiline("messageProperties", "");
    text("labelSuffix", "");
  }
}
