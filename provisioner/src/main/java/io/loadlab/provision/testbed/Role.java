package io.loadlab.provision.testbed;

import io.loadlab.provision.placement.Placement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A service started on a host or guest over SSH.
 *
 * @param role {@code broker}, {@code database}, {@code jmeter-server} or {@code net-serve}
 * @param on the host or guest name
 * @param port the service port (each role has a default)
 * @param rmiPort {@code jmeter-server}: the fixed RMI local port (server port is {@code port})
 * @param numaNode bind the process's CPUs and memory to this NUMA node with numactl
 * @param command override the start command (for services loadlab does not know)
 * @param nice the process's niceness ({@code nice -n}), -20 to 19
 * @param cpus pin the process to these CPUs ({@code numactl --physcpubind}), e.g. {@code 0-5}
 * @param options options of the role's loadlab command ({@code threads: 8} is {@code --threads 8};
 *     {@code true} is a flag), in file order
 */
public record Role(
    String role,
    String on,
    Integer port,
    Integer rmiPort,
    Integer numaNode,
    String command,
    Integer nice,
    String cpus,
    Map<String, Object> options) {
  public Role {
    options = options == null ? Map.of() : new LinkedHashMap<>(options);
  }

  /** Where the role's process runs: its niceness, NUMA node and CPUs. */
  public Placement placement() {
    return new Placement(nice, numaNode, cpus);
  }
}
