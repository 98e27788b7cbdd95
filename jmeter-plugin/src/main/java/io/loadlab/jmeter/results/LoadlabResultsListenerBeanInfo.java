package io.loadlab.jmeter.results;

import io.loadlab.jmeter.BeanInfoBase;

/** GUI descriptors of {@link LoadlabResultsListener}. */
public class LoadlabResultsListenerBeanInfo extends BeanInfoBase {
  public LoadlabResultsListenerBeanInfo() {
    super(LoadlabResultsListener.class);
    createPropertyGroup(
        "output", new String[] {"outputDirectory", "runLabel", "workload", "intervalSeconds"});
    text("outputDirectory", "loadlab-results");
    text("runLabel", "");
    text("workload", "jmeter");
    number("intervalSeconds", 10);
  }
}
