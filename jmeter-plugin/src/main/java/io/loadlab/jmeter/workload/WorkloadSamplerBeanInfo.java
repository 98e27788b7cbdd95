package io.loadlab.jmeter.workload;

import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.workload.WorkloadCommand;
import io.loadlab.core.workload.Workloads;
import io.loadlab.jmeter.BeanInfoBase;
import java.beans.PropertyDescriptor;
import java.util.List;
import java.util.ResourceBundle;

/**
 * GUI descriptors of {@link WorkloadSampler}: the workload field offers the installed workloads'
 * runnable commands, and the options field's description lists their options, both from their
 * descriptors ({@link Workloads}), so that the texts a new workload needs come with it.
 */
public class WorkloadSamplerBeanInfo extends BeanInfoBase {
  public WorkloadSamplerBeanInfo() {
    super(WorkloadSampler.class);
    createPropertyGroup("operation", new String[] {"workload", "options", "labelSuffix"});
    Workloads registry = Workloads.installed();
    List<String> runnable = runnable(registry);
    PropertyDescriptor workload = text("workload", runnable.isEmpty() ? "" : runnable.get(0));
    if (!runnable.isEmpty()) {
      workload.setValue(TAGS, runnable.toArray(String[]::new));
    }
    PropertyDescriptor options = text("options", "");
    options.setShortDescription(
        ResourceBundle.getBundle(WorkloadSampler.class.getName() + "Resources")
                .getString("options.shortDescription")
            + optionsHelp(registry));
    text("labelSuffix", "");
  }

  /** The words of every registered command whose runner gives users, in the registry's order. */
  static List<String> runnable(Workloads registry) {
    return registry.commands().stream()
        .filter(WorkloadSamplerBeanInfo::runs)
        .map(WorkloadCommand::words)
        .toList();
  }

  /**
   * Each runnable command's own options with their help lines, from its descriptor: " sleep:
   * --pause TIME (each pause (default 100ms))"; empty if none is installed.
   */
  static String optionsHelp(Workloads registry) {
    StringBuilder sb = new StringBuilder();
    for (WorkloadCommand c : registry.commands()) {
      if (!runs(c)) {
        continue;
      }
      sb.append(' ').append(c.words()).append(':');
      for (OptionSpec o : c.options().specs()) {
        sb.append(" --").append(o.name());
        if (o.hasValue()) {
          sb.append(' ').append(o.arg());
        }
        sb.append(" (").append(o.help()).append(')');
      }
      sb.append('.');
    }
    return sb.toString();
  }

  /** True if the generic sampler runs {@code c}: it has a runner that gives users. */
  static boolean runs(WorkloadCommand c) {
    return c != null && c.runner() != null && c.runner().givesUsers();
  }
}
