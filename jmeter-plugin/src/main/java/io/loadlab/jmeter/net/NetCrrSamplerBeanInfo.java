package io.loadlab.jmeter.net;

import io.loadlab.jmeter.BeanInfoBase;

/** GUI descriptors of {@link NetCrrSampler}. */
public class NetCrrSamplerBeanInfo extends BeanInfoBase {
  public NetCrrSamplerBeanInfo() {
    super(NetCrrSampler.class);
    createPropertyGroup("target", new String[] {"target"});
    createPropertyGroup("transaction", new String[] {"requestSize", "responseSize", "labelSuffix"});
    text("target", "net");
    number("requestSize", 1);
    number("responseSize", 1);
    text("labelSuffix", "");
  }
}
