package io.loadlab.provision.plan;

import io.loadlab.provision.ssh.RemoteShell;
import io.loadlab.provision.testbed.Guest;
import io.loadlab.provision.testbed.Host;
import io.loadlab.provision.testbed.Testbed;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How the provisioner reaches a testbed's machines: a local shell for this machine, SSH for the
 * others, each opened once and kept for the session; a guest gets its boot timeout to answer, and
 * an emulated (TCG) guest's commands get longer to finish.
 */
final class MachineShells implements AutoCloseable {
  private final Path file;
  private final Testbed testbed;
  private final ProvisionOptions options;
  private final ShellFactory shells;
  private final Map<String, String> virtualization;
  private final Map<String, Guest> resolved;
  private final Map<String, RemoteShell> openShells = new LinkedHashMap<>();

  /**
   * @param virtualization how each host's guests run ({@code kvm} or {@code tcg}), as the
   *     provisioner finds out
   * @param resolved the guests with their boot sections resolved, as the provisioner resolves them
   */
  MachineShells(
      Path file,
      Testbed testbed,
      ProvisionOptions options,
      ShellFactory shells,
      Map<String, String> virtualization,
      Map<String, Guest> resolved) {
    this.file = file;
    this.testbed = testbed;
    this.options = options;
    this.shells = shells;
    this.virtualization = virtualization;
    this.resolved = resolved;
  }

  /**
   * The shell of a machine that runs already: a guest left running by an apply that was killed (a
   * campaign SIGKILLed and resumed) may still be booting, so a guest gets its boot timeout to
   * answer over SSH, as one this apply starts does.
   */
  RemoteShell shellOfRunning(String machine) {
    if (!testbed.guests().containsKey(machine)) {
      return shell(machine);
    }
    try {
      return shellOnceBooted(machine);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new io.loadlab.core.failure.UnreachableTargetException(
          machine + ": interrupted while waiting for it to answer over SSH");
    }
  }

  /** A shell on a guest that was just started: retries the connection while it boots. */
  RemoteShell shellOnceBooted(String guest) throws InterruptedException {
    long deadline = System.nanoTime() + options.bootTimeout().toNanos();
    while (true) {
      try {
        return shell(guest);
      } catch (io.loadlab.core.failure.UnreachableTargetException e) {
        if (System.nanoTime() > deadline) {
          Guest g = resolved.get(guest);
          if (g != null && g.sharesHostRoot()) {
            throw new io.loadlab.provision.guestboot.GuestBootException(
                guest
                    + " did not answer SSH within "
                    + options.bootTimeout().toSeconds()
                    + " s ("
                    + e.getMessage()
                    + ")",
                io.loadlab.provision.guestboot.HostRootGuests.console(g));
          }
          throw e;
        }
        Thread.sleep(2000);
      }
    }
  }

  /** The shell of a machine: this machine's own, or SSH (opened once). */
  RemoteShell shell(String machine) {
    Host h = testbed.hosts().get(machine);
    if (h != null && h.isLocal()) {
      return openShells.computeIfAbsent(machine, io.loadlab.provision.ssh.LocalShell::new);
    }
    return openShells.computeIfAbsent(machine, m -> shells.open(target(m), options.hostKeys()));
  }

  /** The SSH target of a machine; an emulated guest's commands get longer to finish. */
  private io.loadlab.provision.ssh.SshTarget target(String machine) {
    io.loadlab.provision.ssh.SshTarget t = SshTargets.of(testbed, file, options, machine);
    Guest g = testbed.guests().get(machine);
    if (g == null || !"tcg".equals(virtualization.get(g.host()))) {
      return t;
    }
    return new io.loadlab.provision.ssh.SshTarget(
        t.name(),
        t.address(),
        t.port(),
        t.user(),
        t.keyFile(),
        t.knownHosts(),
        t.sudo(),
        t.connectTimeout(),
        t.commandTimeout().multipliedBy(Provisioner.EMULATION_SLOWDOWN));
  }

  @Override
  public void close() {
    for (RemoteShell s : openShells.values()) {
      try {
        s.close();
      } catch (Exception ignored) {
        // closing anyway
      }
    }
    openShells.clear();
  }
}
