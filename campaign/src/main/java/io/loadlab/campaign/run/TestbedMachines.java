package io.loadlab.campaign.run;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.step.TestbedInstalls;
import io.loadlab.provision.lab.LabFile;
import io.loadlab.provision.lab.LabNetwork;
import io.loadlab.provision.plan.GuestDomains;
import io.loadlab.provision.plan.ProvisionOptions;
import io.loadlab.provision.plan.SshTargets;
import io.loadlab.provision.ssh.HostKeyPolicy;
import io.loadlab.provision.ssh.ShellQuote;
import io.loadlab.provision.ssh.SshShell;
import io.loadlab.provision.ssh.SshTarget;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.testbed.TestbedFile;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The machines of a testbed configuration (or a lab's sshd hosts) while it is up: one SSH
 * connection per machine (the provisioner's client, host keys checked against the testbed's
 * known_hosts, never accepted blindly), opened when a step first runs there and shared by every
 * client and copy on it.
 */
public final class TestbedMachines implements AutoCloseable {
  /** Where remote runs write their directories, under the SSH user's home. */
  static final String REMOTE_ROOT = "loadlab-campaigns";

  private final Function<String, SshTarget> targets;
  private final Set<String> reachable;
  private final String program;
  private final Map<String, SshShell> open = new LinkedHashMap<>();
  private final Testbed testbed;
  private final Path testbedFile;
  private GuestDomains domains;

  TestbedMachines(Path testbedFile) {
    Testbed testbed = TestbedFile.read(testbedFile);
    this.targets = m -> SshTargets.of(testbed, testbedFile, ProvisionOptions.defaults(), m);
    // Every machine but this one (a local host runs its steps here, without SSH).
    this.reachable = testbed.sshMachines();
    this.program = TestbedInstalls.program(testbed);
    this.testbed = testbed;
    this.testbedFile = testbedFile;
  }

  private TestbedMachines(
      Function<String, SshTarget> targets, Set<String> reachable, String program) {
    this.targets = targets;
    this.reachable = reachable;
    this.program = program;
    this.testbed = null;
    this.testbedFile = null;
  }

  /**
   * The hosts of a lab that is up which this machine reaches over SSH (sshd hosts on a {@code
   * local} link): root with the lab's own key, host keys checked against the lab's known_hosts.
   * They share this machine's files, so the remote command is the loadlab that runs here.
   */
  static TestbedMachines ofLab(Campaign.Configuration c) {
    Path state = c.labStateDir();
    Map<String, String> addresses = new LabNetwork(LabFile.read(c.file()), state).sshAddresses();
    ProvisionOptions o = ProvisionOptions.defaults();
    String program =
        String.join(" ", StepExecutors.loadlab(List.of()).stream().map(ShellQuote::quote).toList());
    return new TestbedMachines(
        m ->
            new SshTarget(
                m,
                addresses.get(m),
                22,
                "root",
                state.resolve("id_ed25519"),
                state.resolve("known_hosts"),
                false,
                o.connectTimeout(),
                o.commandTimeout()),
        addresses.keySet(),
        program);
  }

  /** True if a step's client on this machine runs over SSH. */
  boolean overSsh(String machine) {
    return reachable == null || reachable.contains(machine);
  }

  /** The connection to a machine, opened on first use. */
  synchronized SshShell shell(String machine) {
    return open.computeIfAbsent(
        machine, m -> SshShell.connect(targets.apply(m), HostKeyPolicy.STRICT));
  }

  /**
   * The libvirt domains of the testbed's guests (their host CPU time), connected on first use; null
   * for a lab or a testbed without guests.
   */
  synchronized GuestDomains guestDomains() {
    if (domains == null && testbed != null && !testbed.guests().isEmpty()) {
      domains = GuestDomains.open(testbed, testbedFile);
    }
    return domains;
  }

  /** The loadlab launcher on the machines. */
  String program() {
    return program;
  }

  @Override
  public synchronized void close() {
    open.values().forEach(SshShell::close);
    open.clear();
    if (domains != null) {
      domains.close();
      domains = null;
    }
  }
}
