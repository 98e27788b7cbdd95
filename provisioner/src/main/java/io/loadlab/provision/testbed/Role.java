package io.loadlab.provision.testbed;

/**
 * A service started on a host or guest over SSH.
 *
 * @param role {@code broker}, {@code database}, {@code jmeter-server} or {@code net-serve}
 * @param on the host or guest name
 * @param port the service port (each role has a default)
 * @param rmiPort {@code jmeter-server}: the fixed RMI local port (server port is {@code port})
 * @param numaNode bind the process's CPUs and memory to this NUMA node with numactl
 * @param command override the start command (for services loadlab does not know)
 */
public record Role(
    String role, String on, Integer port, Integer rmiPort, Integer numaNode, String command) {}
