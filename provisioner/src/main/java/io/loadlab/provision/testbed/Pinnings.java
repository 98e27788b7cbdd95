package io.loadlab.provision.testbed;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns each guest's pinning (by hand or by policy) into the host CPU of every vCPU. The {@code
 * numa-node} policy gives the guests that use it, in file order, NUMA nodes 0, 1, 2... of their
 * host, and pins vCPU i to the node's i-th CPU.
 */
public final class Pinnings {
  public static final String NUMA_NODE_POLICY = "numa-node";

  private Pinnings() {}

  /**
   * The host CPU of each vCPU per guest; guests without pinning are absent. A guest whose policy
   * cannot be met (not enough nodes or CPUs) is absent too; validation reports it.
   */
  public static Map<String, List<Integer>> resolve(Testbed testbed, Map<String, HostFacts> facts) {
    Map<String, List<Integer>> result = new LinkedHashMap<>();
    Map<String, Integer> nextNode = new LinkedHashMap<>();
    for (Map.Entry<String, Guest> e : testbed.guests().entrySet()) {
      Guest g = e.getValue();
      if (g.pinning() == null) {
        continue;
      }
      if (g.pinning().cpus() != null && !g.pinning().cpus().isEmpty()) {
        result.put(e.getKey(), List.copyOf(g.pinning().cpus()));
      } else if (NUMA_NODE_POLICY.equals(g.pinning().policy())) {
        int node = nextNode.merge(g.host(), 1, Integer::sum) - 1;
        HostFacts f = facts.get(g.host());
        if (f == null || !f.numaNodes().containsKey(node)) {
          continue;
        }
        List<Integer> nodeCpus = f.numaNodes().get(node);
        int vcpus = g.vcpus() == null ? 1 : g.vcpus();
        if (nodeCpus.size() < vcpus) {
          continue;
        }
        result.put(e.getKey(), new ArrayList<>(nodeCpus.subList(0, vcpus)));
      }
    }
    return result;
  }

  /** The NUMA node a guest's pinning falls on, or -1 if it spans nodes or is unknown. */
  public static int nodeOf(List<Integer> cpus, HostFacts facts) {
    for (Map.Entry<Integer, List<Integer>> node : facts.numaNodes().entrySet()) {
      if (node.getValue().containsAll(cpus)) {
        return node.getKey();
      }
    }
    return -1;
  }
}
