package io.loadlab.provision.testbed;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Numerals;
import io.loadlab.core.util.Sizes;
import io.loadlab.core.util.Texts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a testbed before anything is touched: first what the file says on its own (required
 * fields, references, two guests on one VF or PCI device, NIC tuning, host keys known), then
 * against each host's real facts (CPUs, NUMA nodes, memory and hugepages, bridges, SR-IOV
 * functions, PCI devices). Every problem names the file, the field and the fix.
 */
public final class TestbedValidator {
  static final Set<String> ROLES = Set.of("broker", "database", "jmeter-server", "net-serve");

  private final Path file;
  private final KnownHostLookup knownHosts;
  private final boolean recordNewHostKeys;

  /**
   * @param file the testbed file, named in every problem
   * @param knownHosts looks host keys up in known_hosts files
   * @param recordNewHostKeys if true, hosts missing from known_hosts are allowed (keys recorded)
   */
  public TestbedValidator(Path file, KnownHostLookup knownHosts, boolean recordNewHostKeys) {
    this.file = file;
    this.knownHosts = knownHosts;
    this.recordNewHostKeys = recordNewHostKeys;
  }

  /** Throws a {@link UsageException} listing every problem, one per line, if there are any. */
  public void check(Testbed testbed, Map<String, HostFacts> facts) {
    List<String> problems = new ArrayList<>(checkFile(testbed));
    if (problems.isEmpty()) {
      problems.addAll(checkAgainstHosts(testbed, facts));
    }
    if (!problems.isEmpty()) {
      throw new UsageException(String.join("\n", problems));
    }
  }

  /** Problems visible in the file alone. */
  public List<String> checkFile(Testbed t) {
    List<String> p = new ArrayList<>();
    if (blank(t.name())) {
      p.add(at("name", "missing; give the testbed a short name"));
    }
    if (t.hosts().isEmpty()) {
      p.add(at("hosts", "no hosts; declare at least one host"));
    }
    t.hosts().forEach((name, h) -> checkHost("hosts." + name, h, p));
    Map<String, String> byAddress = new HashMap<>();
    t.hosts()
        .forEach(
            (name, h) -> {
              if (!blank(h.address())) {
                String machine = h.address().trim().toLowerCase(java.util.Locale.ROOT);
                String other = byAddress.putIfAbsent(machine + ":" + h.sshPort(), name);
                if (other != null) {
                  p.add(
                      at(
                          "hosts." + name + ".address",
                          h.address()
                              + " is also hosts."
                              + other
                              + "; describe each machine once"));
                }
              }
            });
    GuestNetworkCheck networks = new GuestNetworkCheck();
    t.guests()
        .forEach(
            (name, g) -> {
              if (t.hosts().containsKey(name)) {
                p.add(at("guests." + name, "a host has the same name; rename the guest"));
              }
              checkGuest(t, name, g, networks, p);
            });
    for (int i = 0; i < t.roles().size(); i++) {
      checkRole(t, "roles[" + i + "]", t.roles().get(i), p);
    }
    if (t.install() != null) {
      Set<String> machines = new java.util.HashSet<>(t.hosts().keySet());
      machines.addAll(t.guests().keySet());
      t.install().check(file, machines, (field, problem) -> p.add(at("install." + field, problem)));
    }
    return p;
  }

  private void checkHost(String field, Host h, List<String> p) {
    if (h.virtualization() != null && !Host.VIRTUALIZATIONS.contains(h.virtualization())) {
      p.add(
          at(
              field + ".virtualization",
              "'" + Texts.cut(h.virtualization()) + "' is unknown; use kvm, tcg or auto"));
    }
    h.bridges()
        .forEach(
            (name, b) -> {
              if (b == null || blank(b.address()) || !b.address().matches("[0-9.]+/[0-9]{1,2}")) {
                p.add(
                    at(
                        field + ".bridges." + name + ".address",
                        "missing or not an IPv4 address with its prefix; give e.g. 10.231.70.1/24"));
              }
              if (name.length() > 15) {
                p.add(at(field + ".bridges." + name, "longer than 15 characters; shorten it"));
              }
            });
    if (h.isLocal()) {
      return; // this machine: commands run here, no SSH
    }
    if (blank(h.address())) {
      p.add(at(field + ".address", "missing; give the host name or IP address"));
    }
    if (blank(h.user())) {
      p.add(at(field + ".user", "missing; give the SSH user"));
    }
    if (h.port() != null && (h.port() < 1 || h.port() > 65535)) {
      p.add(at(field + ".port", h.port() + " is not a port; use 1-65535"));
    } else {
      // Only with a valid port: a known_hosts line for port 70000 would be a second, unrelated
      // line.
      checkSshFiles(field, h.keyFile(), h.knownHosts(), h.address(), h.sshPort(), p);
    }
    Tuning tu = h.tuning();
    if (tu.hugepages() != null) {
      if (pageKiB(tu.hugepages().size()) < 0) {
        p.add(
            at(
                field + ".tuning.hugepages.size",
                "'" + Texts.cut(tu.hugepages().size()) + "' is not a hugepage size; use 2M or 1G"));
      }
      if (tu.hugepages().count() == null || tu.hugepages().count() < 0) {
        p.add(at(field + ".tuning.hugepages.count", "missing or negative; give a page count"));
      }
    }
    NicTuningCheck.check(field, tu, (f, problem) -> p.add(at(f, problem)));
  }

  private void checkSshFiles(
      String field,
      String keyFile,
      String knownHostsFile,
      String address,
      int port,
      List<String> p) {
    if (blank(keyFile)) {
      p.add(at(field + ".key-file", "missing; give the private key file for SSH"));
    } else if (!Files.isReadable(resolve(keyFile))) {
      p.add(
          at(
              field + ".key-file",
              "'" + Texts.cut(keyFile) + "' cannot be read; give a readable key file"));
    }
    if (blank(knownHostsFile)) {
      p.add(at(field + ".known-hosts", "missing; give the known_hosts file holding the host key"));
    } else if (!blank(address) && !recordNewHostKeys) {
      Path kh = resolve(knownHostsFile);
      if (!Files.isReadable(kh) || !knownHosts.isKnown(kh, address, port)) {
        p.add(
            at(
                field + ".known-hosts",
                "no key for "
                    + address
                    + (port == 22 ? "" : ":" + port)
                    + " in '"
                    + Texts.cut(knownHostsFile)
                    + "'; add it (ssh-keyscan, after checking the fingerprint) or run with"
                    + " --record-host-keys"));
      }
    }
  }

  private void checkGuest(
      Testbed t, String name, Guest g, GuestNetworkCheck networks, List<String> p) {
    String field = "guests." + name;
    Host host = g.host() == null ? null : t.hosts().get(g.host());
    if (host == null) {
      p.add(
          at(
              field + ".host",
              "'"
                  + Texts.cut(g.host())
                  + "' is not a host of this testbed; use one of "
                  + t.hosts().keySet()));
    } else if (blank(host.libvirt())) {
      p.add(
          at(
              "hosts." + g.host() + ".libvirt",
              "missing but guest " + name + " runs there; give a URI such as qemu:///system"));
    }
    if (g.sharesHostRoot()) {
      checkHostRoot(field, g, host, p);
    } else if (blank(g.baseVolume())) {
      p.add(at(field + ".base-volume", "missing; name the volume to clone"));
    }
    if (g.vcpus() == null || g.vcpus() < 1) {
      p.add(at(field + ".vcpus", "missing or below 1; give the number of vCPUs"));
    }
    String memory = memoryProblem(g);
    if (memory != null) {
      p.add(at(field + ".memory", memory));
    }
    if (g.pinning() != null) {
      boolean byHand = g.pinning().cpus() != null && !g.pinning().cpus().isEmpty();
      boolean byPolicy = g.pinning().policy() != null;
      if (byHand == byPolicy) {
        p.add(
            at(
                field + ".pinning",
                "give either cpus (one host CPU per vCPU) or policy: "
                    + Pinnings.NUMA_NODE_POLICY));
      } else if (byPolicy && !Pinnings.NUMA_NODE_POLICY.equals(g.pinning().policy())) {
        p.add(
            at(
                field + ".pinning.policy",
                "'"
                    + Texts.cut(g.pinning().policy())
                    + "' is unknown; use "
                    + Pinnings.NUMA_NODE_POLICY));
      } else if (byHand && g.vcpus() != null && g.pinning().cpus().size() != g.vcpus()) {
        p.add(
            at(
                field + ".pinning.cpus",
                g.pinning().cpus().size()
                    + " CPUs for "
                    + g.vcpus()
                    + " vCPUs; give one host CPU per vCPU"));
      }
    }
    checkBoot(field + ".boot", g.boot(), p);
    networks.check(t, name, g, (f, problem) -> p.add(at(f, problem)));
  }

  private void checkBoot(String field, Guest.Boot b, List<String> p) {
    if (b == null) {
      return;
    }
    if (b.sharesHostRoot() && b.kernel() == null) {
      // the newest kernel with 9p modules
    } else if (blank(b.kernel()) || !b.kernel().startsWith("/")) {
      p.add(
          at(
              field + ".kernel",
              "missing or relative; give the kernel's absolute path on the host"));
    }
    if (b.initrd() != null && !b.initrd().startsWith("/")) {
      p.add(at(field + ".initrd", "relative; give the initramfs's absolute path on the host"));
    }
    if (b.consoleLog() != null && !b.consoleLog().startsWith("/")) {
      p.add(at(field + ".console-log", "relative; give an absolute path on the host"));
    }
  }

  /** A host-root guest runs on this machine, on a bridge, at an address, with its SSH files. */
  private void checkHostRoot(String field, Guest g, Host host, List<String> p) {
    if (host != null && !host.isLocal()) {
      p.add(
          at(
              field + ".boot.host-root",
              "needs its host to be this machine (hosts."
                  + g.host()
                  + ".local: true); on a"
                  + " remote host boot a volume (base-volume)"));
    }
    if (!"bridge".equals(g.network().mode())) {
      p.add(
          at(field + ".network", "a host-root guest needs mode: bridge (its SSH comes that way)"));
    }
    if (blank(g.address())) {
      p.add(at(field + ".address", "missing; give the guest's address on its bridge"));
    }
    if (blank(g.user()) && (host == null || blank(host.user()))) {
      p.add(at(field + ".user", "missing; give the SSH user (root)"));
    }
    if (blank(g.knownHosts()) && (host == null || blank(host.knownHosts()))) {
      p.add(
          at(
              field + ".known-hosts",
              "missing; give the file its host key is learned into from its console"));
    }
    String key = g.keyFile() != null ? g.keyFile() : host == null ? null : host.keyFile();
    if (blank(key)) {
      p.add(at(field + ".key-file", "missing; give the private key file for SSH"));
    } else if (!Files.isReadable(resolve(key + ".pub"))) {
      p.add(
          at(
              field + ".key-file",
              "'"
                  + Texts.cut(key)
                  + ".pub' cannot be read; the guest authorizes that public key (ssh-keygen -t"
                  + " ed25519 -f "
                  + Texts.cut(key)
                  + ")"));
    }
  }

  private void checkRole(Testbed t, String field, Role r, List<String> p) {
    RoleChecks.check(field, r, (name, problem) -> p.add(at(name, problem)));
    if (r.on() == null || !(t.hosts().containsKey(r.on()) || t.guests().containsKey(r.on()))) {
      p.add(
          at(field + ".on", "'" + Texts.cut(r.on()) + "' is not a host or guest of this testbed"));
    } else if (t.guests().containsKey(r.on())) {
      Guest g = t.guests().get(r.on());
      Host h = t.hosts().get(g.host());
      if (blank(g.address())) {
        p.add(
            at(
                "guests." + r.on() + ".address",
                "missing but role " + r.role() + " runs there; give the guest's address"));
      } else if (h != null && !g.sharesHostRoot()) {
        checkSshFiles(
            "guests." + r.on(),
            g.keyFile() == null ? h.keyFile() : g.keyFile(),
            g.knownHosts() == null ? h.knownHosts() : g.knownHosts(),
            g.address(),
            g.sshPort(),
            p);
      }
    }
  }

  /** Problems found by comparing the testbed with what the hosts have. */
  public List<String> checkAgainstHosts(Testbed t, Map<String, HostFacts> facts) {
    return new HostFactsCheck(file).check(t, facts);
  }

  /** The page size of a pool ({@code 2M} if not given). */
  public static String pageSize(Tuning.HugepagePool pool) {
    return pool == null || pool.size() == null ? "2M" : pool.size();
  }

  /** Page size in KiB, or -1 if not a hugepage size. */
  public static long pageKiB(String size) {
    String s = size == null ? "2M" : size.trim().toUpperCase(java.util.Locale.ROOT);
    return switch (s) {
      case "2M", "2048K", "2MB" -> 2048;
      case "1G", "1048576K", "1GB" -> 1048576;
      default -> -1;
    };
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

  /** A guest's memory in bytes, or -1 if missing or not a size. */
  public static long memoryBytes(Guest g) {
    if (g.memory() == null) {
      return -1;
    }
    try {
      return Sizes.parseBytes("memory", g.memory());
    } catch (UsageException e) {
      return -1;
    }
  }

  /** Formats CPU numbers as ranges: {@code 0-7,16-23}. */
  public static String ranges(Iterable<Integer> cpus) {
    StringBuilder sb = new StringBuilder();
    Integer start = null;
    Integer prev = null;
    for (int c : cpus) {
      if (prev != null && c == prev + 1) {
        prev = c;
        continue;
      }
      if (start != null) {
        sb.append(sb.length() > 0 ? "," : "")
            .append(start)
            .append(start.equals(prev) ? "" : "-" + prev);
      }
      start = c;
      prev = c;
    }
    if (start != null) {
      sb.append(sb.length() > 0 ? "," : "")
          .append(start)
          .append(start.equals(prev) ? "" : "-" + prev);
    }
    return sb.toString();
  }

  private Path resolve(String path) {
    return TestbedPaths.resolve(file, path);
  }

  private String at(String field, String problem) {
    return file + ": " + field + ": " + problem;
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}
