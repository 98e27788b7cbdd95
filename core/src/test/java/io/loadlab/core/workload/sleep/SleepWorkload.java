package io.loadlab.core.workload.sleep;

import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionSpec.Type;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.workload.Workload;
import io.loadlab.core.workload.WorkloadCommand;
import java.util.List;

/**
 * A workload that exists only in the tests, registered through the SPI alone (its jar's {@code
 * META-INF/services}, see {@link SleepWorkloadJar}): {@code sleep}, one option, one operation. Its
 * three files (this descriptor, {@link SleepRunner} and the services line) are all a workload needs
 * to run from the command line, as a campaign step and as a JMeter sampler.
 */
public final class SleepWorkload implements Workload {
  /** Its one operation. */
  public static final String OPERATION = "sleep";

  static final OptionSpec PAUSE =
      OptionSpec.value("pause", "TIME", Type.DURATION, "each pause (default 100ms)")
          .defaultValue("100ms")
          .docs("`100ms`", "how long each operation pauses");

  @Override
  public String name() {
    return "sleep";
  }

  @Override
  public List<WorkloadCommand> commands() {
    return List.of(
        WorkloadCommand.of(
                "sleep",
                "pause between operations (a workload of the tests)",
                OptionTable.of(PAUSE))
            .runningLoad(List.of())
            .running(new SleepRunner()));
  }
}
