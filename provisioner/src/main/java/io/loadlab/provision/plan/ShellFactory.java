package io.loadlab.provision.plan;

import io.loadlab.provision.ssh.HostKeyPolicy;
import io.loadlab.provision.ssh.RemoteShell;
import io.loadlab.provision.ssh.SshShell;
import io.loadlab.provision.ssh.SshTarget;

/** Opens a shell on a host or guest; SSH by default. */
@FunctionalInterface
public interface ShellFactory {
  RemoteShell open(SshTarget target, HostKeyPolicy policy);

  ShellFactory SSH = SshShell::connect;
}
