package io.loadlab.campaign.check;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.ValidationProblems;
import io.loadlab.core.failure.LoadlabException;
import io.loadlab.provision.plan.ProvisionOptions;
import io.loadlab.provision.plan.Provisioner;
import io.loadlab.provision.plan.ShellFactory;
import io.loadlab.provision.ssh.KnownHosts;
import io.loadlab.provision.testbed.Host;
import io.loadlab.provision.testbed.SshPortCheck;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.testbed.TestbedValidator;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What {@code provision apply} would refuse in the campaign's testbeds, found before the campaign
 * starts: the provisioner's own file checks ({@link TestbedValidator#checkFile}: key files
 * readable, host keys in known_hosts, install tarballs present, …) and, unless offline, whether
 * each host answers on its SSH port ({@link SshPortCheck}). Each testbed file is checked once,
 * however many configurations bring it up; its problems name the testbed file and field, as {@code
 * provision plan} words them.
 */
final class TestbedChecks {
  private TestbedChecks() {}

  /** The distinct testbed files of {@code configurations} that could be read, with their files. */
  static Map<Path, Testbed> byFile(
      List<Campaign.Configuration> configurations, Map<String, Testbed> byConfiguration) {
    Map<Path, Testbed> out = new LinkedHashMap<>();
    for (Campaign.Configuration c : configurations) {
      Testbed t = byConfiguration.get(c.name());
      if (c.kind() == Campaign.Kind.TESTBED && t != null) {
        out.putIfAbsent(c.file(), t);
      }
    }
    return out;
  }

  /**
   * Problems visible on this machine: the campaign runs {@code provision apply} without {@code
   * --record-host-keys}, so unknown host keys are problems here too.
   */
  static List<String> local(Map<Path, Testbed> testbeds) {
    List<String> problems = new ArrayList<>();
    testbeds.forEach(
        (file, t) ->
            problems.addAll(new TestbedValidator(file, new KnownHosts(), false).checkFile(t)));
    return problems;
  }

  /** Hosts that do not answer on their SSH port, all tried at once. */
  static List<String> network(Map<Path, Testbed> testbeds) {
    return SshPortCheck.unreachable(testbeds, SshPortCheck.TIMEOUT);
  }

  /**
   * What {@code provision plan} refuses when it checks each testbed against its hosts (libvirtd
   * running, qemu there, KVM usable where forced, kernel and initramfs for host-root guests, bridge
   * names free, memory, the hosts' facts and tuning), one line per fault naming the testbed file;
   * nothing is made. Testbeds with problems already ({@code failed}) are left out, and so, with
   * {@code --offline} ({@code tryNetwork} false), are those with a host other than this machine.
   */
  static List<String> hosts(
      Map<Path, Testbed> testbeds, boolean tryNetwork, Predicate<Path> failed) {
    List<String> problems = new ArrayList<>();
    testbeds.forEach(
        (file, t) -> {
          boolean local = t.hosts().values().stream().allMatch(Host::isLocal);
          if (failed.test(file) || !(tryNetwork || local)) {
            return;
          }
          List<String> faults;
          try {
            faults = Provisioner.faults(file, ProvisionOptions.defaults(), ShellFactory.SSH);
          } catch (LoadlabException e) {
            faults = List.of(ValidationProblems.firstLine(e.getMessage()));
          }
          String prefix = file + ": ";
          faults.forEach(f -> problems.add(f.startsWith(prefix) ? f : prefix + f));
        });
    return problems;
  }

  /** Says, for {@code --offline}, which hosts' SSH ports were not tried (if any). */
  static void sayOffline(Map<Path, Testbed> testbeds, PrintStream err) {
    Set<String> hosts = new LinkedHashSet<>();
    testbeds.forEach((file, t) -> hosts.addAll(SshPortCheck.describe(t)));
    if (!hosts.isEmpty()) {
      err.println(
          "--offline: not tried whether these testbed hosts answer on their SSH port: "
              + String.join(", ", hosts)
              + " (every check of local files was done; their testbeds were not checked against"
              + " the hosts' libvirt, bridges and memory)");
    }
  }
}
