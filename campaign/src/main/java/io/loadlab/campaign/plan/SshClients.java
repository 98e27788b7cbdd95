package io.loadlab.campaign.plan;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.provision.lab.LabFile;
import io.loadlab.provision.lab.LabNetwork;
import io.loadlab.provision.testbed.TestbedFile;
import java.util.Set;

/**
 * Which of a step's clients run over SSH in a configuration, as the campaign starts them: a lab's
 * sshd hosts on a link that joins this machine ({@code local: true}), and a testbed's guests and
 * hosts other than this machine. Each such client costs its run more than a client started here or
 * in a lab host's namespace: its SSH session and shell before its JVM, and its directory copied
 * back after it (see {@link RunTimes#SSH_CLIENT_START_SECONDS}).
 */
final class SshClients {
  private SshClients() {}

  /** How many of {@code step}'s clients run over SSH in {@code conf}. */
  static int count(Campaign.Configuration conf, Campaign.Step step) {
    Set<String> remote = remoteMachines(conf);
    return (int)
        step.clients().stream()
            .filter(c -> c.machine() != null && remote.contains(c.machine()))
            .count();
  }

  /**
   * The machines of {@code conf} that runs reach over SSH; none where its file cannot be read (the
   * campaign's checks say why).
   */
  private static Set<String> remoteMachines(Campaign.Configuration conf) {
    try {
      return switch (conf.kind()) {
        case NONE -> Set.of();
        case LAB ->
            new LabNetwork(LabFile.read(conf.file()), conf.labStateDir()).sshAddresses().keySet();
        case TESTBED -> TestbedFile.read(conf.file()).sshMachines();
      };
    } catch (RuntimeException e) {
      return Set.of();
    }
  }
}
