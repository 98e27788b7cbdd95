package io.loadlab.provision.plan;

import io.loadlab.core.failure.UsageException;
import io.loadlab.provision.action.AppliedState;
import io.loadlab.provision.action.Plan;
import io.loadlab.provision.bridge.LabBridgePlanner;
import io.loadlab.provision.libvirt.LibvirtHost;
import io.loadlab.provision.testbed.GuestNames;
import io.loadlab.provision.testbed.HostFacts;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.tuning.CpuTopology;
import io.loadlab.provision.tuning.CpuTopologyCheck;
import io.loadlab.provision.tuning.TuningPlanner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The checks against the live hosts made before anything changes, once the file and the hosts'
 * libvirt facts have passed: interfaces and tuning, CPU numbering, bridge names, and free memory.
 * Every check runs; their faults are reported together, one line each.
 */
final class HostChecks {
  private final Path file;
  private final Testbed testbed;
  private final MachineShells machines;
  private final Map<String, LibvirtHost> libvirt;
  private final Map<String, HostFacts> facts;
  private final Map<String, List<Integer>> pins;

  HostChecks(
      Path file,
      Testbed testbed,
      MachineShells machines,
      Map<String, LibvirtHost> libvirt,
      Map<String, HostFacts> facts,
      Map<String, List<Integer>> pins) {
    this.file = file;
    this.testbed = testbed;
    this.machines = machines;
    this.libvirt = libvirt;
    this.facts = facts;
    this.pins = pins;
  }

  /** Runs the checks; adds to {@code plan} what they plan (bridges); returns the faults. */
  List<String> run(Plan plan, AppliedState applied) {
    List<String> problems = new ArrayList<>();
    testbed
        .hosts()
        .forEach(
            (name, h) -> {
              if (!h.tuning().isEmpty()) {
                TuningPlanner.plan(plan, name, h.tuning(), machines.shell(name))
                    .forEach(problem -> problems.add(file + ": " + problem));
              }
              if (CpuTopologyCheck.hasCpuLists(testbed, name)) {
                // The host's real numbering, when it answers: pinnings name CPUs it has.
                CpuTopology.read(machines.shell(name))
                    .ifPresent(
                        topo -> {
                          CpuTopologyCheck.Result r = CpuTopologyCheck.check(testbed, name, topo);
                          r.errors().forEach(e -> problems.add(file + ": " + e));
                          r.warnings().forEach(w -> plan.warn(name, w));
                        });
              }
              if (!h.bridges().isEmpty() || !h.dummies().isEmpty()) {
                fault(
                    problems,
                    () ->
                        LabBridgePlanner.plan(
                            plan,
                            name,
                            h,
                            GuestNames.of(testbed, file),
                            machines.shell(name),
                            applied));
              }
            });
    testbed
        .guests()
        .forEach(
            (name, g) -> {
              for (int i = 0; i < g.nics().size(); i++) {
                String problem = directSource(g, i);
                if (problem != null) {
                  problems.add(
                      file + ": guests." + name + "." + g.nicField(i) + ".source: " + problem);
                }
              }
            });
    problems.addAll(
        GuestMemory.check(
            testbed,
            libvirt,
            facts,
            pins,
            host -> MemInfo.read(machines.shell(host), "MemAvailable"),
            GuestNames.of(testbed, file)));
    return problems;
  }

  /**
   * Why NIC {@code i} of {@code g}, a direct one, cannot have its macvtap on its source: the host
   * lacks that interface (one the testbed makes there is made before the guests). Null if it can,
   * or the NIC is no direct one.
   */
  private String directSource(io.loadlab.provision.testbed.Guest g, int i) {
    io.loadlab.provision.testbed.Guest.Network n = g.nics().get(i);
    io.loadlab.provision.testbed.Host h = testbed.hosts().get(g.host());
    if (!"direct".equals(n.mode()) || h == null || h.makes(n.source())) {
      return null;
    }
    if (h.libvirt() != null && h.libvirt().startsWith("test:")) {
      return null; // libvirt's test driver: no host behind it
    }
    String q = io.loadlab.provision.ssh.ShellQuote.quote(n.source());
    if (machines.shell(g.host()).run("ip link show dev " + q).ok()) {
      return null;
    }
    return "host "
        + g.host()
        + " has no interface '"
        + n.source()
        + "' for the macvtap; name one it has (ip link), or a dummy it makes (hosts."
        + g.host()
        + ".dummies)";
  }

  /**
   * Runs one check, adding its refusal (exit 2: one line or several) to {@code faults}, so that
   * every check runs. Other failures (an unreachable host) stop at once.
   */
  static void fault(List<String> faults, Runnable check) {
    try {
      check.run();
    } catch (UsageException e) {
      faults.add(e.getMessage());
    }
  }
}
