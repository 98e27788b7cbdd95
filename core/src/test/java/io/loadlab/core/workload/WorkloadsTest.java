package io.loadlab.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionSpec.Type;
import io.loadlab.core.options.OptionTable;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkloadsTest {
  private static final OptionTable PAUSE =
      OptionTable.of(OptionSpec.value("pause", "TIME", Type.DURATION, "pause"));

  private static Workload workload(String name, List<String> aliases, WorkloadCommand... commands) {
    return new Workload() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public List<WorkloadCommand> commands() {
        return List.of(commands);
      }

      @Override
      public List<String> aliases() {
        return aliases;
      }
    };
  }

  private final Workloads registry =
      Workloads.of(
          List.of(
              workload(
                  "nap",
                  List.of("doze"),
                  WorkloadCommand.of("nap", "serves naps", OptionTable.of())
                      .serving(Server.listening(1)),
                  WorkloadCommand.of("nap run", "naps", PAUSE)
                      .runningLoad(List.of("naps"))
                      .recording(Operations.of("nap", List.of("nap", "yawn"), "yawn")))));

  @Test
  void findsTheLongestCommandACommandLineNamesAliasesIncluded() {
    assertEquals("nap run", registry.find(List.of("nap", "run", "--pause", "1s")).words());
    assertEquals("nap", registry.find(List.of("nap", "--port", "1")).words());
    assertEquals("nap run", registry.find(List.of("doze", "run")).words());
    assertEquals("nap run", registry.command("doze run").words());
    assertNull(registry.find(List.of("sleep")));
    assertNull(registry.command("nap walk"));
  }

  @Test
  void optionsOfACommandAddTheSharedOnes() {
    OptionTable run = registry.optionsOf("nap run");
    assertEquals(
        PAUSE.plus(SharedOptions.RUN).plus(SharedOptions.EVERY_COMMAND).specs(), run.specs());
    assertEquals(SharedOptions.EVERY_COMMAND.specs(), registry.optionsOf("nap").specs());
    assertNull(registry.optionsOf("walk"));
  }

  @Test
  void diagnosticOperationsAreEveryCommands() {
    assertEquals(java.util.Set.of("yawn"), registry.diagnosticOperations());
  }

  @Test
  void aCommandGivenTwiceIsRefused() {
    WorkloadCommand c = WorkloadCommand.of("nap", "x", OptionTable.of());
    assertThrows(
        IllegalStateException.class,
        () -> Workloads.of(List.of(workload("a", List.of(), c), workload("b", List.of(), c))));
  }

  @Test
  void figureLabelsOfEveryWorkloadInOneMapAndAKeyLabelledTwoWaysIsRefused() {
    Workload naps = labelling("naps", "napsPerHour", "naps per hour");
    Workload yawns = labelling("yawns", "yawnRate", "yawns/s");
    assertEquals(
        Map.of("napsPerHour", "naps per hour", "yawnRate", "yawns/s"),
        Workloads.of(List.of(naps, yawns)).figureLabels());
    Workload other = labelling("dozes", "napsPerHour", "naps an hour");
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class, () -> Workloads.of(List.of(naps, other)).figureLabels());
    assertEquals(
        "figure 'napsPerHour' labelled twice: 'naps per hour' and 'naps an hour'", e.getMessage());
  }

  private static Workload labelling(String name, String key, String label) {
    return new Workload() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public List<WorkloadCommand> commands() {
        return List.of();
      }

      @Override
      public Map<String, String> figureLabels() {
        return Map.of(key, label);
      }
    };
  }
}
