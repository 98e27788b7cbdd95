package io.loadlab.jmeter.ds2;

import io.loadlab.jmeter.BeanInfoBase;

/** GUI descriptors of {@link Ds2LoginSampler}. */
public class Ds2LoginSamplerBeanInfo extends BeanInfoBase {
  public Ds2LoginSamplerBeanInfo() {
    super(Ds2LoginSampler.class);
    createPropertyGroup("where", new String[] {"database"});
    text("database", "ds2");
    createPropertyGroup("input", new String[] {"username", "password", "labelSuffix"});
    text("username", "");
    text("password", "password");
    text("labelSuffix", "");
  }
}
