package io.loadlab.provision.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import io.loadlab.provision.action.AppliedState;
import io.loadlab.provision.action.Plan;
import io.loadlab.provision.action.Undo;
import io.loadlab.provision.ssh.CommandResult;
import io.loadlab.provision.ssh.RecordingShell;
import io.loadlab.provision.testbed.LabBridge;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A lab bridge is created once, deleted at teardown, and never takes over someone else's. */
class LabBridgePlannerTest {
  @TempDir Path dir;

  /** A shell whose {@code ip link show} finds the bridge if {@code exists}. */
  static final class Shell extends RecordingShell {
    boolean exists;

    Shell() {
      super("this");
    }

    @Override
    protected CommandResult answer(String command) {
      boolean ok = !command.startsWith("ip link show") || exists;
      return new CommandResult(command, ok ? 0 : 1, "", ok ? "" : "does not exist");
    }
  }

  @Test
  void createsTheBridgeAndRecordsItsUndo() throws Exception {
    Shell shell = new Shell();
    Plan plan = new Plan();
    AppliedState state = AppliedState.load(dir.resolve("s.json"));
    LabBridgePlanner.plan(
        plan, "this", Map.of("ll-t0", new LabBridge("10.9.0.1/24")), shell, state);
    assertEquals(1, plan.changes().size());
    Undo u = plan.changes().get(0).step().run();
    assertTrue(shell.ran.contains("ip link add name ll-t0 type bridge"), shell.ran.toString());
    assertTrue(
        shell.ran.contains("ip addr add 10.9.0.1/24 dev ll-t0 && ip link set dev ll-t0 up"),
        shell.ran.toString());
    state.add(u);
    shell.exists = true;
    Plan again = new Plan();
    LabBridgePlanner.plan(
        again, "this", Map.of("ll-t0", new LabBridge("10.9.0.1/24")), shell, state);
    assertTrue(again.isEmpty(), "ours and present: nothing to do");
    LabBridgePlanner.undo(u, shell).step().run();
    assertTrue(shell.ran.contains("ip link del dev ll-t0"), shell.ran.toString());
  }

  @Test
  void aBridgeNameTakenBySomeoneElseStopsThePlan() {
    Shell shell = new Shell();
    shell.exists = true;
    Plan plan = new Plan();
    UsageException e =
        assertThrows(
            UsageException.class,
            () ->
                LabBridgePlanner.plan(
                    plan,
                    "this",
                    Map.of("br0", new LabBridge("10.9.0.1/24")),
                    shell,
                    AppliedState.load(dir.resolve("s.json"))));
    assertEquals(
        "hosts.this.bridges.br0: an interface named br0 already exists on this and this testbed"
            + " did not create it; choose another bridge name",
        e.getMessage());
    assertEquals(2, e.exitCode());
    assertTrue(plan.isEmpty(), "nothing planned before the check");
    assertEquals(List.of("ip link show dev br0"), shell.ran, "only the check ran");
  }
}
