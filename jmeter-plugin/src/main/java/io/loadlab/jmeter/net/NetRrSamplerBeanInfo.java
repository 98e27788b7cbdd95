package io.loadlab.jmeter.net;

import io.loadlab.core.net.NetWorkload;
import io.loadlab.core.net.Transport;
import io.loadlab.jmeter.BeanInfoBase;

/** GUI descriptors of {@link NetRrSampler}. */
public class NetRrSamplerBeanInfo extends BeanInfoBase {
  public NetRrSamplerBeanInfo() {
    super(NetRrSampler.class);
    createPropertyGroup("target", new String[] {"target", "protocol"});
    createPropertyGroup("transaction", new String[] {"requestSize", "responseSize", "labelSuffix"});
    text("target", "net");
    choice("protocol", NetRrSampler.TCP, NetRrSampler.TCP, NetRrSampler.UDP);
    number("requestSize", NetWorkload.RR.defaultRequest(Transport.TCP));
    number("responseSize", NetWorkload.RR.defaultResponse(Transport.TCP));
    text("labelSuffix", "");
  }
}
