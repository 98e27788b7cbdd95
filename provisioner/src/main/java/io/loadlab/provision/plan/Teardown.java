package io.loadlab.provision.plan;

import io.loadlab.provision.action.Action;
import io.loadlab.provision.action.ActionLog;
import io.loadlab.provision.action.AppliedState;
import io.loadlab.provision.action.Executor;
import io.loadlab.provision.action.Undo;
import io.loadlab.provision.install.InstallPlanner;
import io.loadlab.provision.install.PluginInstallPlanner;
import io.loadlab.provision.libvirt.GuestPlanner;
import io.loadlab.provision.libvirt.LibvirtHost;
import io.loadlab.provision.roles.RolePlanner;
import io.loadlab.provision.tuning.TuningPlanner;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A testbed's teardown: what apply recorded in its state file, undone newest first (roles stopped,
 * installs removed, guests stopped and undefined, bridges and host tuning undone), each logged; an
 * undo that fails stays recorded for the next teardown.
 */
final class Teardown {
  private final Map<String, LibvirtHost> libvirt;
  private final GuestPlanner guestPlanner;
  private final MachineShells machines;

  Teardown(Map<String, LibvirtHost> libvirt, GuestPlanner guestPlanner, MachineShells machines) {
    this.libvirt = libvirt;
    this.guestPlanner = guestPlanner;
    this.machines = machines;
  }

  /**
   * Undoes what {@code stateFile} records, logging to {@code actionLogFile}; continues past
   * failures and returns false if any.
   */
  boolean run(Path stateFile, Path actionLogFile, PrintStream out) {
    AppliedState state = AppliedState.load(stateFile);
    ActionLog log = new ActionLog("teardown", actionLogFile, out);
    if (state.isEmpty() && out != null) {
      out.println("Nothing to tear down: no changes recorded in " + stateFile);
    }
    for (Undo u : state.newestFirst()) {
      Action a;
      try {
        a = undoAction(u);
      } catch (RuntimeException e) {
        log.record(
            new Action(u.machine(), "undo " + u.kind(), () -> null),
            ActionLog.Outcome.FAILED,
            e.getMessage());
        continue;
      }
      if (a == null) {
        continue;
      }
      if (Executor.run(List.of(a), log, null)) {
        state.remove(u);
      }
    }
    return !log.failed();
  }

  private Action undoAction(Undo u) {
    return switch (u.kind()) {
      case "volume", "domain", "started" -> {
        LibvirtHost lv = libvirt.get(u.get("host"));
        yield lv == null ? null : guestPlanner.undo(lv, u);
      }
      case "role" -> RolePlanner.undo(u, machines.shell(u.machine()));
      case "bridge" ->
          io.loadlab.provision.bridge.LabBridgePlanner.undo(u, machines.shell(u.machine()));
      case "install" -> InstallPlanner.undo(u, machines.shell(u.machine()));
      case "jmeter-plugin" -> PluginInstallPlanner.undo(u, machines.shell(u.machine()));
      default -> TuningPlanner.undo(u, machines.shell(u.machine()));
    };
  }
}
