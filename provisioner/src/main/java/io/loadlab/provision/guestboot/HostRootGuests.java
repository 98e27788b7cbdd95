package io.loadlab.provision.guestboot;

import io.loadlab.core.failure.UsageException;
import io.loadlab.provision.testbed.Guest;
import io.loadlab.provision.testbed.Host;
import io.loadlab.provision.testbed.LabBridge;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The host-root guests of a testbed ({@code boot.host-root: true}): their boot section resolved
 * (kernel, the initramfs loadlab writes, console log, kernel command line carrying the guest's
 * address, its authorized key and the virtualization), the initramfs written before each start, and
 * the SSH host key learned from the serial console after it: a re-created guest has a new key, and
 * its known_hosts line is replaced, never accepted blindly over the network.
 */
public final class HostRootGuests {
  private final String testbed;
  private final Path stateDir;
  private final HostRootInitramfs initramfs;
  private final QemuUser qemuUser;

  public HostRootGuests(String testbed, Path stateDir) {
    this(testbed, stateDir, new HostRootInitramfs(), new QemuUser());
  }

  HostRootGuests(String testbed, Path stateDir, HostRootInitramfs initramfs) {
    this(testbed, stateDir, initramfs, new QemuUser());
  }

  HostRootGuests(String testbed, Path stateDir, HostRootInitramfs initramfs, QemuUser qemuUser) {
    this.testbed = testbed;
    this.stateDir = stateDir.toAbsolutePath();
    this.initramfs = initramfs;
    this.qemuUser = qemuUser;
  }

  /**
   * The guest with its boot section resolved.
   *
   * @param keyFile the SSH private key the guest accepts (its {@code .pub} is read in the guest)
   * @param domainType {@code kvm} or {@code qemu} (emulation), written as {@code loadlab.virt}
   */
  public Guest resolve(String name, Guest g, Host h, Path keyFile, String domainType) {
    Guest.Boot b = g.boot();
    Path kernel = b.kernel() == null ? initramfs.defaultKernel() : Path.of(b.kernel());
    if (kernel == null) {
      throw new UsageException(
          "guests."
              + name
              + ".boot.kernel: no /boot/vmlinuz-* with 9p modules on this machine; install"
              + " Debian's generic kernel (linux-image-amd64), or give the kernel");
    }
    String problem = initramfs.problem(kernel);
    if (problem != null) {
      throw new UsageException("guests." + name + ".boot: " + problem);
    }
    if (!"test".equals(domainType)) {
      // The guest reads its authorized key through the share, with QEMU's user's rights.
      String unreadable = qemuUser.problem(Path.of(keyFile.toAbsolutePath() + ".pub"));
      if (unreadable != null) {
        throw new UsageException("guests." + name + ".key-file: " + unreadable);
      }
    }
    // no_timer_check: an emulated guest on a busy host fails the kernel's IO-APIC timer check
    // ("IO-APIC + timer doesn't work") and panics at boot; the check proves nothing in a guest.
    List<String> cmd =
        new ArrayList<>(List.of("console=ttyS0", "quiet", "panic=-1", "no_timer_check"));
    cmd.add("loadlab.ip=" + addresses(g, h));
    cmd.add("loadlab.key=" + keyFile.toAbsolutePath() + ".pub");
    cmd.add("loadlab.virt=" + ("kvm".equals(domainType) ? "kvm" : "tcg"));
    if (b.cmdline() != null && !b.cmdline().isBlank()) {
      cmd.add(b.cmdline().strip());
    }
    String base = testbed + "-" + name;
    return g.withBoot(
        new Guest.Boot(
            kernel.toString(),
            b.initrd() != null ? b.initrd() : stateDir.resolve(base + ".initrd.gz").toString(),
            String.join(" ", cmd),
            b.consoleLog() != null
                ? b.consoleLog()
                : stateDir.resolve(base + ".console.log").toString(),
            true));
  }

  /**
   * The address of each NIC, in order, with its prefix (its own, else its lab bridge's, else 24),
   * comma-separated; empty for a NIC without one. The guest's {@code /init} sets the i-th on {@code
   * eth<i>}.
   */
  static String addresses(Guest g, Host h) {
    if (g.networks().isEmpty()) {
      return g.address() + "/" + prefix(g.network(), h);
    }
    List<String> out = new ArrayList<>();
    for (Guest.Network n : g.networks()) {
      String a = n.hostAddress();
      out.add(a == null ? "" : a + "/" + (n.prefix() > 0 ? n.prefix() : prefix(n, h)));
    }
    return String.join(",", out);
  }

  private static int prefix(Guest.Network n, Host h) {
    LabBridge bridge = n.bridge() == null ? null : h.bridges().get(n.bridge());
    return bridge == null ? 24 : bridge.prefix();
  }

  /** Before a start: writes the initramfs and empties the console log of the last boot. */
  public void beforeStart(Guest resolved) {
    try {
      if (resolved.boot().initrd().startsWith(stateDir.toString())) {
        initramfs.write(Path.of(resolved.boot().kernel()), Path.of(resolved.boot().initrd()));
      }
      Files.deleteIfExists(Path.of(resolved.boot().consoleLog()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * After a start: waits for the host key on the console and puts it in {@code knownHosts} for the
   * guest's address, in place of any older key of that address.
   */
  public void afterStart(String name, Guest resolved, Path knownHosts, Duration timeout)
      throws InterruptedException {
    String key = new ConsoleLog(Path.of(resolved.boot().consoleLog())).awaitHostKey(name, timeout);
    replace(knownHosts, resolved.address(), resolved.sshPort(), key);
  }

  /**
   * True if {@code knownHosts} holds, for the guest's address, the host key its running boot
   * printed on its console. False if the console has none yet, or the file lacks that line (a
   * missing file, no line for the address, an older key): an apply killed between the guest's start
   * and {@link #afterStart} left it so, and the guest is started again rather than its key taken
   * from the network.
   */
  public boolean knowsHostKey(Guest resolved, Path knownHosts) {
    String key = console(resolved).hostKey();
    if (key == null || !Files.isReadable(knownHosts)) {
      return false;
    }
    String host = host(resolved.address(), resolved.sshPort());
    try {
      for (String l : Files.readAllLines(knownHosts, StandardCharsets.UTF_8)) {
        String[] f = l.strip().split("\\s+");
        if (f.length >= 3
            && List.of(f[0].split(",")).contains(host)
            && key.equals(f[1] + " " + f[2])) {
          return true;
        }
      }
    } catch (IOException e) {
      return false;
    }
    return false;
  }

  private static String host(String address, int port) {
    return port == 22 ? address : "[" + address + "]:" + port;
  }

  /** The console of a guest (for a failure message). */
  public static ConsoleLog console(Guest resolved) {
    return new ConsoleLog(Path.of(resolved.boot().consoleLog()));
  }

  static void replace(Path file, String address, int port, String key) {
    String host = host(address, port);
    try {
      List<String> lines = new ArrayList<>();
      if (Files.exists(file)) {
        for (String l : Files.readAllLines(file, StandardCharsets.UTF_8)) {
          String first = l.strip().split("\\s+", 2)[0];
          if (!List.of(first.split(",")).contains(host)) {
            lines.add(l);
          }
        }
      } else if (file.toAbsolutePath().getParent() != null) {
        Files.createDirectories(file.toAbsolutePath().getParent());
      }
      lines.add(host + " " + key);
      Files.write(file, lines, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
