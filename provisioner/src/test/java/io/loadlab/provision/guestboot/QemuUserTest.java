package io.loadlab.provision.guestboot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * QEMU as Debian's {@code libvirt-qemu} (libvirt-daemon-system) cannot read a key under a directory
 * closed to others, as {@code /root} is: refused before anything is made, naming the one change in
 * qemu.conf. Root, or a key that user can read, passes.
 */
class QemuUserTest {
  @TempDir Path dir;

  private Path passwd(boolean debianUser) throws Exception {
    return Files.writeString(
        dir.resolve("passwd"),
        "root:x:0:0:root:/root:/bin/bash\n"
            + (debianUser
                ? "libvirt-qemu:x:64055:108:Libvirt Qemu:/var/lib/libvirt:/usr/sbin/nologin\n"
                : "")
            + "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n");
  }

  /** A key in a 0700 home, as /root/.ssh/id_ed25519.pub. */
  private Path closedKey() throws Exception {
    // The test's own directory is open, as / is; only the home is closed.
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path home = Files.createDirectories(dir.resolve("root/.ssh"));
    Files.setPosixFilePermissions(
        dir.resolve("root"), PosixFilePermissions.fromString("rwx------"));
    Path key = Files.writeString(home.resolve("id_ed25519.pub"), "ssh-ed25519 AAAA k\n");
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-r--r--"));
    return key;
  }

  @Test
  void debiansQemuUserCannotReadAKeyUnderAClosedHome() throws Exception {
    Path conf = dir.resolve("qemu.conf");
    Files.writeString(conf, "# user = \"root\"\n#group = \"root\"\n");
    Path key = closedKey();
    QemuUser q = new QemuUser(conf, passwd(true));
    assertEquals(
        "QEMU runs as libvirt-qemu (libvirt's default, "
            + conf
            + " sets no user), which cannot read "
            + key
            + " ("
            + dir.resolve("root")
            + " is closed to it); set user = \"root\" and group = \"root\" in "
            + conf
            + " and restart libvirtd, or give a key-file that user can read",
        q.problem(key));
    Files.writeString(conf, "user = \"nobody\"\n");
    assertEquals(
        "QEMU runs as nobody (" + conf + "), which cannot read " + key,
        q.problem(key).substring(0, q.problem(key).indexOf(" (" + dir.resolve("root"))));
  }

  @Test
  void rootOrAReadableKeyPasses() throws Exception {
    Path conf = dir.resolve("qemu.conf");
    Files.writeString(conf, "user = \"root\"\n");
    Path key = closedKey();
    assertNull(new QemuUser(conf, passwd(true)).problem(key));
    // No qemu.conf and no libvirt-qemu user (libvirt-daemon without -system): root.
    assertNull(new QemuUser(dir.resolve("none.conf"), passwd(false)).problem(key));
    Files.setPosixFilePermissions(
        dir.resolve("root"), PosixFilePermissions.fromString("rwxr-xr-x"));
    assertNull(new QemuUser(dir.resolve("none.conf"), passwd(true)).problem(key));
  }
}
