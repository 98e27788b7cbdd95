package io.loadlab.jmeter.net;

import io.loadlab.core.net.NetWorkload;
import io.loadlab.core.net.Transport;
import io.loadlab.jmeter.BeanInfoBase;

/** GUI descriptors of {@link NetCrrSampler}. */
public class NetCrrSamplerBeanInfo extends BeanInfoBase {
  public NetCrrSamplerBeanInfo() {
    super(NetCrrSampler.class);
    createPropertyGroup("target", new String[] {"target"});
    createPropertyGroup("transaction", new String[] {"requestSize", "responseSize", "labelSuffix"});
    text("target", "net");
    number("requestSize", NetWorkload.CRR.defaultRequest(Transport.TCP));
    number("responseSize", NetWorkload.CRR.defaultResponse(Transport.TCP));
    text("labelSuffix", "");
  }
}
