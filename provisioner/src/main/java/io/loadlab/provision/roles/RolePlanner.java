package io.loadlab.provision.roles;

import io.loadlab.core.failure.LoadlabException;
import io.loadlab.core.failure.UsageException;
import io.loadlab.provision.action.Action;
import io.loadlab.provision.action.Plan;
import io.loadlab.provision.action.Undo;
import io.loadlab.provision.ssh.CommandResult;
import io.loadlab.provision.ssh.RemoteShell;
import io.loadlab.provision.testbed.Role;
import java.time.Duration;
import java.util.Map;

/**
 * Plans roles: a role whose process runs and answers is left alone; otherwise it is started over
 * SSH and its health check is polled until it answers or the timeout passes.
 */
public final class RolePlanner {
  private final Duration healthTimeout;
  private final Duration pollEvery;
  private final Launchers launchers;

  /**
   * @param launchers where the roles' programs are on the machines: the PATH, or where the testbed
   *     installs them
   */
  public RolePlanner(Duration healthTimeout, Duration pollEvery, Launchers launchers) {
    this.healthTimeout = healthTimeout;
    this.pollEvery = pollEvery;
    this.launchers = launchers;
  }

  /** As {@link #plan(Plan, Role, RemoteShell, String)}, the machine's address unknown. */
  public void plan(Plan plan, Role role, RemoteShell sh) {
    plan(plan, role, sh, null);
  }

  /**
   * Plans one role on its machine ({@code sh}, reached by others at {@code address}, or null). A
   * role under {@code numactl} needs it there: its absence is a {@link UsageException} naming the
   * machine and the fix, before anything starts.
   */
  public void plan(Plan plan, Role role, RemoteShell sh, String address) {
    RoleCommands c = new RoleCommands(role, launchers, address);
    if (c.needsNumactl() && !sh.run("command -v numactl >/dev/null").ok()) {
      throw new UsageException(
          role.on()
              + ": numactl is not installed but "
              + role.role()
              + " runs under it ("
              + role.placement().describe()
              + "); install it there (package numactl)");
    }
    if (c.isService() && !role.placement().isNone()) {
      plan.warn(
          role.on(),
          role.role()
              + " is the system's PostgreSQL service: its "
              + role.placement().describe()
              + " is not applied; set Nice=, CPUAffinity= and NUMAPolicy= in its systemd unit, or"
              + " start it with command");
    }
    boolean running = sh.run(c.running()).ok();
    if (running && sh.run(c.health()).ok()) {
      plan.unchanged(role.on(), c.describe() + " running and answering");
      return;
    }
    plan.change(
        role.on(),
        "start " + c.describe() + (c.isService() ? "" : ": " + c.commandLine()),
        () -> {
          CommandResult r = c.isService() ? sh.runPrivileged(c.start()) : sh.run(c.start());
          if (!r.ok()) {
            throw new LoadlabException(
                "start failed (exit " + r.exitStatus() + "): " + r.firstErrorLine(), 1);
          }
          awaitHealthy(sh, c);
          return new Undo(
              "role",
              role.on(),
              Map.of(
                  "role",
                  role.role(),
                  "port",
                  String.valueOf(c.port()),
                  "service",
                  String.valueOf(c.isService())));
        });
  }

  private void awaitHealthy(RemoteShell sh, RoleCommands c) throws InterruptedException {
    long deadline = System.nanoTime() + healthTimeout.toNanos();
    while (true) {
      if (sh.run(c.health()).ok()) {
        return;
      }
      if (!sh.run(c.running()).ok()) {
        if (c.isService()) {
          throw new LoadlabException(
              "the process ended before answering; see the PostgreSQL log", 1);
        }
        // Its log goes with it (nothing left in /tmp): its last lines are in the message.
        String tail = sh.run(c.logTail()).stdout().strip();
        sh.run(c.forget());
        throw new LoadlabException(
            "the process ended before answering"
                + (tail.isEmpty()
                    ? " (no output)"
                    : "; its output ends: " + tail.replace("\n", " | ")),
            1);
      }
      if (System.nanoTime() > deadline) {
        sh.run(c.isService() ? c.running() : c.stop()); // do not leave a deaf process behind
        throw new LoadlabException(
            "no answer on port " + c.port() + " after " + healthTimeout.toSeconds() + "s", 1);
      }
      Thread.sleep(pollEvery.toMillis());
    }
  }

  /** The action that stops a role teardown found in the record, or null if it is not a role. */
  public static Action undo(Undo u, RemoteShell sh) {
    if (!u.kind().equals("role")) {
      return null;
    }
    boolean customDatabase = u.get("role").equals("database") && "false".equals(u.get("service"));
    Role role =
        new Role(
            u.get("role"),
            u.machine(),
            Integer.parseInt(u.get("port")),
            null,
            null,
            customDatabase ? "custom" : null,
            null,
            null,
            null);
    RoleCommands c = new RoleCommands(role);
    return new Action(
        u.machine(),
        "stop " + c.describe(),
        () -> {
          if (sh.run(c.running()).ok()) {
            CommandResult r = c.isService() ? sh.runPrivileged(c.stop()) : sh.run(c.stop());
            if (!r.ok()) {
              throw new LoadlabException("stop failed: " + r.firstErrorLine(), 1);
            }
          } else if (!c.isService()) {
            sh.run(c.forget()); // ended by itself: its pid and log files go too
          }
          return null;
        });
  }
}
