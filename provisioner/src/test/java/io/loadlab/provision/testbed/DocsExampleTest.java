package io.loadlab.provision.testbed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.provision.ssh.KnownHosts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The example testbed in docs/provisioner.md parses and fits a host like the seed's R710. */
@Timeout(10)
class DocsExampleTest {
  @TempDir Path dir;

  @Test
  void seedExampleIsValidAgainstAnR710() throws Exception {
    String doc = Files.readString(Path.of("../docs/provisioner.md"));
    int start = doc.indexOf("```yaml\nname: r710-amqp-bridged");
    String yaml = doc.substring(start + 8, doc.indexOf("```", start + 8));
    Path file = dir.resolve("r710.yaml");
    Files.writeString(file, yaml);
    Testbed t = TestbedFile.read(file);
    assertEquals(4, t.guests().size());
    assertEquals("bridge", t.guests().get("broker4").network().mode());
    assertEquals(List.of(6, 7), t.guests().get("broker4").pinning().cpus());
    HostFacts.PhysicalFunction pf =
        new HostFacts.PhysicalFunction(
            "pci_0000_07_00_0",
            List.of(new HostFacts.PciAddress(0, 7, 16, 0), new HostFacts.PciAddress(0, 7, 16, 2)));
    HostFacts r710 =
        new HostFacts(
            HostFacts.cpuRange(16),
            Map.of(0, List.of(0, 2, 4, 6, 8, 10, 12, 14), 1, List.of(1, 3, 5, 7, 9, 11, 13, 15)),
            48L << 30,
            Map.of(),
            Set.of("br0"),
            Map.of("eth2", pf));
    TestbedValidator v = new TestbedValidator(file, new KnownHosts(), true);
    assertEquals(List.of(), v.checkAgainstHosts(t, Map.of("r710", r710)));
    // The seed's own 9000 x 2M pool is too small for 4 x 5G, as the docs say.
    Files.writeString(file, yaml.replace("count: 10240", "count: 9000"));
    List<String> problems = v.checkAgainstHosts(TestbedFile.read(file), Map.of("r710", r710));
    assertEquals(1, problems.size());
    assertTrue(
        problems.get(0).contains("need 20 GiB of hugepages but the pool holds 17.58 GiB"),
        problems.get(0));
  }
}
