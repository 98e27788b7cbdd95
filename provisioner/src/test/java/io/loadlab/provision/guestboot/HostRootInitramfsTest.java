package io.loadlab.provision.guestboot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The initramfs of a host-root guest, from a fake /boot, /lib/modules and busybox. */
class HostRootInitramfsTest {
  @TempDir Path dir;

  private HostRootInitramfs fixture(boolean with9p) throws Exception {
    Path boot = Files.createDirectories(dir.resolve("boot"));
    Files.writeString(boot.resolve("vmlinuz-6.1.0-9-amd64"), "kernel");
    Path mods = Files.createDirectories(dir.resolve("modules/6.1.0-9-amd64"));
    StringBuilder dep =
        new StringBuilder(
            "kernel/drivers/virtio/virtio_ring.ko:\n"
                + "kernel/drivers/virtio/virtio.ko: kernel/drivers/virtio/virtio_ring.ko\n"
                + "kernel/drivers/virtio/virtio_pci.ko: kernel/drivers/virtio/virtio.ko"
                + " kernel/drivers/virtio/virtio_ring.ko\n"
                + "kernel/net/core/failover.ko:\n"
                + "kernel/drivers/net/virtio_net.ko: kernel/net/core/failover.ko"
                + " kernel/drivers/virtio/virtio.ko kernel/drivers/virtio/virtio_ring.ko\n");
    if (with9p) {
      dep.append(
          "kernel/net/9p/9pnet.ko:\n"
              + "kernel/net/9p/9pnet_virtio.ko: kernel/net/9p/9pnet.ko"
              + " kernel/drivers/virtio/virtio.ko kernel/drivers/virtio/virtio_ring.ko\n"
              + "kernel/fs/9p/9p.ko: kernel/net/9p/9pnet.ko\n");
    }
    Files.writeString(mods.resolve("modules.dep"), dep);
    for (String line : dep.toString().split("\n")) {
      Path ko = mods.resolve(line.substring(0, line.indexOf(':')));
      Files.createDirectories(ko.getParent());
      Files.writeString(ko, "module " + ko.getFileName());
    }
    Path busybox = dir.resolve("busybox");
    Files.writeString(busybox, "\u007fELF static");
    return new HostRootInitramfs(boot, dir.resolve("modules"), busybox);
  }

  @Test
  void carriesTheModulesInTheOrderModulesDepNeedsAndTheInit() throws Exception {
    HostRootInitramfs ir = fixture(true);
    Path kernel = ir.defaultKernel();
    assertEquals(dir.resolve("boot/vmlinuz-6.1.0-9-amd64"), kernel);
    Path out = dir.resolve("out/initrd.gz");
    ir.write(kernel, out);
    String cpio;
    try (InputStream in = new GZIPInputStream(Files.newInputStream(out))) {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      in.transferTo(b);
      cpio = b.toString(StandardCharsets.ISO_8859_1);
    }
    assertTrue(
        cpio.contains(
            "virtio_ring.ko\nvirtio.ko\nvirtio_pci.ko\nfailover.ko\nvirtio_net.ko\n9pnet.ko\n"
                + "9pnet_virtio.ko\n9p.ko\n"),
        cpio);
    assertTrue(cpio.contains("mount -t 9p"), "the /init mounts the host's root");
    assertTrue(cpio.contains("loadlab-host-key: "), "the /init prints the host key");
    // The share becomes the guest's root, not a chroot: in a chroot the kernel refuses unshare -U
    // (EPERM), which the embedded PostgreSQL needs as root.
    assertTrue(cpio.contains("switch_root /host /bin/busybox"), "the /init switches root");
    assertTrue(!cpio.contains("chroot /host"), "nothing runs in a chroot of the share");
    assertTrue(cpio.contains("module 9p.ko"), "the module files themselves are in it");
  }

  @Test
  void aKernelWithout9pIsNamedWithTheGenericKernelAsTheFix() throws Exception {
    HostRootInitramfs ir = fixture(false);
    assertNull(ir.defaultKernel());
    String problem = ir.problem(dir.resolve("boot/vmlinuz-6.1.0-9-amd64"));
    assertTrue(problem.contains("no 9p modules") && problem.contains("linux-image-amd64"), problem);
  }

  @Test
  void aDynamicBusyboxIsRefused() throws Exception {
    HostRootInitramfs ir = fixture(true);
    Files.writeString(dir.resolve("busybox"), "\u007fELF /lib64/ld-linux-x86-64.so.2");
    String problem = ir.problem(dir.resolve("boot/vmlinuz-6.1.0-9-amd64"));
    assertTrue(problem.contains("busybox-static"), problem);
  }
}
