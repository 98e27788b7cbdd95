package io.loadlab.campaign.file;

import io.loadlab.provision.lab.LocalCommands;
import io.loadlab.provision.placement.Placement;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SortedSet;

/**
 * Reads where a step's clients run ({@code nice}, {@code numa-node}, {@code cpus} of the step, a
 * client's own over them) and checks it up front: the values, and for clients on this machine (here
 * or in a lab host) that numactl is installed and the CPUs and node exist.
 */
public final class ClientPlacements {
  private final ValidationProblems problems;

  public ClientPlacements(ValidationProblems problems) {
    this.problems = problems;
  }

  /** The step's placement (field {@code f}); its problems recorded. */
  public Placement step(String f, CampaignSpec.StepSpec s) {
    return checked(f, new Placement(s.nice(), s.numaNode(), s.cpus()));
  }

  /** A client's placement (field {@code cf}) over its step's; its own problems recorded. */
  public Placement client(String cf, CampaignSpec.ClientSpec c, Placement step) {
    return checked(cf, new Placement(c.nice(), c.numaNode(), c.cpus())).over(step);
  }

  private Placement checked(String field, Placement p) {
    p.check((name, why) -> problems.problem(field + "." + name, why));
    return p;
  }

  /**
   * Checks a placement of a client on this machine against it; problems are named at {@code
   * stepField} or, for a field the client gives itself, at {@code clientField}.
   */
  public void checkHere(Placement p, Placement own, String stepField, String clientField) {
    if (!p.usesNumactl()) {
      return;
    }
    if (LocalCommands.onPath("numactl") == null) {
      String f = (own.numaNode() != null || own.cpus() != null) ? clientField : stepField;
      problems.problem(
          f + "." + (p.cpus() != null ? "cpus" : "numa-node"),
          "needs numactl, which this machine does not have; install it (package numactl)");
      return;
    }
    if (p.cpus() != null) {
      SortedSet<Integer> online = Placement.cpuSet(read("/sys/devices/system/cpu/online"));
      SortedSet<Integer> wanted = Placement.cpuSet(p.cpus());
      if (online != null && wanted != null && !online.containsAll(wanted)) {
        String f = own.cpus() != null ? clientField : stepField;
        problems.problem(
            f + ".cpus",
            "'"
                + p.cpus()
                + "' names CPUs this machine does not have online ("
                + read("/sys/devices/system/cpu/online")
                + "); give CPUs of this machine");
      }
    }
    Path nodes = Path.of("/sys/devices/system/node");
    if (p.numaNode() != null
        && Files.isDirectory(nodes)
        && !Files.isDirectory(nodes.resolve("node" + p.numaNode()))) {
      String f = own.numaNode() != null ? clientField : stepField;
      problems.problem(
          f + ".numa-node",
          p.numaNode() + " is not a NUMA node of this machine; see numactl --hardware");
    }
  }

  private static String read(String file) {
    try {
      return Files.readString(Path.of(file)).strip();
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
