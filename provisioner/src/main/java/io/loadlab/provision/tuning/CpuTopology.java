package io.loadlab.provision.tuning;

import static io.loadlab.provision.ssh.ShellQuote.quote;

import io.loadlab.provision.ssh.CommandResult;
import io.loadlab.provision.ssh.RemoteShell;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;

/**
 * A host's CPU topology as its kernel gives it in sysfs: each online CPU's package (socket), core
 * and hyperthread siblings, and each NUMA node's CPUs. {@code provision plan} checks the testbed's
 * CPU lists against it, since a host's CPU numbering (interleaved across sockets or not) is not
 * something a testbed file can be trusted to guess.
 *
 * @param cpus the online CPUs by number
 * @param nodes the CPUs of each NUMA node
 */
public record CpuTopology(
    SortedMap<Integer, Cpu> cpus, SortedMap<Integer, SortedSet<Integer>> nodes) {

  /**
   * One logical CPU.
   *
   * @param packageId {@code topology/physical_package_id}: the socket
   * @param coreId {@code topology/core_id}
   * @param siblings {@code topology/thread_siblings_list}: the CPUs sharing its core
   */
  public record Cpu(int packageId, int coreId, SortedSet<Integer> siblings) {}

  /**
   * The one read-only command printing the topology under {@code root} ({@code ""} for the real
   * {@code /sys}; a directory for a test's fake tree): {@code cpu N package core siblings} and
   * {@code node N cpulist} lines.
   */
  public static String command(String root) {
    String cpu = quote(root + "/sys/devices/system/cpu");
    String node = quote(root + "/sys/devices/system/node");
    return "for d in "
        + cpu
        + "/cpu[0-9]*; do t=$d/topology; [ -r $t/physical_package_id ] && echo cpu ${d##*/cpu}"
        + " $(cat $t/physical_package_id) $(cat $t/core_id) $(cat $t/thread_siblings_list);"
        + " done; for n in "
        + node
        + "/node[0-9]*; do [ -r $n/cpulist ] && echo node ${n##*/node} $(cat $n/cpulist);"
        + " done; true";
  }

  /** Reads the real topology over {@code sh}; empty if the host has no such sysfs or fails. */
  public static Optional<CpuTopology> read(RemoteShell sh) {
    return read(sh, "");
  }

  /** Reads the topology under {@code root} over {@code sh}; empty if there is none. */
  public static Optional<CpuTopology> read(RemoteShell sh, String root) {
    CommandResult r = sh.run(command(root));
    if (r == null || !r.ok()) {
      return Optional.empty();
    }
    CpuTopology t = parse(r.stdout());
    return t.cpus().isEmpty() ? Optional.empty() : Optional.of(t);
  }

  static CpuTopology parse(String text) {
    SortedMap<Integer, Cpu> cpus = new TreeMap<>();
    SortedMap<Integer, SortedSet<Integer>> nodes = new TreeMap<>();
    for (String line : text.split("\n")) {
      String[] f = line.trim().split("\\s+");
      try {
        if (f.length == 5 && f[0].equals("cpu")) {
          cpus.put(
              Integer.parseInt(f[1]),
              new Cpu(Integer.parseInt(f[2]), Integer.parseInt(f[3]), TuningPlanner.expand(f[4])));
        } else if (f.length == 3 && f[0].equals("node")) {
          nodes.put(Integer.parseInt(f[1]), TuningPlanner.expand(f[2]));
        }
      } catch (NumberFormatException e) {
        // a line the kernel did not write as expected: not part of the topology
      }
    }
    return new CpuTopology(cpus, nodes);
  }

  /** The CPUs of one package (socket). */
  public SortedSet<Integer> packageCpus(int packageId) {
    SortedSet<Integer> s = new java.util.TreeSet<>();
    for (Map.Entry<Integer, Cpu> e : cpus.entrySet()) {
      if (e.getValue().packageId() == packageId) {
        s.add(e.getKey());
      }
    }
    return s;
  }
}
