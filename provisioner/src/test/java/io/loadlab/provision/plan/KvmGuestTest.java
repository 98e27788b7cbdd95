package io.loadlab.provision.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.loadlab.provision.libvirt.GuestState;
import io.loadlab.provision.libvirt.LibvirtHost;
import io.loadlab.provision.libvirt.TestDriver;
import io.loadlab.provision.testbed.TestbedFixture;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.libvirt.Connect;
import org.libvirt.StoragePool;

/**
 * A real KVM guest through a running libvirtd (qemu:///system): a clone of an empty base volume,
 * two vCPUs pinned to CPUs 0 and 1, booted (SeaBIOS finds no OS and waits, which is enough to be a
 * running, pinned guest), pinning read back from libvirt, then torn down; the guest ignores the
 * ACPI shutdown, so teardown destroys it after the timeout. Needs /dev/kvm and Debian's
 * qemu-system-x86, qemu-utils, libvirt-daemon and libvirt-daemon-driver-qemu; skipped with a
 * message otherwise.
 */
@Timeout(120)
class KvmGuestTest {
  static final String URI = "qemu:///system";
  static final String POOL = "loadlab-test-" + ProcessHandle.current().pid();

  @TempDir Path dir;
  Connect conn;
  StoragePool pool;

  @BeforeEach
  void setUp() throws Exception {
    TestDriver.assumeLibvirt();
    assumeTrue(Files.exists(Path.of("/dev/kvm")), "skipped: no /dev/kvm on this machine");
    assumeTrue(
        Files.isExecutable(Path.of("/usr/bin/qemu-system-x86_64"))
            && Files.isExecutable(Path.of("/usr/sbin/libvirtd")),
        "skipped: qemu-system-x86 and libvirt-daemon(-driver-qemu) are not installed");
    assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "skipped: needs 2 CPUs to pin to");
    assumeTrue(
        Files.exists(Path.of("/run/libvirt/libvirt-sock")),
        "skipped: no libvirtd running (no /run/libvirt/libvirt-sock); install libvirt-daemon-system"
            + " and start libvirtd to boot a real guest");
    conn = new Connect(URI, false);
    Path images = Files.createDirectories(dir.resolve("images"));
    pool =
        conn.storagePoolCreateXML(
            "<pool type='dir'><name>"
                + POOL
                + "</name><target><path>"
                + images
                + "</path></target></pool>",
            0);
    pool.storageVolCreateXML(
        "<volume><name>base.qcow2</name><capacity unit='MiB'>64</capacity>"
            + "<target><format type='qcow2'/></target></volume>",
        0);
  }

  @AfterEach
  void cleanUp() throws Exception {
    if (pool != null) {
      for (String v : pool.listVolumes()) {
        pool.storageVolLookupByName(v).delete(0);
      }
      pool.destroy();
    }
    if (conn != null) {
      conn.close();
    }
  }

  @Test
  void bootsAPinnedGuestAndTearsItDown() throws Exception {
    new TestbedFixture(dir);
    Path file = dir.resolve("kvm.yaml");
    Files.writeString(
        file,
        """
        name: kvm-real
        hosts:
          local: {address: 10.0.0.1, user: root, key-file: id_test, known-hosts: known_hosts, libvirt: "%s"}
        guests:
          ll-kvm-%d: {host: local, pool: %s, base-volume: base.qcow2, vcpus: 2, memory: 64M,
                      pinning: {cpus: [1, 0]}}
        """
            .formatted(URI, ProcessHandle.current().pid(), POOL));
    String guest = "ll-kvm-" + ProcessHandle.current().pid();
    ProvisionOptions options =
        ProvisionOptions.defaults().withShutdownTimeout(Duration.ofSeconds(2));
    try (Provisioner p = Provisioner.open(file, options, ProvisionerLibvirtTest.NO_SSH)) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      boolean ok = p.apply(new PrintStream(out, true, StandardCharsets.UTF_8));
      assertTrue(ok, out.toString(StandardCharsets.UTF_8));
      LibvirtHost host = p.libvirtHost("local");
      assertEquals(GuestState.RUNNING, host.state(guest));
      assertEquals(List.of(List.of(1), List.of(0)), host.livePinning(guest));
      assertTrue(p.plan().isEmpty(), p.plan().render());
      assertTrue(p.teardown(null));
      assertEquals(GuestState.ABSENT, host.state(guest));
      assertNull(host.volumePath(POOL, guest + ".qcow2"));
    }
  }
}
