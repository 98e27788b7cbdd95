package io.loadlab.provision.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.LoadlabException;
import io.loadlab.provision.libvirt.DomainStats;
import io.loadlab.provision.libvirt.TestDriver;
import io.loadlab.provision.testbed.TestbedFile;
import io.loadlab.provision.testbed.TestbedFixture;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The host CPU time of a testbed's guests as a campaign reads it, on libvirt's test driver, whose
 * {@code test:///default} runs a domain named {@code test} in every new connection.
 */
@Timeout(60)
class GuestDomainsTest {
  @TempDir Path dir;

  @Test
  void readsTheHostCpuTimeOfEachGuestsDomainAndNamesAGoneOne() throws Exception {
    TestDriver.assumeLibvirt();
    Path file =
        new TestbedFixture(dir)
            .write(
                """
                name: cpu
                hosts:
                  kvm1: {address: 10.0.0.1, user: root, key-file: id_test, known-hosts: known_hosts, libvirt: "test:///default"}
                  plain: {address: 10.0.0.2, user: root, key-file: id_test, known-hosts: known_hosts}
                guests:
                  test: {host: kvm1, base-volume: base.qcow2, vcpus: 2, memory: 1G}
                  gone: {host: kvm1, base-volume: base.qcow2, vcpus: 1, memory: 1G}
                """);
    try (GuestDomains d = GuestDomains.open(TestbedFile.read(file))) {
      assertEquals(List.of("test", "gone"), List.copyOf(d.guests()));
      DomainStats.DomainCpu first = d.cpu("test");
      Thread.sleep(50);
      DomainStats.DomainCpu later = d.cpu("test");
      assertTrue(first.totalNanos() > 0, first.toString());
      assertTrue(later.totalNanos() >= first.totalNanos(), first + " then " + later);
      // The test driver reports per-vCPU times too (-1 would mean it did not).
      assertTrue(later.vcpuNanos() >= 0, later.toString());
      LoadlabException e = assertThrows(LoadlabException.class, () -> d.cpu("gone"));
      assertTrue(e.getMessage().contains("kvm1: no domain named gone"), e.getMessage());
      assertThrows(IllegalArgumentException.class, () -> d.cpu("plain"));
      // How each guest's domain runs, as libvirt says (the test driver names its own type).
      assertEquals("test", d.virtualization("test").type());
      assertThrows(LoadlabException.class, () -> d.virtualization("gone"));
      assertThrows(IllegalArgumentException.class, () -> d.virtualization("plain"));
    }
  }
}
