package io.loadlab.cli;

import io.loadlab.core.options.OptionTable;
import io.loadlab.core.workload.WorkloadCommand;
import io.loadlab.core.workload.Workloads;
import java.util.List;

/**
 * A workload's command: its words, summary, options' descriptions, whether it runs load and the
 * figures its runs report all come from its workload's descriptor ({@link Workloads}); a command
 * that runs load gets the shared run options added to its own ({@link RunOptions}).
 */
public abstract class DescribedCommand implements Command {
  private final WorkloadCommand descriptor;

  /**
   * @param words the words that name it, such as {@code ds2 run}, as its workload describes it
   */
  protected DescribedCommand(String words) {
    this.descriptor = Workloads.installed().command(words);
    if (descriptor == null) {
      throw new IllegalStateException("no workload describes the command '" + words + "'");
    }
  }

  /** Its description, as its workload gives it. */
  protected final WorkloadCommand descriptor() {
    return descriptor;
  }

  @Override
  public final String[] path() {
    return descriptor.path();
  }

  @Override
  public final String summary() {
    return descriptor.summary();
  }

  @Override
  public final boolean runsLoad() {
    return descriptor.runsLoad();
  }

  @Override
  public final List<String> figures() {
    return descriptor.figures();
  }

  @Override
  public final OptionTable described() {
    return descriptor.options();
  }
}
