package io.loadlab.jmeter.ds2;

import io.loadlab.jmeter.BeanInfoBase;

/** GUI descriptors of {@link Ds2BrowseSampler}. */
public class Ds2BrowseSamplerBeanInfo extends BeanInfoBase {
  public Ds2BrowseSamplerBeanInfo() {
    super(Ds2BrowseSampler.class);
    createPropertyGroup("where", new String[] {"database"});
    text("database", "ds2");
    createPropertyGroup(
        "input", new String[] {"browseBy", "searchValue", "batchSize", "labelSuffix"});
    choice("browseBy", "random", "random", "category", "actor", "title");
    text("searchValue", "");
    number("batchSize", 5);
    text("labelSuffix", "");
  }
}
