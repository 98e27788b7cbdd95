package io.loadlab.campaign.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.provision.testbed.Guest;
import io.loadlab.provision.testbed.Host;
import io.loadlab.provision.testbed.Role;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.testbed.TestbedFile;
import io.loadlab.provision.testbed.Tuning;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The RHEL 6 KVM messaging report's testbeds, point by point as its "How we tested" gives them:
 * guests of 2 vCPUs for latency, 6 (bridged) or 5 (SR-IOV) for throughput, 5 GB on 9,000 hugepages,
 * one vCPU per physical CPU interleaved across the sockets (SR-IOV offset by 4 for the VF
 * interrupts), two VFs on each of two ports, intel_iommu=on, broker worker threads 1 / 6 / 7,
 * bare-metal brokers under nice -n -20 and numactl, the clients' interrupts spread with irqbalance
 * stopped. And the MRG interconnects report's tuning (section 3.2).
 */
class AmqpExampleTestbedsTest {
  static final Path SRIOV = AmqpExampleTablesTest.EXAMPLES.resolve("amqp-sriov");

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "testbed-sriov-latency.yaml, 2, 4, 1",
    "testbed-sriov-throughput.yaml, 5, 4, 7",
    "testbed-bridged-latency.yaml, 2, 0, 1",
    "testbed-bridged-throughput.yaml, 6, 0, 6"
  })
  void guestTestbedsAreTheReports(String file, int vcpus, int offset, int threads) {
    Testbed t = TestbedFile.read(SRIOV.resolve(file));
    boolean sriov = file.contains("sriov");
    Tuning host = t.hosts().get("r710").tuning();
    assertEquals(9000, host.hugepages().count());
    assertEquals("2M", host.hugepages().size());
    assertTrue(host.kernelCmdline().contains("elevator=deadline"), host.kernelCmdline().toString());
    assertEquals(
        sriov, host.kernelCmdline().contains("intel_iommu=on"), host.kernelCmdline().toString());
    assertEquals(
        sriov
            ? List.of(new Tuning.SriovPort("eth2", 2), new Tuning.SriovPort("eth3", 2))
            : List.of(),
        host.sriov());
    assertEquals("1310724", host.sysctl().get("kernel.msgmnb"));
    assertEquals("0", host.sysctl().get("net.ipv4.conf.lo.arp_filter"));
    // irqbalance runs on the host (the SR-IOV procedure starts it); the clients stop it.
    assertTrue(!host.stopServices().contains("irqbalance"), host.stopServices().toString());
    assertClients(t);

    assertEquals(4, t.guests().size());
    int[] socketStep = {0, 2, 1, 3}; // guests 1-2 on socket 0 (even CPUs), 3-4 on socket 1
    for (int g = 0; g < 4; g++) {
      Guest guest = t.guests().get("broker" + (g + 1));
      assertEquals(vcpus, guest.vcpus(), file + " broker" + (g + 1));
      assertEquals("5G", guest.memory());
      assertTrue(guest.useHugepages());
      int at = g;
      assertEquals(
          IntStream.range(0, vcpus).map(v -> 4 * v + offset + socketStep[at]).boxed().toList(),
          guest.pinning().cpus(),
          file + " broker" + (g + 1) + ": vCPU v on CPU 4v" + (offset > 0 ? "+" + offset : ""));
      String port = g < 2 ? "eth2" : "eth3";
      if (sriov) {
        assertEquals("sriov", guest.network().mode());
        assertEquals(port, guest.network().pf());
        assertEquals(g % 2, guest.network().vf());
      } else {
        assertEquals("bridge", guest.network().mode());
        assertEquals(g < 2 ? "br0" : "br1", guest.network().bridge());
      }
    }
    assertEquals(4, t.roles().size());
    for (Role r : t.roles()) {
      assertEquals("broker", r.role());
      assertEquals(Map.of("threads", threads), r.options(), "broker --worker-threads");
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"testbed-bare-latency.yaml, 1", "testbed-bare-throughput.yaml, 7"})
  void bareMetalBrokersAreNicedAndBoundToASocket(String file, int threads) {
    Testbed t = TestbedFile.read(SRIOV.resolve(file));
    assertTrue(t.guests().isEmpty());
    assertEquals(9000, t.hosts().get("r710").tuning().hugepages().count());
    assertClients(t);
    // numactl -C0,2,4,6,8,10 -m0, -C12,...,22 -m0 -p 5673, -C1,...,11 -m1 -p 5674, -C13,...,23 -m1
    List<String> cpus =
        List.of("0,2,4,6,8,10", "12,14,16,18,20,22", "1,3,5,7,9,11", "13,15,17,19,21,23");
    assertEquals(4, t.roles().size());
    for (int i = 0; i < 4; i++) {
      Role r = t.roles().get(i);
      assertEquals("r710", r.on());
      assertEquals(5672 + i, r.port());
      assertEquals(cpus.get(i), r.cpus());
      assertEquals(i < 2 ? 0 : 1, r.numaNode());
      assertEquals(-20, r.nice());
      assertEquals(Map.of("threads", threads), r.options());
    }
  }

  /** The clients spread their NIC's interrupt pairs over the even CPUs, irqbalance stopped. */
  private static void assertClients(Testbed t) {
    for (String c : List.of("client1", "client2")) {
      Host h = t.hosts().get(c);
      assertEquals(List.of("irqbalance"), h.tuning().stopServices(), c);
      assertEquals(
          List.of(new Tuning.IrqAffinity("eth2", "0,2,4,6,8,10,12,14")),
          h.tuning().irqAffinity(),
          c);
    }
  }

  @Test
  void interconnectTestbedHasTheReportsTuning() {
    Testbed t =
        TestbedFile.read(AmqpExampleTablesTest.EXAMPLES.resolve("amqp-interconnects/testbed.yaml"));
    for (String name : List.of("server", "client")) {
      Tuning tu = t.hosts().get(name).tuning();
      assertEquals("262144", tu.sysctl().get("fs.aio-max-nr"), name);
      assertEquals("1", tu.sysctl().get("net.ipv4.conf.all.arp_filter"), name);
      assertEquals("1", tu.sysctl().get("net.ipv4.conf.default.arp_filter"), name);
      assertEquals(
          List.of(
              new Tuning.EthtoolRings("eth0", 4096, 4096),
              new Tuning.EthtoolRings("eth2", 8192, 8192)),
          tu.ethtoolRings(),
          name);
      assertTrue(tu.stopServices().containsAll(List.of("irqbalance", "cpuspeed", "tuned")), name);
    }
    Role broker = t.roles().get(0);
    assertEquals(0, broker.numaNode());
  }
}
