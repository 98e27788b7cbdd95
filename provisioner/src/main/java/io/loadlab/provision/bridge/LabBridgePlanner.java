package io.loadlab.provision.bridge;

import io.loadlab.core.failure.LoadlabException;
import io.loadlab.core.failure.UsageException;
import io.loadlab.provision.action.Action;
import io.loadlab.provision.action.AppliedState;
import io.loadlab.provision.action.Plan;
import io.loadlab.provision.action.Undo;
import io.loadlab.provision.ssh.CommandResult;
import io.loadlab.provision.ssh.RemoteShell;
import io.loadlab.provision.ssh.ShellQuote;
import io.loadlab.provision.testbed.LabBridge;
import java.util.Map;

/**
 * Plans the bridges a host's {@code bridges} asks for: creates each one with the host's address on
 * it (undone at teardown by deleting it). A bridge of that name that this testbed did not create is
 * someone else's: planning stops there, before anything changes.
 */
public final class LabBridgePlanner {
  private LabBridgePlanner() {}

  /** Adds the host's bridges to {@code plan}; throws (exit 2) if a name is taken. */
  public static void plan(
      Plan plan,
      String host,
      Map<String, LabBridge> bridges,
      RemoteShell shell,
      AppliedState applied) {
    bridges.forEach(
        (name, b) -> {
          boolean exists = shell.run("ip link show dev " + ShellQuote.quote(name)).ok();
          boolean ours =
              applied.newestFirst().stream()
                  .anyMatch(
                      u ->
                          "bridge".equals(u.kind())
                              && host.equals(u.machine())
                              && name.equals(u.get("name")));
          if (exists && !ours) {
            throw new UsageException(
                "hosts."
                    + host
                    + ".bridges."
                    + name
                    + ": an interface named "
                    + name
                    + " already exists on "
                    + host
                    + " and this testbed did not create it; choose another bridge name");
          }
          if (exists) {
            plan.unchanged(host, "bridge " + name + " exists");
            return;
          }
          plan.change(
              host,
              "create bridge " + name + " with address " + b.address(),
              () -> {
                String q = ShellQuote.quote(name);
                check(shell.runPrivileged("ip link add name " + q + " type bridge"), name);
                Undo undo = new Undo("bridge", host, Map.of("name", name));
                CommandResult up =
                    shell.runPrivileged(
                        "ip addr add "
                            + ShellQuote.quote(b.address())
                            + " dev "
                            + q
                            + " && ip link set dev "
                            + q
                            + " up");
                if (!up.ok()) {
                  shell.runPrivileged("ip link del dev " + q);
                  check(up, name);
                }
                return undo;
              });
        });
  }

  /** Teardown of a bridge {@link #plan} created. */
  public static Action undo(Undo u, RemoteShell shell) {
    String name = u.get("name");
    return new Action(
        u.machine(),
        "delete bridge " + name,
        () -> {
          String q = ShellQuote.quote(name);
          if (shell.run("ip link show dev " + q).ok()) {
            check(shell.runPrivileged("ip link del dev " + q), name);
          }
          return null;
        });
  }

  private static void check(CommandResult r, String name) {
    if (!r.ok()) {
      throw new LoadlabException("bridge " + name + ": " + r.firstErrorLine(), 1);
    }
  }
}
