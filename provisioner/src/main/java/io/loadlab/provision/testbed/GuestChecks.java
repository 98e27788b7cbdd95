package io.loadlab.provision.testbed;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Numerals;
import io.loadlab.core.util.Sizes;
import io.loadlab.core.util.Texts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BiConsumer;

/**
 * The checks of a testbed's guests that need nothing but the file: the host it runs on, its disk (a
 * base volume, or the host's root shared), vCPUs, memory, pinning, boot files and network ({@link
 * GuestNetworkCheck}). Kept apart from {@link TestbedValidator}, which checks the whole file and
 * then the hosts' facts.
 */
final class GuestChecks {
  private final Path file;
  private final GuestNetworkCheck networks = new GuestNetworkCheck();

  /**
   * @param file the testbed file, against which relative key files are resolved
   */
  GuestChecks(Path file) {
    this.file = file;
  }

  /** Reports each problem of guest {@code name} ({@code field, problem}); call once per guest. */
  void check(Testbed t, String name, Guest g, BiConsumer<String, String> problem) {
    String field = "guests." + name;
    Host host = g.host() == null ? null : t.hosts().get(g.host());
    if (host == null) {
      problem.accept(
          field + ".host",
          "'"
              + Texts.cut(g.host())
              + "' is not a host of this testbed; use one of "
              + t.hosts().keySet());
    } else if (blank(host.libvirt())) {
      problem.accept(
          "hosts." + g.host() + ".libvirt",
          "missing but guest " + name + " runs there; give a URI such as qemu:///system");
    }
    if (g.sharesHostRoot()) {
      checkHostRoot(field, g, host, problem);
    } else if (blank(g.baseVolume())) {
      problem.accept(field + ".base-volume", "missing; name the volume to clone");
    }
    if (g.vcpus() == null || g.vcpus() < 1) {
      problem.accept(field + ".vcpus", "missing or below 1; give the number of vCPUs");
    }
    String memory = memoryProblem(g);
    if (memory != null) {
      problem.accept(field + ".memory", memory);
    }
    if (g.pinning() != null) {
      boolean byHand = g.pinning().cpus() != null && !g.pinning().cpus().isEmpty();
      boolean byPolicy = g.pinning().policy() != null;
      String emulator = g.pinning().emulator();
      if (emulator != null
          && io.loadlab.provision.placement.Placement.cpuSet(emulator.strip()) == null) {
        problem.accept(
            field + ".pinning.emulator",
            "'"
                + Texts.cut(emulator)
                + "' is not a CPU list; give the host CPUs of QEMU's emulator (and vhost) threads,"
                + " e.g. \"0-1\"");
      }
      if (byHand == byPolicy && !(emulator != null && !byHand)) {
        problem.accept(
            field + ".pinning",
            "give either cpus (one host CPU per vCPU) or policy: " + Pinnings.NUMA_NODE_POLICY);
      } else if (byPolicy && !Pinnings.NUMA_NODE_POLICY.equals(g.pinning().policy())) {
        problem.accept(
            field + ".pinning.policy",
            "'"
                + Texts.cut(g.pinning().policy())
                + "' is unknown; use "
                + Pinnings.NUMA_NODE_POLICY);
      } else if (byHand && g.vcpus() != null && g.pinning().cpus().size() != g.vcpus()) {
        problem.accept(
            field + ".pinning.cpus",
            g.pinning().cpus().size()
                + " CPUs for "
                + g.vcpus()
                + " vCPUs; give one host CPU per vCPU");
      }
    }
    checkBoot(field + ".boot", g.boot(), problem);
    networks.check(t, name, g, problem);
    checkManagement(field, g, host, problem);
  }

  /**
   * The guest's {@code address} is one of its NICs' (with several), and this machine can reach it:
   * a host does not reach its own macvtap (direct) guests, so a guest on this machine is managed
   * over another NIC.
   */
  private static void checkManagement(
      String field, Guest g, Host host, BiConsumer<String, String> problem) {
    if (blank(g.address())) {
      return;
    }
    Guest.Network m = g.managementNic();
    if (!g.networks().isEmpty() && m == null) {
      problem.accept(
          field + ".address",
          g.address()
              + " is none of its NICs' addresses; give the address of the NIC its SSH goes over"
              + " (or leave it out: the first NIC's)");
    } else if (m != null && "direct".equals(m.mode()) && host != null && host.isLocal()) {
      problem.accept(
          field + ".address",
          g.address()
              + " is on its direct (macvtap) NIC, which this machine cannot reach (a host does"
              + " not reach its own macvtap guests); add a bridge NIC for management (networks)"
              + " and give its address");
    }
  }

  private void checkBoot(String field, Guest.Boot b, BiConsumer<String, String> problem) {
    if (b == null) {
      return;
    }
    if (b.sharesHostRoot() && b.kernel() == null) {
      // the newest kernel with 9p modules
    } else if (blank(b.kernel()) || !b.kernel().startsWith("/")) {
      problem.accept(
          field + ".kernel", "missing or relative; give the kernel's absolute path on the host");
    }
    if (b.initrd() != null && !b.initrd().startsWith("/")) {
      problem.accept(field + ".initrd", "relative; give the initramfs's absolute path on the host");
    }
    if (b.consoleLog() != null && !b.consoleLog().startsWith("/")) {
      problem.accept(field + ".console-log", "relative; give an absolute path on the host");
    }
  }

  /** A host-root guest runs on this machine, on a bridge, at an address, with its SSH files. */
  private void checkHostRoot(String field, Guest g, Host host, BiConsumer<String, String> problem) {
    if (host != null && !host.isLocal()) {
      problem.accept(
          field + ".boot.host-root",
          "needs its host to be this machine (hosts."
              + g.host()
              + ".local: true); on a"
              + " remote host boot a volume (base-volume)");
    }
    if (g.nics().isEmpty()
        || g.nics().stream()
            .anyMatch(n -> n != null && !"bridge".equals(n.mode()) && !"direct".equals(n.mode()))) {
      problem.accept(
          field + (g.networks().isEmpty() ? ".network" : ".networks"),
          "a host-root guest needs virtio NICs: mode bridge (its SSH comes that way) or direct");
    }
    if (blank(g.address())) {
      problem.accept(field + ".address", "missing; give the guest's address on its bridge");
    }
    if (blank(g.user()) && (host == null || blank(host.user()))) {
      problem.accept(field + ".user", "missing; give the SSH user (root)");
    }
    if (blank(g.knownHosts()) && (host == null || blank(host.knownHosts()))) {
      problem.accept(
          field + ".known-hosts",
          "missing; give the file its host key is learned into from its console");
    }
    String key = g.keyFile() != null ? g.keyFile() : host == null ? null : host.keyFile();
    if (blank(key)) {
      problem.accept(field + ".key-file", "missing; give the private key file for SSH");
    } else if (!Files.isReadable(TestbedPaths.resolve(file, key + ".pub"))) {
      problem.accept(
          field + ".key-file",
          "'"
              + Texts.cut(key)
              + ".pub' cannot be read; the guest authorizes that public key (ssh-keygen -t"
              + " ed25519 -f "
              + Texts.cut(key)
              + ")");
    }
  }

  /** What is wrong with a guest's memory, or null: missing, not a size, zero or too large. */
  static String memoryProblem(Guest g) {
    if (g.memory() == null) {
      return "missing; give e.g. 5G";
    }
    long bytes;
    try {
      bytes = Sizes.parseBytes("memory", g.memory());
    } catch (UsageException e) {
      String given = "'" + Texts.cut(g.memory()) + "'";
      return e.getMessage().contains("too large")
          ? given + " is too large: more memory than any machine has; give e.g. 5G"
          : given + " is not a size; give e.g. 5G or 512M" + Numerals.digitsHint(g.memory());
    }
    return bytes == 0 ? "0 is no memory; give e.g. 5G" : null;
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}
