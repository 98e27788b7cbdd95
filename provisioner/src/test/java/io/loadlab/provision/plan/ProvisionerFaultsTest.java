package io.loadlab.provision.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import io.loadlab.provision.libvirt.TestDriver;
import io.loadlab.provision.testbed.TestbedFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every fault of a testbed against its hosts, found at once without changing anything: no libvirtd
 * on one local host, a bridge name taken (the loopback interface), a kernel that is not there, and
 * more vCPUs than the host's CPUs may carry. {@code provision plan} refuses them together, one line
 * each (exit 2); {@link Provisioner#faults} lists the same lines for {@code campaign plan}.
 */
@Timeout(120)
class ProvisionerFaultsTest {
  @TempDir Path dir;

  static final ShellFactory NO_SSH =
      (target, policy) -> {
        throw new AssertionError("no SSH expected, but asked for " + target.name());
      };

  private Path testbed() throws Exception {
    TestDriver.assumeLibvirt();
    new TestbedFixture(dir);
    Files.writeString(dir.resolve("id_test.pub"), "ssh-ed25519 AAAA test\n");
    String guest =
        "{host: this, vcpus: 20, memory: 256M, network: {mode: bridge, bridge: lo},"
            + " user: root, key-file: id_test, known-hosts: kh,"
            + " boot: {host-root: true, kernel: /nonexistent/vmlinuz-0}, address: ";
    return new TestbedFixture(dir)
        .write(
            """
            name: faults
            hosts:
              this:
                local: true
                libvirt: "%s"
                bridges:
                  lo: {address: 10.9.0.1/24}
              gone:
                local: true
                libvirt: "%s"
            guests:
              a: %s10.9.0.5}
              b: %s10.9.0.6}
            """
                .formatted(TestDriver.uri(), LibvirtHostOpeningTest.URI, guest, guest));
  }

  @Test
  void everyHostFaultIsOneLineAndAllComeTogether() throws Exception {
    Path file = testbed();
    List<String> faults = Provisioner.faults(file, ProvisionOptions.defaults(), NO_SSH);
    assertEquals(5, faults.size(), String.join("\n", faults));
    assertTrue(
        faults.get(0).startsWith("hosts.gone.libvirt: no libvirtd answers at "), faults.get(0));
    assertEquals(
        file
            + ": hosts.this.vcpu-overcommit: its guests have 40 vCPUs on 16 CPUs (2.5 per CPU),"
            + " more than the 2 allowed; give the guests fewer vCPUs, or allow more with"
            + " vcpu-overcommit",
        faults.get(1));
    assertTrue(
        faults.get(2).startsWith("guests.a.boot: /nonexistent/vmlinuz-0 cannot be read"),
        faults.get(2));
    assertTrue(faults.get(3).startsWith("guests.b.boot: "), faults.get(3));
    assertEquals(
        "hosts.this.bridges.lo: an interface named lo already exists on this and this testbed did"
            + " not create it; choose another bridge name",
        faults.get(4));

    UsageException e =
        assertThrows(
            UsageException.class,
            () -> {
              try (Provisioner p = Provisioner.open(file, ProvisionOptions.defaults(), NO_SSH)) {
                p.plan();
              }
            });
    assertEquals(2, e.exitCode());
    assertEquals(faults.subList(0, 4), List.of(e.getMessage().split("\n")), "opening: the first");
    try (Stream<Path> files = Files.list(dir)) {
      assertFalse(
          files.anyMatch(f -> f.getFileName().toString().contains("state")),
          "nothing made, nothing recorded");
    }
  }

  @Test
  void aTestbedWithoutFaultsHasNone() throws Exception {
    TestDriver.assumeLibvirt();
    Path file =
        new TestbedFixture(dir)
            .write(
                """
                name: fine
                hosts:
                  this: {local: true, libvirt: "%s"}
                guests:
                  g1: {host: this, base-volume: base.qcow2, vcpus: 16, memory: 1G}
                  g2: {host: this, base-volume: base.qcow2, vcpus: 16, memory: 1G}
                """
                    .formatted(TestDriver.uri()));
    assertEquals(List.of(), Provisioner.faults(file, ProvisionOptions.defaults(), NO_SSH));
  }
}
