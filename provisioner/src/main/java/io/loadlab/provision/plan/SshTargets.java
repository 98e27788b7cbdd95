package io.loadlab.provision.plan;

import io.loadlab.provision.ssh.SshTarget;
import io.loadlab.provision.testbed.Guest;
import io.loadlab.provision.testbed.Host;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.testbed.TestbedPaths;
import java.nio.file.Path;

/** How to reach a testbed's machine over SSH: a guest takes what it does not say from its host. */
public final class SshTargets {
  private SshTargets() {}

  /** The SSH target of a host or guest of the testbed read from {@code file}. */
  public static SshTarget of(Testbed testbed, Path file, ProvisionOptions options, String machine) {
    Host h = testbed.hosts().get(machine);
    if (h != null) {
      return new SshTarget(
          machine,
          h.address(),
          h.sshPort(),
          h.user(),
          TestbedPaths.resolve(file, h.keyFile()),
          TestbedPaths.resolve(file, h.knownHosts()),
          h.useSudo(),
          options.connectTimeout(),
          options.commandTimeout());
    }
    Guest g = testbed.guests().get(machine);
    Host on = testbed.hosts().get(g.host());
    return new SshTarget(
        machine,
        g.address(),
        g.sshPort(),
        g.user() == null ? on.user() : g.user(),
        TestbedPaths.resolve(file, g.keyFile() == null ? on.keyFile() : g.keyFile()),
        TestbedPaths.resolve(file, g.knownHosts() == null ? on.knownHosts() : g.knownHosts()),
        on.useSudo(),
        options.connectTimeout(),
        options.commandTimeout());
  }
}
