package io.loadlab.jmeter.net;

import io.loadlab.jmeter.BeanInfoBase;

/** GUI descriptors of {@link NetRrSampler}. */
public class NetRrSamplerBeanInfo extends BeanInfoBase {
  public NetRrSamplerBeanInfo() {
    super(NetRrSampler.class);
    createPropertyGroup("target", new String[] {"target", "protocol"});
    createPropertyGroup("transaction", new String[] {"requestSize", "responseSize", "labelSuffix"});
    text("target", "net");
    choice("protocol", NetRrSampler.TCP, NetRrSampler.TCP, NetRrSampler.UDP);
    number("requestSize", 1);
    number("responseSize", 1);
    text("labelSuffix", "");
  }
}
