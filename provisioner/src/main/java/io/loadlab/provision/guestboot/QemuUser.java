package io.loadlab.provision.guestboot;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The user libvirt's QEMU runs as on this machine, and whether it can read what a host-root guest
 * reads through its share: the public key it authorizes. {@code user} in {@code
 * /etc/libvirt/qemu.conf} if set; else Debian's {@code libvirt-qemu} where that user exists (made
 * by libvirt-daemon-system), else root. QEMU exports the share with that user's rights, so a key
 * under {@code /root} (mode 0700) cannot be read by {@code libvirt-qemu}, and the guest dies at
 * boot.
 */
public final class QemuUser {
  static final String DEBIAN_USER = "libvirt-qemu";
  private static final Pattern USER = Pattern.compile("^\\s*user\\s*=\\s*\"([^\"]*)\"\\s*(#.*)?$");

  private final Path qemuConf;
  private final Path passwd;

  public QemuUser() {
    this(Path.of("/etc/libvirt/qemu.conf"), Path.of("/etc/passwd"));
  }

  QemuUser(Path qemuConf, Path passwd) {
    this.qemuConf = qemuConf;
    this.passwd = passwd;
  }

  /** The user QEMU runs as, and where that was read. */
  record Found(String user, String source) {}

  Found user() {
    for (String line : lines(qemuConf)) {
      Matcher m = USER.matcher(line);
      if (m.matches()) {
        return new Found(
            m.group(1).startsWith("+") ? uidName(m.group(1)) : m.group(1), qemuConf.toString());
      }
    }
    return passwdEntry(DEBIAN_USER) != null
        ? new Found(DEBIAN_USER, "libvirt's default, " + qemuConf + " sets no user")
        : new Found("root", "libvirt's default where there is no " + DEBIAN_USER + " user");
  }

  /**
   * Why QEMU cannot read {@code file}, naming the fix, or null if it can (or its user cannot be
   * told apart from root).
   */
  public String problem(Path file) {
    Found f = user();
    if (f.user().equals("root") || f.user().equals("0")) {
      return null;
    }
    String[] entry = passwdEntry(f.user());
    if (entry == null) {
      return null; // libvirtd would not start with an unknown user: not ours to judge
    }
    int uid = Integer.parseInt(entry[2]);
    int gid = Integer.parseInt(entry[3]);
    Path abs = file.toAbsolutePath().normalize();
    Path blocking = null;
    for (Path p = abs.getParent(); p != null; p = p.getParent()) {
      if (!allows(p, uid, gid, 1)) {
        blocking = p;
      }
    }
    if (blocking == null && allows(abs, uid, gid, 4)) {
      return null;
    }
    return "QEMU runs as "
        + f.user()
        + " ("
        + f.source()
        + "), which cannot read "
        + abs
        + (blocking == null ? "" : " (" + blocking + " is closed to it)")
        + "; set user = \"root\" and group = \"root\" in "
        + qemuConf
        + " and restart libvirtd, or give a key-file that user can read";
  }

  /** True if the user may {@code bit} (4 read, 1 search) {@code p} by its mode bits. */
  private static boolean allows(Path p, int uid, int gid, int bit) {
    try {
      int mode = (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
      int owner = (Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
      int group = (Integer) Files.getAttribute(p, "unix:gid", LinkOption.NOFOLLOW_LINKS);
      if (Files.isSymbolicLink(p)) {
        return true; // its target is what counts, and it is checked where it is read
      }
      int bits = owner == uid ? mode >> 6 : group == gid ? mode >> 3 : mode;
      return (bits & bit) != 0;
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return true; // not a Unix file system: nothing to tell
    }
  }

  private String uidName(String plus) {
    String uid = plus.substring(1);
    for (String line : lines(passwd)) {
      String[] f = line.split(":");
      if (f.length > 3 && f[2].equals(uid)) {
        return f[0];
      }
    }
    return uid.equals("0") ? "root" : uid;
  }

  private String[] passwdEntry(String user) {
    for (String line : lines(passwd)) {
      String[] f = line.split(":");
      if (f.length > 3 && f[0].equals(user)) {
        return f;
      }
    }
    return null;
  }

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return List.of();
    }
  }
}
