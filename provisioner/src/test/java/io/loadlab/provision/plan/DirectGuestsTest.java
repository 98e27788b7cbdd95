package io.loadlab.provision.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.loadlab.provision.guestboot.HostRootInitramfs;
import io.loadlab.provision.libvirt.GuestState;
import io.loadlab.provision.libvirt.LibvirtHost;
import io.loadlab.provision.libvirt.TestDriver;
import io.loadlab.provision.testbed.GuestNames;
import io.loadlab.provision.testbed.TestbedFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.libvirt.Connect;
import org.libvirt.StoragePool;

/**
 * Two real guests direct-attached (macvtap, bridge mode) to a dummy interface the testbed makes,
 * through a running libvirtd (qemu:///system): {@code provision apply} makes the dummy (a veth pair
 * where the kernel has no dummy driver) and the guests under this checkout's names, with their
 * emulator threads pinned; each guest boots Debian's kernel with a small initramfs (busybox, the
 * virtio modules) whose {@code /init} sets its address and pings the other guest until it answers,
 * then says so on its serial console: traffic from guest to guest through the macvtaps' switch,
 * which the host itself does not see. Teardown removes the guests and the dummy.
 *
 * <p>Needs root, libvirtd running, qemu-system-x86, linux-image-amd64 and busybox-static (as
 * KvmGuestTest); skipped with the reason otherwise. Guests may be emulated (TCG): generous waits.
 * Tagged guest-lab: it runs in CI's gating guest-lab stage ({@code -Pguest-lab}), not in the
 * README's test command (4-8 minutes emulated).
 */
@Timeout(900)
@org.junit.jupiter.api.Tag("guest-lab")
class DirectGuestsTest {
  static final String URI = "qemu:///system";
  static final String POOL = "loadlab-direct-" + ProcessHandle.current().pid();
  static final String REACHED = "loadlab-peer-reached";

  static final String INIT =
      """
      #!/bin/busybox sh
      B=/bin/busybox
      $B mount -t proc proc /proc
      $B mount -t sysfs sys /sys
      $B mount -t devtmpfs dev /dev
      exec >/dev/ttyS0 2>&1
      for m in $($B cat /modules.order); do $B insmod "/lib/modules/$m"; done
      for a in $($B cat /proc/cmdline); do
        case "$a" in
          loadlab.ip=*) IP="${a#*=}" ;;
          loadlab.peer=*) PEER="${a#*=}" ;;
        esac
      done
      $B ip link set lo up
      $B ip link set eth0 up
      $B ip addr add "$IP" dev eth0
      echo "loadlab-nic-up $IP"
      while ! $B ping -c 1 -W 2 "$PEER" >/dev/null 2>&1; do $B sleep 1; done
      echo "loadlab-peer-reached $PEER"
      while :; do $B sleep 60; done
      """;

  @TempDir Path dir;
  Connect conn;
  StoragePool pool;
  Path kernel;

  @BeforeEach
  void setUp() throws Exception {
    TestDriver.assumeLibvirt();
    assumeTrue(
        Files.isExecutable(Path.of("/usr/bin/qemu-system-x86_64"))
            && Files.isExecutable(Path.of("/usr/sbin/libvirtd")),
        "skipped: qemu-system-x86 and libvirt-daemon(-driver-qemu) are not installed");
    assumeTrue(
        Files.exists(Path.of("/run/libvirt/libvirt-sock")),
        "skipped: no libvirtd running (no /run/libvirt/libvirt-sock); start libvirtd to boot real"
            + " guests");
    assumeTrue(
        "root".equals(System.getProperty("user.name")),
        "skipped: making the dummy interface needs root");
    HostRootInitramfs initramfs = new HostRootInitramfs();
    kernel = initramfs.defaultKernel();
    assumeTrue(
        kernel != null,
        "skipped: no /boot/vmlinuz-* with its virtio modules and a static busybox; install"
            + " linux-image-amd64 and busybox-static");
    conn = new Connect(URI, false);
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
        "<volume><name>base.qcow2</name><capacity unit='MiB'>16</capacity>"
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

  private String guest(String name, String ip, String peer, Path initrd) {
    return """
          %s:
            host: this
            pool: %s
            base-volume: base.qcow2
            vcpus: 1
            memory: 192M
            pinning: {emulator: "0"}
            network: {mode: direct, source: lldt, source-mode: bridge}
            boot: {kernel: "%s", initrd: "%s", console-log: "%s",
                   cmdline: "console=ttyS0 panic=-1 loadlab.ip=%s/24 loadlab.peer=%s"}
        """
        .formatted(name, POOL, kernel, initrd, dir.resolve(name + ".console.log"), ip, peer);
  }

  @Test
  void twoMacvtapGuestsOnADummyReachEachOther() throws Exception {
    Path initrd = dir.resolve("initrd.gz");
    new HostRootInitramfs().write(kernel, initrd, INIT.getBytes(StandardCharsets.US_ASCII));
    Path file = dir.resolve("direct.yaml");
    Files.writeString(
        file,
        """
        name: direct-real
        unique-names: true
        hosts:
          this: {local: true, libvirt: "%s", virtualization: auto, dummies: [lldt]}
        guests:
        """
                .formatted(URI)
            + guest("lla", "10.231.91.11", "10.231.91.12", initrd)
            + guest("llb", "10.231.91.12", "10.231.91.11", initrd));
    GuestNames names = GuestNames.of(TestbedFile.read(file), file);
    String dummy = names.hostInterface("lldt");
    try (Provisioner p =
        Provisioner.open(
            file,
            // The guests ignore ACPI's shutdown: destroyed after 5 s rather than a minute each.
            ProvisionOptions.defaults().withShutdownTimeout(Duration.ofSeconds(5)),
            ProvisionerLibvirtTest.NO_SSH)) {
      try {
        String plan = p.plan().render();
        assertTrue(plan.contains("create dummy interface " + dummy), plan);
        assertTrue(
            plan.contains("emulator and vhost threads on CPUs 0, virtio on macvtap of " + dummy),
            plan);
        assertTrue(p.apply(null), Files.readString(p.actionLogFile()));
        LibvirtHost lv = p.libvirtHost("this");
        for (String g : new String[] {"lla", "llb"}) {
          String xml = lv.xml(names.domain(g));
          assertTrue(xml.contains("<interface type='direct'>"), xml);
          assertTrue(xml.contains("dev='" + dummy + "'") && xml.contains("mode='bridge'"), xml);
          assertTrue(xml.contains("<emulatorpin cpuset='0'/>"), xml);
        }
        awaitConsole(dir.resolve("lla.console.log"), REACHED + " 10.231.91.12");
        awaitConsole(dir.resolve("llb.console.log"), REACHED + " 10.231.91.11");
      } finally {
        assertTrue(p.teardown(null), "teardown");
      }
      LibvirtHost lv = p.libvirtHost("this");
      assertEquals(GuestState.ABSENT, lv.state(names.domain("lla")));
      assertEquals(GuestState.ABSENT, lv.state(names.domain("llb")));
    }
    Process show = new ProcessBuilder("ip", "link", "show", "dev", dummy).start();
    assertFalse(show.waitFor() == 0, dummy + " is gone after teardown");
  }

  /** Waits for {@code marker} in a guest's console log (emulated on a busy machine: minutes). */
  private static void awaitConsole(Path log, String marker) throws Exception {
    long deadline = System.nanoTime() + Duration.ofMinutes(10).toNanos();
    String text = "";
    while (System.nanoTime() < deadline) {
      text = Files.exists(log) ? Files.readString(log, StandardCharsets.ISO_8859_1) : "";
      if (text.contains(marker)) {
        return;
      }
      Thread.sleep(1000);
    }
    throw new AssertionError("no '" + marker + "' on " + log + " after 10 minutes:\n" + text);
  }
}
