package io.loadlab.jmeter.ds2;

import io.loadlab.jmeter.BeanInfoBase;

/** GUI descriptors of {@link Ds2PurchaseSampler}. */
public class Ds2PurchaseSamplerBeanInfo extends BeanInfoBase {
  public Ds2PurchaseSamplerBeanInfo() {
    super(Ds2PurchaseSampler.class);
    createPropertyGroup("where", new String[] {"database"});
    text("database", "ds2");
    createPropertyGroup("input", new String[] {"customerId", "lineItems", "labelSuffix"});
    text("customerId", "");
    number("lineItems", 5);
    text("labelSuffix", "");
  }
}
