package io.loadlab.provision.tuning;

import io.loadlab.provision.testbed.Role;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.testbed.TestbedValidator;
import io.loadlab.provision.testbed.Tuning;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The testbed's CPU lists for one host against the host's real {@link CpuTopology}: a CPU the host
 * does not have is an error (the pinning cannot be applied); a {@code numa-node} role whose CPUs
 * sit on another node or on two packages is a warning (the file's claim about sockets is wrong for
 * this host's numbering).
 */
public final class CpuTopologyCheck {
  /**
   * Problems that stop {@code plan} (exit 2) and warnings it prints; each "field: problem; fix".
   */
  public record Result(List<String> errors, List<String> warnings) {}

  private CpuTopologyCheck() {}

  /** Checks the roles placed on {@code host} and the host's IRQ affinities. */
  public static Result check(Testbed t, String host, CpuTopology topo) {
    List<String> errors = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    for (int i = 0; i < t.roles().size(); i++) {
      Role r = t.roles().get(i);
      if (!host.equals(r.on()) || r.cpus() == null || !r.cpus().matches("[0-9,-]+")) {
        continue;
      }
      String field = "roles[" + i + "]";
      TreeSet<Integer> cpus = TuningPlanner.expand(r.cpus());
      if (missing(field + ".cpus", r.cpus(), cpus, host, topo, errors) || r.numaNode() == null) {
        continue;
      }
      SortedSet<Integer> node = topo.nodes().get(r.numaNode());
      if (node != null && !node.containsAll(cpus)) {
        TreeSet<Integer> off = new TreeSet<>(cpus);
        off.removeAll(node);
        warnings.add(
            field
                + ".cpus: CPUs "
                + TestbedValidator.ranges(off)
                + " of "
                + r.cpus()
                + " are not on NUMA node "
                + r.numaNode()
                + " of "
                + host
                + " (node "
                + r.numaNode()
                + " has CPUs "
                + TestbedValidator.ranges(node)
                + "); list CPUs of that node or change numa-node");
      }
      TreeSet<Integer> packages = new TreeSet<>();
      cpus.forEach(c -> packages.add(topo.cpus().get(c).packageId()));
      if (packages.size() > 1) {
        StringBuilder sb = new StringBuilder();
        for (int pkg : packages) {
          sb.append(sb.length() > 0 ? "; " : "")
              .append("package ")
              .append(pkg)
              .append(": ")
              .append(TestbedValidator.ranges(topo.packageCpus(pkg)));
        }
        warnings.add(
            field
                + ".cpus: "
                + r.cpus()
                + " spans "
                + packages.size()
                + " sockets of "
                + host
                + " ("
                + sb
                + ") although numa-node binds it to one; list CPUs of one package");
      }
    }
    List<Tuning.IrqAffinity> irqs = t.hosts().get(host).tuning().irqAffinity();
    for (int i = 0; i < irqs.size(); i++) {
      Tuning.IrqAffinity a = irqs.get(i);
      if (a.cpus() != null && a.cpus().matches("[0-9,-]+")) {
        missing(
            "hosts." + host + ".tuning.irq-affinity[" + i + "].cpus",
            a.cpus(),
            TuningPlanner.expand(a.cpus()),
            host,
            topo,
            errors);
      }
    }
    return new Result(errors, warnings);
  }

  /** Adds an error if some of {@code cpus} are not on the host; true if it did. */
  private static boolean missing(
      String field,
      String text,
      SortedSet<Integer> cpus,
      String host,
      CpuTopology topo,
      List<String> errors) {
    TreeSet<Integer> absent = new TreeSet<>(cpus);
    absent.removeAll(topo.cpus().keySet());
    if (absent.isEmpty()) {
      return false;
    }
    errors.add(
        field
            + ": "
            + (absent.size() == 1 ? "CPU " : "CPUs ")
            + TestbedValidator.ranges(absent)
            + " of "
            + text
            + (absent.size() == 1 ? " is" : " are")
            + " not on host "
            + host
            + " (it has CPUs "
            + TestbedValidator.ranges(topo.cpus().keySet())
            + "); list CPUs the host has");
    return true;
  }

  /** True if the testbed gives any CPU list for {@code host} that this check reads. */
  public static boolean hasCpuLists(Testbed t, String host) {
    return t.roles().stream().anyMatch(r -> host.equals(r.on()) && r.cpus() != null)
        || !t.hosts().get(host).tuning().irqAffinity().isEmpty();
  }
}
