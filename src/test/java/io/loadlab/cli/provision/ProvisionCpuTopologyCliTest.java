package io.loadlab.cli.provision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.loadlab.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code provision plan} on this machine ({@code local: true}) reads its real CPU topology from
 * sysfs and stops, exit 2 and one line, at a role pinned to CPUs it lacks, before starting
 * anything.
 */
@Timeout(120)
class ProvisionCpuTopologyCliTest {
  @TempDir Path dir;

  @Test
  void aRoleOnCpusThisMachineLacksStopsThePlan() throws Exception {
    Path sys = Path.of("/sys/devices/system/cpu");
    TreeSet<Integer> cpus = new TreeSet<>();
    try (Stream<Path> s = Files.list(sys)) {
      s.filter(p -> p.getFileName().toString().matches("cpu[0-9]+"))
          .filter(p -> Files.exists(p.resolve("topology/physical_package_id")))
          .forEach(p -> cpus.add(Integer.parseInt(p.getFileName().toString().substring(3))));
    }
    assumeTrue(!cpus.isEmpty(), "this machine's sysfs gives no CPU topology");
    assumeTrue(cpus.last() < 4094, "a machine with 4,094 CPUs or more");
    Path file = dir.resolve("testbed.yaml");
    Files.writeString(
        file,
        """
        name: topo-cli
        hosts:
          here: {local: true}
        roles:
          - {role: net-serve, on: here, port: 1, cpus: "0,4094-4095"}
        """);
    CliRun r = CliRun.of("provision", "plan", file.toString());
    assertEquals(2, r.code(), r.out() + r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    assertTrue(
        r.err()
            .contains(
                file
                    + ": roles[0].cpus: CPUs 4094-4095 of 0,4094-4095 are not on host here (it has"
                    + " CPUs "),
        r.err());
    assertTrue(r.err().strip().endsWith("); list CPUs the host has"), r.err());
    assertFalse(Files.exists(dir.resolve("testbed.yaml.actions.log")), "nothing started");
  }
}
