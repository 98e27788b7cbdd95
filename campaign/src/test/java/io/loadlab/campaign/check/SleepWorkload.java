package io.loadlab.campaign.check;

import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionSpec.Type;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.workload.Workload;
import io.loadlab.core.workload.WorkloadCommand;
import java.util.List;

/**
 * A workload that exists only in these tests, registered through the SPI alone ({@code
 * META-INF/services} of the test resources): {@code sleep}, one option, one operation. It shows
 * that the campaign engine takes a workload from its descriptor, with no file of its own touched.
 */
public final class SleepWorkload implements Workload {
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
                OptionTable.of(
                    OptionSpec.value(
                            "pause", "DURATION", Type.DURATION, "each pause (default 100ms)")
                        .defaultValue("100ms")))
            .runningLoad(List.of()));
  }
}
