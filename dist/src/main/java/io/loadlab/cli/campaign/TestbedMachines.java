package io.loadlab.cli.campaign;

import io.loadlab.provision.plan.ProvisionOptions;
import io.loadlab.provision.plan.SshTargets;
import io.loadlab.provision.roles.RoleCommands;
import io.loadlab.provision.ssh.HostKeyPolicy;
import io.loadlab.provision.ssh.SshShell;
import io.loadlab.provision.testbed.Install;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.testbed.TestbedFile;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The machines of a testbed configuration while it is up: one SSH connection per machine (the
 * provisioner's client, host keys checked against the testbed's known_hosts, never accepted
 * blindly), opened when a step first runs there and shared by every client and copy on it.
 */
final class TestbedMachines implements AutoCloseable {
  /** Where remote runs write their directories, under the SSH user's home. */
  static final String REMOTE_ROOT = "loadlab-campaigns";

  private final Path file;
  private final Testbed testbed;
  private final Map<String, SshShell> open = new LinkedHashMap<>();

  TestbedMachines(Path testbedFile) {
    this.file = testbedFile;
    this.testbed = TestbedFile.read(testbedFile);
  }

  /** The connection to a machine, opened on first use. */
  synchronized SshShell shell(String machine) {
    return open.computeIfAbsent(
        machine,
        m ->
            SshShell.connect(
                SshTargets.of(testbed, file, ProvisionOptions.defaults(), m),
                HostKeyPolicy.STRICT));
  }

  /** The loadlab launcher on the testbed's machines. */
  String program() {
    return program(testbed);
  }

  /** {@code <install.dir>/bin/loadlab} where the provisioner installs it, else {@code loadlab}. */
  static String program(Testbed t) {
    Install i = t.install();
    return i == null || i.program() == null ? "loadlab" : i.program();
  }

  /**
   * The machines the provisioner puts loadlab on (those of loadlab roles and {@code install.on}),
   * or null if the testbed installs none (each machine's own {@code loadlab} on PATH is used).
   */
  static Set<String> installedOn(Testbed t) {
    Install i = t.install();
    if (i == null || i.loadlab() == null) {
      return null;
    }
    Set<String> machines = new LinkedHashSet<>(i.on());
    t.roles().stream().filter(RoleCommands::runsLoadlab).forEach(r -> machines.add(r.on()));
    return machines;
  }

  @Override
  public synchronized void close() {
    open.values().forEach(SshShell::close);
    open.clear();
  }
}
