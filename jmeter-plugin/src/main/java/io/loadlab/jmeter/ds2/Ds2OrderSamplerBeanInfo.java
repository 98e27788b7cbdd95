package io.loadlab.jmeter.ds2;

import io.loadlab.jmeter.BeanInfoBase;

/** GUI descriptors of {@link Ds2OrderSampler}. */
public class Ds2OrderSamplerBeanInfo extends BeanInfoBase {
  public Ds2OrderSamplerBeanInfo() {
    super(Ds2OrderSampler.class);
    createPropertyGroup("where", new String[] {"database"});
    text("database", "ds2");
    createPropertyGroup(
        "mix",
        new String[] {
          "pctNewCustomers", "searches", "searchBatchSize", "lineItems", "labelSuffix"
        });
    number("pctNewCustomers", 20);
    number("searches", 3);
    number("searchBatchSize", 5);
    number("lineItems", 5);
    text("labelSuffix", "");
  }
}
