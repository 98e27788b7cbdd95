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
import io.loadlab.provision.testbed.GuestNames;
import io.loadlab.provision.testbed.Host;
import io.loadlab.provision.testbed.LabBridge;
import java.util.List;
import java.util.Map;

/**
 * Plans the interfaces a host's {@code bridges} and {@code dummies} ask for: creates each bridge
 * with the host's address on it, and each dummy up without one (undone at teardown by deleting
 * them). An interface of that name that this testbed did not create is someone else's, and a
 * bridge's subnet already on another interface of the host (another lab's?) would take its traffic:
 * planning stops there, before anything changes.
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
    Host h =
        new Host(null, null, null, null, null, null, null, null, true, null, bridges, null, null);
    plan(plan, host, h, GuestNames.AS_WRITTEN, shell, applied);
  }

  /**
   * Adds the host's bridges and dummy interfaces to {@code plan}, named by {@code names}; throws
   * (exit 2) if a name or a bridge's subnet is taken.
   */
  public static void plan(
      Plan plan, String host, Host h, GuestNames names, RemoteShell shell, AppliedState applied) {
    List<String> addresses = null;
    for (Map.Entry<String, LabBridge> e : h.bridges().entrySet()) {
      String field = "hosts." + host + ".bridges." + e.getKey();
      String name = names.hostInterface(e.getKey());
      LabBridge b = e.getValue();
      if (taken(plan, host, field, name, "bridge", shell, applied)) {
        continue;
      }
      if (addresses == null) {
        CommandResult r = shell.run("ip -o -4 addr show");
        addresses = r.ok() ? r.stdout().lines().toList() : List.of();
      }
      String other = Subnets.holder(addresses, b.address());
      if (other != null) {
        throw new UsageException(
            field
                + ".address: its subnet "
                + Subnets.network(b.address())
                + " is already on interface "
                + other
                + " of "
                + host
                + " (another lab's bridge?); give this bridge another subnet");
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
    }
    for (int i = 0; i < h.dummies().size(); i++) {
      String name = names.hostInterface(h.dummies().get(i));
      if (taken(
          plan, host, "hosts." + host + ".dummies[" + i + "]", name, "dummy", shell, applied)) {
        continue;
      }
      plan.change(
          host,
          "create dummy interface " + name + " (parent of direct guests' macvtaps)",
          () -> {
            String q = ShellQuote.quote(name);
            String peer = ShellQuote.quote(peer(name));
            // A kernel without the dummy driver: a veth pair, both ends up (a veth has carrier
            // only then), does as well; deleting the one deletes the other.
            check(
                shell.runPrivileged(
                    "ip link add name "
                        + q
                        + " type dummy 2>/dev/null || ip link add name "
                        + q
                        + " type veth peer name "
                        + peer),
                name);
            Undo undo = new Undo("bridge", host, Map.of("name", name, "type", "dummy"));
            CommandResult up =
                shell.runPrivileged(
                    "ip link set dev "
                        + q
                        + " up && { ! ip link show dev "
                        + peer
                        + " >/dev/null 2>&1 || ip link set dev "
                        + peer
                        + " up; }");
            if (!up.ok()) {
              shell.runPrivileged("ip link del dev " + q);
              check(up, name);
            }
            return undo;
          });
    }
  }

  /** The peer of a dummy made as a veth pair: {@code llp} and 6 hex digits of its name. */
  static String peer(String name) {
    return String.format("llp%06x", name.hashCode() & 0xffffff);
  }

  /**
   * True if the interface exists and this testbed made it (already in place); throws if it exists
   * and is someone else's.
   */
  private static boolean taken(
      Plan plan,
      String host,
      String field,
      String name,
      String kind,
      RemoteShell shell,
      AppliedState applied) {
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
          field
              + ": an interface named "
              + name
              + " already exists on "
              + host
              + " and this testbed did not create it; choose another "
              + kind
              + " name"
              + (kind.equals("bridge") ? "" : " (or name it in source as the host's own)"));
    }
    if (exists) {
      plan.unchanged(host, kind + " " + name + " exists");
    }
    return exists;
  }

  /** Teardown of a bridge or dummy interface {@link #plan} created. */
  public static Action undo(Undo u, RemoteShell shell) {
    String name = u.get("name");
    return new Action(
        u.machine(),
        ("dummy".equals(u.get("type")) ? "delete dummy interface " : "delete bridge ") + name,
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
      throw new LoadlabException("interface " + name + ": " + r.firstErrorLine(), 1);
    }
  }
}
