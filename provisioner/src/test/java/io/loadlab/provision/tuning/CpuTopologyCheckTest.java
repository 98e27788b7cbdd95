package io.loadlab.provision.tuning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.provision.ssh.LocalShell;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.testbed.TestbedFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CPU topology read by a real {@code sh} from a fake sysfs tree shaped as the Dell R710 of the
 * RHEL 6 reports (2 x 6-core X5670 with HT: even CPUs on package 0, CPU n's sibling n+12), and the
 * testbed's CPU lists checked against it.
 */
@Timeout(30)
class CpuTopologyCheckTest {
  @TempDir Path root;

  /** Writes a sysfs tree: 24 CPUs, package = cpu % 2, core = (cpu % 12) / 2, siblings n, n+12. */
  private void r710() throws IOException {
    Path sys = root.resolve("sys/devices/system");
    for (int c = 0; c < 24; c++) {
      Path t = Files.createDirectories(sys.resolve("cpu/cpu" + c + "/topology"));
      Files.writeString(t.resolve("physical_package_id"), (c % 2) + "\n");
      Files.writeString(t.resolve("core_id"), ((c % 12) / 2) + "\n");
      int first = c % 12;
      Files.writeString(t.resolve("thread_siblings_list"), first + "," + (first + 12) + "\n");
    }
    Files.createDirectories(sys.resolve("cpu/cpufreq")); // not a CPU
    for (int n = 0; n < 2; n++) {
      Path node = Files.createDirectories(sys.resolve("node/node" + n));
      StringBuilder list = new StringBuilder();
      for (int c = n; c < 24; c += 2) {
        list.append(list.length() > 0 ? "," : "").append(c);
      }
      Files.writeString(node.resolve("cpulist"), list + "\n");
    }
  }

  private CpuTopology topology() {
    return CpuTopology.read(new LocalShell("r710"), root.toString()).orElseThrow();
  }

  private Testbed testbed(String roles, String irqCpus) throws IOException {
    Path file = root.resolve("testbed.yaml");
    Files.writeString(
        file,
        "name: topo\n"
            + "hosts:\n"
            + "  r710:\n"
            + "    address: 127.0.0.1\n"
            + "    user: root\n"
            + "    tuning:\n"
            + "      irq-affinity: [{device: eth2, cpus: \""
            + irqCpus
            + "\"}]\n"
            + "roles:\n"
            + roles);
    return TestbedFile.read(file);
  }

  @Test
  void readsPackagesCoresSiblingsAndNodes() throws IOException {
    r710();
    CpuTopology t = topology();
    assertEquals(24, t.cpus().size());
    assertEquals(0, t.cpus().get(22).packageId());
    assertEquals(1, t.cpus().get(13).packageId());
    assertEquals(3, t.cpus().get(18).coreId());
    assertEquals(new TreeSet<>(Set.of(6, 18)), t.cpus().get(18).siblings());
    assertEquals(
        new TreeSet<>(List.of(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22)), t.packageCpus(0));
    assertEquals(t.packageCpus(1), t.nodes().get(1));
  }

  @Test
  void noSysfsIsNoTopology() {
    assertTrue(CpuTopology.read(new LocalShell("r710"), root.toString()).isEmpty());
  }

  @Test
  void theReportsNumberingPassesAndCpusTheHostLacksAreErrors() throws IOException {
    r710();
    CpuTopologyCheck.Result good =
        CpuTopologyCheck.check(
            testbed(
                "  - {role: broker, on: r710, port: 5672, numa-node: 0, cpus: \"0,2,4,12,14,16\"}\n"
                    + "  - {role: broker, on: r710, port: 5673, numa-node: 1, cpus: \"1,3,5,13,15,17\"}\n",
                "0,2,4,6,8,10,12,14"),
            "r710",
            topology());
    assertEquals(List.of(), good.errors());
    assertEquals(List.of(), good.warnings());

    CpuTopologyCheck.Result bad =
        CpuTopologyCheck.check(
            testbed(
                "  - {role: broker, on: r710, port: 5672, cpus: \"20-25\"}\n", "0,2,4,6,8,10,24"),
            "r710",
            topology());
    assertEquals(
        List.of(
            "roles[0].cpus: CPUs 24-25 of 20-25 are not on host r710 (it has CPUs 0-23); list CPUs"
                + " the host has",
            "hosts.r710.tuning.irq-affinity[0].cpus: CPU 24 of 0,2,4,6,8,10,24 is not on host r710"
                + " (it has CPUs 0-23); list CPUs the host has"),
        bad.errors());
  }

  @Test
  void aSocketListOnTwoPackagesIsAWarning() throws IOException {
    r710();
    CpuTopologyCheck.Result r =
        CpuTopologyCheck.check(
            testbed(
                "  - {role: database, on: r710, port: 5432, numa-node: 0, cpus: \"0-2,12-14\"}\n",
                "0"),
            "r710",
            topology());
    assertEquals(List.of(), r.errors());
    assertEquals(
        List.of(
            "roles[0].cpus: CPUs 1,13 of 0-2,12-14 are not on NUMA node 0 of r710 (node 0 has CPUs"
                + " 0,2,4,6,8,10,12,14,16,18,20,22); list CPUs of that node or change numa-node",
            "roles[0].cpus: 0-2,12-14 spans 2 sockets of r710 (package 0:"
                + " 0,2,4,6,8,10,12,14,16,18,20,22; package 1: 1,3,5,7,9,11,13,15,17,19,21,23)"
                + " although numa-node binds it to one; list CPUs of one package"),
        r.warnings());
  }
}
