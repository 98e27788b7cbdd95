package io.loadlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.loadlab.core.workload.WorkloadCommand;
import io.loadlab.core.workload.Workloads;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The command line's workload commands are the registry's: each described command has one command
 * line command, and what a campaign gets from the registry (options, figures, whether it runs load)
 * is what that command line takes.
 */
class WorkloadCommandsTest {
  @Test
  void everyDescribedCommandIsACommandLineCommandWithTheSameOptions() {
    Map<String, Command> byWords =
        Commands.all().stream()
            .collect(
                Collectors.toMap(
                    c -> String.join(" ", c.path()), c -> c, (a, b) -> a, TreeMap::new));
    Workloads registry = Workloads.installed();
    for (WorkloadCommand d : registry.commands()) {
      Command c = byWords.get(d.words());
      assertNotNull(c, d.words() + " has no command line command");
      assertEquals(Help.describe(c).specs(), registry.optionsOf(d.words()).specs(), d.words());
      assertEquals(c.figures(), d.figures(), d.words());
      assertEquals(c.runsLoad(), d.runsLoad(), d.words());
      assertEquals(c.summary(), d.summary(), d.words());
    }
  }
}
