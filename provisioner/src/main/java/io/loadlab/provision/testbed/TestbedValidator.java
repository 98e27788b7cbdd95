package io.loadlab.provision.testbed;

import io.loadlab.core.failure.UsageException;
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
    boolean unique = Boolean.TRUE.equals(t.uniqueNames());
    t.hosts().forEach((name, h) -> checkHost("hosts." + name, h, unique, p));
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
    GuestChecks guests = new GuestChecks(file);
    t.guests()
        .forEach(
            (name, g) -> {
              if (t.hosts().containsKey(name)) {
                p.add(at("guests." + name, "a host has the same name; rename the guest"));
              }
              guests.check(t, name, g, (f, problem) -> p.add(at(f, problem)));
            });
    GuestAddressCheck.check(t, (f, problem) -> p.add(at(f, problem)));
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

  private void checkHost(String field, Host h, boolean unique, List<String> p) {
    if (h.virtualization() != null && !Host.VIRTUALIZATIONS.contains(h.virtualization())) {
      p.add(
          at(
              field + ".virtualization",
              "'" + Texts.cut(h.virtualization()) + "' is unknown; use kvm, tcg or auto"));
    }
    if (h.vcpuOvercommit() != null
        && !(h.vcpuOvercommit() > 0 && h.vcpuOvercommit() <= VcpuOvercommit.MAX)) {
      p.add(
          at(
              field + ".vcpu-overcommit",
              h.vcpuOvercommit()
                  + " is out of range; give the vCPUs one host CPU may carry, more than 0 and at"
                  + " most "
                  + (int) VcpuOvercommit.MAX
                  + " (default "
                  + VcpuOvercommit.format(Host.DEFAULT_VCPU_OVERCOMMIT)
                  + ")"));
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
              interfaceName(field + ".bridges." + name, name, unique, p);
            });
    for (int i = 0; i < h.dummies().size(); i++) {
      String name = h.dummies().get(i);
      if (blank(name)) {
        p.add(at(field + ".dummies[" + i + "]", "empty; give an interface name, e.g. ll-d0"));
      } else if (h.bridges().containsKey(name) || h.dummies().indexOf(name) != i) {
        p.add(at(field + ".dummies[" + i + "]", name + " is named twice; give another name"));
      } else {
        interfaceName(field + ".dummies[" + i + "]", name, unique, p);
      }
    }
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

  /** An interface name the provisioner makes: what Linux takes, with room for the id. */
  private void interfaceName(String field, String name, boolean unique, List<String> p) {
    int max = unique ? GuestNames.MAX_UNIQUE_INTERFACE : GuestNames.MAX_INTERFACE;
    if (!name.matches("[A-Za-z0-9_.-]+")) {
      p.add(at(field, "'" + Texts.cut(name) + "' is not an interface name; use a-z, 0-9, - and _"));
    } else if (name.length() > max) {
      p.add(
          at(
              field,
              "longer than "
                  + max
                  + " characters"
                  + (unique
                      ? " (unique-names adds the checkout's id, and Linux takes 15 in all)"
                      : "")
                  + "; shorten it"));
    }
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
