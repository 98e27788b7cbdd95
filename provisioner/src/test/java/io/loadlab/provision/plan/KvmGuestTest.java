package io.loadlab.provision.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.loadlab.provision.guestboot.Initramfs;
import io.loadlab.provision.libvirt.DomainSpec;
import io.loadlab.provision.libvirt.DomainXml;
import io.loadlab.provision.libvirt.GuestState;
import io.loadlab.provision.libvirt.LibvirtHost;
import io.loadlab.provision.libvirt.TestDriver;
import io.loadlab.provision.testbed.Guest;
import io.loadlab.provision.testbed.TestbedFixture;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.libvirt.Connect;
import org.libvirt.Domain;
import org.libvirt.StoragePool;
import org.libvirt.VcpuInfo;

/**
 * A real KVM guest through a running libvirtd (qemu:///system): a Debian kernel from {@code /boot}
 * booted directly with an initramfs the test builds from busybox-static (its {@code /init} prints a
 * marker and sleeps), two vCPUs pinned to CPUs 1 and 0, pinning read back from libvirt (the
 * domain's pins and where each vCPU runs), the serial console read from its log file, then torn
 * down (the guest ignores the ACPI shutdown, so teardown destroys it after the timeout).
 *
 * <p>On a host whose /dev/kvm is hardware KVM (kvm_intel or kvm_amd) the test waits for the marker
 * from the guest's {@code /init}. On a nested host with the {@code kvm_pvm} module (which only runs
 * PVM-aware guest kernels to the end), it waits for the kernel's own setup output on the console
 * instead, which shows the Debian kernel running in the guest, and says so.
 *
 * <p>Needs /dev/kvm, libvirtd running, and Debian's qemu-system-x86, qemu-utils, libvirt-daemon,
 * libvirt-daemon-driver-qemu, linux-image-cloud-amd64 (or any /boot/vmlinuz-*) and busybox-static;
 * skipped with a message otherwise ({@code .ci/run} installs and starts them).
 */
@Timeout(480)
class KvmGuestTest {
  static final String URI = "qemu:///system";
  static final String MARKER = "loadlab-guest-up";

  /** Printed by the kernel's x86 real-mode setup code, before it decompresses itself. */
  static final String KERNEL_SETUP = "Probing EDD";

  static final String POOL = "loadlab-test-" + ProcessHandle.current().pid();

  @TempDir Path dir;
  Connect conn;
  StoragePool pool;
  Path kernel;

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
    kernel = newestKernel();
    assumeTrue(
        kernel != null, "skipped: no /boot/vmlinuz-*; install linux-image-cloud-amd64 to boot");
    assumeTrue(
        isStaticBusybox(Path.of("/bin/busybox")),
        "skipped: no static /bin/busybox for the guest's initramfs; install busybox-static");
    conn = new Connect(URI, false);
    // qemu may run as another user (libvirt-qemu): let it reach the files in the temp directory.
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
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
    // A failed assertion skips the test's own teardown: its guests (and the emulated twin) must
    // not outlive it.
    if (conn != null) {
      String mine = "ll-kvm-" + ProcessHandle.current().pid();
      for (int id : conn.listDomains()) {
        org.libvirt.Domain d = conn.domainLookupByID(id);
        if (d.getName().startsWith(mine)) {
          d.destroy();
        }
      }
      for (String name : conn.listDefinedDomains()) {
        if (name.startsWith(mine)) {
          conn.domainLookupByName(name).undefine();
        }
      }
    }
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
    Path initrd = dir.resolve("initrd.gz");
    new Initramfs()
        .dir("bin")
        .dir("dev")
        .dir("proc")
        .executable("bin/busybox", Files.readAllBytes(Path.of("/bin/busybox")))
        .executable(
            "init",
            ("#!/bin/busybox sh\n"
                    + "/bin/busybox mount -t devtmpfs dev /dev\n"
                    + "exec >/dev/ttyS0 2>&1\n"
                    + "/bin/busybox echo "
                    + MARKER
                    + "\n"
                    + "while :; do /bin/busybox sleep 60; done\n")
                .getBytes(StandardCharsets.US_ASCII))
        .write(initrd);
    Path console = dir.resolve("console.log");
    String guest = "ll-kvm-" + ProcessHandle.current().pid();
    Path file = dir.resolve("kvm.yaml");
    Files.writeString(
        file,
        """
        name: kvm-real
        hosts:
          local: {address: 10.0.0.1, user: root, key-file: id_test, known-hosts: known_hosts, libvirt: "%s"}
        guests:
          %s: {host: local, pool: %s, base-volume: base.qcow2, vcpus: 2, memory: 128M,
                      pinning: {cpus: [1, 0]},
                      boot: {kernel: "%s", initrd: "%s", console-log: "%s",
                             cmdline: "console=ttyS0 earlyprintk=ttyS0 panic=-1"}}
        """
            .formatted(URI, guest, POOL, kernel, initrd, console));
    ProvisionOptions options =
        ProvisionOptions.defaults().withShutdownTimeout(Duration.ofSeconds(2));
    // The testbed's host is this machine through its local libvirtd: what the provisioner asks of
    // its shell (its free memory, for the memory check) runs here, not over SSH.
    try (Provisioner p =
        Provisioner.open(
            file, options, (target, policy) -> new io.loadlab.provision.ssh.LocalShell("local"))) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      boolean ok = p.apply(new PrintStream(out, true, StandardCharsets.UTF_8));
      assertTrue(ok, out.toString(StandardCharsets.UTF_8));
      LibvirtHost host = p.libvirtHost("local");
      assertEquals(GuestState.RUNNING, host.state(guest));
      assertEquals(List.of(List.of(1), List.of(0)), host.stats().livePinning(guest));
      // libvirt's own view: each vCPU thread runs on its pinned CPU.
      VcpuInfo[] vcpus = conn.domainLookupByName(guest).getVcpusInfo();
      assertEquals(2, vcpus.length);
      assertEquals(1, vcpus[0].cpu);
      assertEquals(0, vcpus[1].cpu);
      String xml = conn.domainLookupByName(guest).getXMLDesc(0);
      assertTrue(xml.contains("<vcpupin vcpu='0' cpuset='1'/>"), xml);
      assertTrue(xml.contains("<kernel>" + kernel + "</kernel>"), xml);
      String expected = hardwareKvm() ? MARKER : KERNEL_SETUP;
      if (!hardwareKvm()) {
        System.out.println(
            "KvmGuestTest: /dev/kvm is kvm_pvm (nested), which cannot run a stock kernel past its"
                + " setup; checking the kernel's setup output, and the marker in an emulated guest");
      }
      String seen = waitForConsole(console, expected, Duration.ofSeconds(120));
      assertTrue(seen.contains(expected), "guest console did not show '" + expected + "': " + seen);
      if (!hardwareKvm()) {
        bootEmulatedTwin(guest + "-tcg", initrd);
      }
      assertTrue(p.plan().isEmpty(), p.plan().render());
      assertTrue(p.teardown(null));
      assertEquals(GuestState.ABSENT, host.state(guest));
      assertNull(host.volumePath(POOL, guest + ".qcow2"));
    }
  }

  /**
   * Boots the same kernel and initramfs as an emulated (TCG) domain from the provisioner's domain
   * XML, pinned the same way, and waits for the marker from its {@code /init}: the whole boot,
   * where /dev/kvm cannot run it.
   */
  private void bootEmulatedTwin(String name, Path initrd) throws Exception {
    Path console = dir.resolve("console-tcg.log");
    String disk = pool.storageVolLookupByName("base.qcow2").getPath();
    DomainSpec spec =
        new DomainSpec(
            name,
            "qemu",
            2,
            128 * 1024,
            0,
            List.of(1, 0),
            -1,
            disk,
            null,
            null,
            DomainXml.mac("kvm-real", name),
            new Guest.Boot(
                kernel.toString(),
                initrd.toString(),
                // quiet: every character on the emulated serial port costs; a busy machine took
                // over 40 s to print the boot messages before /init's marker
                "console=ttyS0 quiet",
                console.toString()),
            null,
            0,
            false);
    Domain d = conn.domainCreateXML(DomainXml.of(spec), 0);
    try {
      VcpuInfo[] vcpus = d.getVcpusInfo();
      assertEquals(1, vcpus[0].cpu);
      assertEquals(0, vcpus[1].cpu);
      String seen = waitForConsole(console, MARKER, Duration.ofSeconds(150));
      assertTrue(seen.contains(MARKER), "emulated guest did not print " + MARKER + ": " + seen);
    } finally {
      d.destroy();
    }
  }

  private static String waitForConsole(Path log, String text, Duration limit) throws Exception {
    long end = System.nanoTime() + limit.toNanos();
    String seen = "";
    while (System.nanoTime() < end) {
      if (Files.isReadable(log)) {
        seen = Files.readString(log, StandardCharsets.ISO_8859_1);
        if (seen.contains(text)) {
          break;
        }
      }
      Thread.sleep(250);
    }
    return seen;
  }

  private static boolean hardwareKvm() {
    return Files.exists(Path.of("/sys/module/kvm_intel"))
        || Files.exists(Path.of("/sys/module/kvm_amd"));
  }

  private static Path newestKernel() throws Exception {
    Path boot = Path.of("/boot");
    if (!Files.isDirectory(boot)) {
      return null;
    }
    try (Stream<Path> files = Files.list(boot)) {
      return files
          .filter(f -> f.getFileName().toString().startsWith("vmlinuz-") && Files.isReadable(f))
          .max(Comparator.comparing(f -> f.getFileName().toString()))
          .orElse(null);
    }
  }

  /** A static executable has no program interpreter (ld-linux) named near its start. */
  private static boolean isStaticBusybox(Path busybox) throws Exception {
    if (!Files.isRegularFile(busybox)) {
      return false;
    }
    byte[] head = new byte[4096];
    int n;
    try (var in = Files.newInputStream(busybox)) {
      n = in.readNBytes(head, 0, head.length);
    }
    return !new String(head, 0, n, StandardCharsets.ISO_8859_1).contains("ld-linux");
  }
}
