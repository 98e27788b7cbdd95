package io.loadlab.jmeter.ds2;

import io.loadlab.jmeter.BeanInfoBase;

/** GUI descriptors of {@link Ds2NewCustomerSampler}. */
public class Ds2NewCustomerSamplerBeanInfo extends BeanInfoBase {
  public Ds2NewCustomerSamplerBeanInfo() {
    super(Ds2NewCustomerSampler.class);
    createPropertyGroup("where", new String[] {"database"});
    text("database", "ds2");
    createPropertyGroup("input", new String[] {"username", "labelSuffix"});
    text("username", "");
    text("labelSuffix", "");
  }
}
