package io.loadlab.jmeter.workload;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.options.OptionValues;
import io.loadlab.core.workload.WorkloadCommand;
import io.loadlab.core.workload.WorkloadRunner;
import io.loadlab.core.workload.WorkloadUser;
import io.loadlab.core.workload.Workloads;
import io.loadlab.jmeter.SamplerBase;
import io.loadlab.jmeter.TimedResult;
import java.util.Objects;

/**
 * One operation of a registered workload per sample: the workload command named by {@code workload}
 * (such as {@code sleep}), its options written as on the command line ({@code --pause 20ms}),
 * parsed by the workload into its settings once per thread (again only if the text changes), and
 * one user per thread whose operations the samples time.
 */
public class WorkloadSampler extends SamplerBase {
  private static final long serialVersionUID = 1L;

  private String workload = "";
  private String options = "";

  /** This thread's user, and the workload and options text it was made for. */
  private transient WorkloadUser user;

  private transient String madeFor;

  @Override
  protected void sample(TimedResult result) throws Exception {
    WorkloadUser.Done done = user().operate();
    result.succeeded(done.sentBytes(), done.receivedBytes(), done.operation());
  }

  private WorkloadUser user() throws Exception {
    String key = workload + "\n" + options;
    if (user == null || !Objects.equals(madeFor, key)) {
      release();
      user = userOf(Workloads.installed(), workload, options);
      madeFor = key;
    }
    return user;
  }

  /**
   * A user of the command {@code words} of {@code registry}, its options parsed from {@code
   * options}.
   *
   * @throws UsageException naming the workload or option and the fix
   */
  static WorkloadUser userOf(Workloads registry, String words, String options) throws Exception {
    String name = words == null ? "" : words.strip();
    WorkloadCommand c = registry.command(name);
    if (!WorkloadSamplerBeanInfo.runs(c)) {
      throw new UsageException(
          "workload: '"
              + name
              + "' is no workload this JMeter has a runner for; put its jar in lib/ext, or use one"
              + " of: "
              + String.join(", ", WorkloadSamplerBeanInfo.runnable(registry)));
    }
    return start(c.runner(), OptionValues.parse(c.options(), options));
  }

  private static <S> WorkloadUser start(WorkloadRunner<S> runner, OptionValues values)
      throws Exception {
    return runner.user(runner.settings(values));
  }

  @Override
  protected void release() {
    WorkloadUser u = user;
    user = null;
    madeFor = null;
    if (u != null) {
      try {
        u.close();
      } catch (Exception e) {
        // closing a user at the thread's end; its samples are recorded already
      }
    }
  }

  public String getWorkload() {
    return workload;
  }

  public void setWorkload(String workload) {
    this.workload = workload;
  }

  public String getOptions() {
    return options;
  }

  public void setOptions(String options) {
    this.options = options;
  }
}
