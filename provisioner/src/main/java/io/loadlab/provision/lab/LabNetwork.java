package io.loadlab.provision.lab;

import static io.loadlab.provision.lab.LocalCommands.must;

import io.loadlab.core.failure.LoadlabException;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Durations;
import io.loadlab.provision.ssh.CommandResult;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Builds and removes a lab: one network namespace per host, plus one ({@code ll-<lab>-sw}) holding
 * the bridges, so nothing is added to this machine's own namespace. veth ends are created directly
 * in their namespaces. Interfaces are {@code l<link index>} in each host.
 */
public final class LabNetwork {
  private final Lab lab;
  private final Path stateDir;

  /**
   * @param stateDir where keys, sshd configs and {@code lab.json} go
   */
  public LabNetwork(Lab lab, Path stateDir) {
    this.lab = lab;
    this.stateDir = stateDir;
  }

  public Lab lab() {
    return lab;
  }

  /** What a run against {@code address} goes over (see {@link LabDescription#forAddress}). */
  public Map<String, Object> describeAddress(String address) {
    return LabDescription.forAddress(lab, this, address);
  }

  /** The namespace of a host. */
  public String namespace(String host) {
    return "ll-" + lab.name() + "-" + host;
  }

  String switchNamespace() {
    return "ll-" + lab.name() + "-sw";
  }

  /** The interface name of link {@code i} inside a host. */
  public static String interfaceName(int link) {
    return "l" + link;
  }

  /** Host -> link name -> address. */
  public Map<String, Map<String, String>> addresses() {
    Map<String, Map<String, String>> a = new LinkedHashMap<>();
    lab.hosts().keySet().forEach(h -> a.put(h, new LinkedHashMap<>()));
    for (int i = 0; i < lab.links().size(); i++) {
      Lab.LabLink l = lab.links().get(i);
      Subnet s = Subnet.parse(l.subnet());
      for (int h = 0; h < l.hosts().size(); h++) {
        a.get(l.hosts().get(h)).put(linkName(i), s.address(h));
      }
    }
    return a;
  }

  /** This machine's interface on a {@code local} link {@code i}. */
  String localInterface(int i) {
    return "llh" + Integer.toHexString(lab.name().hashCode()) + i;
  }

  /** This machine's address on a {@code local} link {@code i}: the subnet's last. */
  String localAddress(int i) {
    Subnet s = Subnet.parse(lab.links().get(i).subnet());
    return s.address(s.capacity() - 1);
  }

  /**
   * Where this machine reaches each host over SSH: hosts running sshd, at their address on the
   * first {@code local} link they are on (none if the lab joins no link to this machine).
   */
  public Map<String, String> sshAddresses() {
    Map<String, String> out = new LinkedHashMap<>();
    for (int i = 0; i < lab.links().size(); i++) {
      Lab.LabLink l = lab.links().get(i);
      if (!l.joinsThisMachine()) {
        continue;
      }
      Subnet s = Subnet.parse(l.subnet());
      for (int h = 0; h < l.hosts().size(); h++) {
        String host = l.hosts().get(h);
        if (lab.hosts().get(host).runsSshd()) {
          out.putIfAbsent(host, s.address(h));
        }
      }
    }
    return out;
  }

  String linkName(int i) {
    Lab.LabLink l = lab.links().get(i);
    return l.name() == null ? "link" + i : l.name();
  }

  /** Creates the namespaces, links, delays and sshd servers; fails if the lab is already up. */
  public void up(PrintStream out) {
    requireTools();
    LabSshd.requireTools(lab, Path.of(LabSshd.SSHD));
    List<String> existing = List.of(must("ip", "netns", "list").split("\n"));
    for (String ns : namespaces()) {
      if (existing.stream().anyMatch(line -> line.split(" ")[0].equals(ns))) {
        throw new UsageException(
            "lab "
                + lab.name()
                + " is already up (namespace "
                + ns
                + " exists); run loadlab lab down first");
      }
    }
    try {
      for (String ns : namespaces()) {
        must("ip", "netns", "add", ns);
        must("ip", "-n", ns, "link", "set", "lo", "up");
      }
      for (int i = 0; i < lab.links().size(); i++) {
        link(i);
      }
      Files.createDirectories(stateDir);
      new LabSshd(lab, this, stateDir).start();
      LabDescription.write(stateDir.resolve("lab.json"), describe());
    } catch (RuntimeException | IOException e) {
      down(null);
      if (e instanceof RuntimeException r) {
        throw r;
      }
      throw new LoadlabException("cannot write " + stateDir + ": " + e.getMessage(), 1);
    }
    if (out != null) {
      out.println("lab " + lab.name() + " is up:");
      addresses()
          .forEach((h, a) -> out.println("  " + h + " (namespace " + namespace(h) + "): " + a));
      out.println(
          "run a command on a host: ip netns exec "
              + namespace(lab.hosts().keySet().iterator().next())
              + " <command>");
      out.println("lab state for results: " + stateDir.resolve("lab.json"));
      List<String> sshd = new ArrayList<>();
      lab.hosts()
          .forEach(
              (h, spec) -> {
                if (spec.runsSshd()) {
                  sshd.add(h);
                }
              });
      if (!sshd.isEmpty()) {
        out.println("testbed hosts (for loadlab provision run inside the lab):");
        for (String h : sshd) {
          out.println(
              "  "
                  + h
                  + ": {address: "
                  + addresses().get(h).values().iterator().next()
                  + ", user: root, key-file: "
                  + stateDir.resolve("id_ed25519").toAbsolutePath()
                  + ", known-hosts: "
                  + stateDir.resolve("known_hosts").toAbsolutePath()
                  + "}");
        }
      }
    }
  }

  private void link(int i) {
    Lab.LabLink l = lab.links().get(i);
    String iface = interfaceName(i);
    String mtu = String.valueOf(l.mtuOrDefault());
    if (l.kind().equals("veth")) {
      String a = namespace(l.hosts().get(0));
      String b = namespace(l.hosts().get(1));
      must(
          "ip", "link", "add", "name", iface, "netns", a, "type", "veth", "peer", "name", iface,
          "netns", b);
    } else {
      String sw = switchNamespace();
      String bridge = "b" + i;
      must("ip", "-n", sw, "link", "add", "name", bridge, "type", "bridge");
      must("ip", "-n", sw, "link", "set", bridge, "mtu", mtu, "up");
      for (int h = 0; h < l.hosts().size(); h++) {
        String port = "h" + h + "l" + i;
        must(
            "ip",
            "link",
            "add",
            "name",
            iface,
            "netns",
            namespace(l.hosts().get(h)),
            "type",
            "veth",
            "peer",
            "name",
            port,
            "netns",
            sw);
        must("ip", "-n", sw, "link", "set", port, "mtu", mtu, "master", bridge, "up");
      }
      if (l.joinsThisMachine()) {
        // A port for this machine; it goes when the switch namespace is deleted (lab down).
        String here = localInterface(i);
        String port = "lh" + i;
        must("ip", "link", "add", "name", here, "type", "veth", "peer", "name", port, "netns", sw);
        must("ip", "-n", sw, "link", "set", port, "mtu", mtu, "master", bridge, "up");
        must("ip", "link", "set", here, "mtu", mtu, "up");
        Subnet s = Subnet.parse(l.subnet());
        must("ip", "addr", "add", localAddress(i) + "/" + s.prefix(), "dev", here);
      }
    }
    Subnet s = Subnet.parse(l.subnet());
    for (int h = 0; h < l.hosts().size(); h++) {
      String ns = namespace(l.hosts().get(h));
      must("ip", "-n", ns, "link", "set", iface, "mtu", mtu, "up");
      must("ip", "-n", ns, "addr", "add", s.address(h) + "/" + s.prefix(), "dev", iface);
      if (l.delay() != null) {
        long us = Durations.parse("delay", l.delay()).toNanos() / 1000;
        must(
            "ip", "netns", "exec", ns, "tc", "qdisc", "add", "dev", iface, "root", "netem", "delay",
            us + "us");
      }
    }
  }

  /**
   * True if this kernel has the netem qdisc (needed for link delays); probed in a scratch
   * namespace.
   */
  public static boolean netemAvailable() {
    String ns = "ll-probe-" + ProcessHandle.current().pid();
    if (!LocalCommands.run(List.of("ip", "netns", "add", ns)).ok()) {
      return false;
    }
    try {
      return LocalCommands.run(
              List.of(
                  "ip", "netns", "exec", ns, "tc", "qdisc", "add", "dev", "lo", "root", "netem",
                  "delay", "1ms"))
          .ok();
    } finally {
      LocalCommands.run(List.of("ip", "netns", "del", ns));
    }
  }

  /** Stops sshd and every process left in the lab's namespaces, then deletes the namespaces. */
  public void down(PrintStream out) {
    requireTools();
    new LabSshd(lab, this, stateDir).stop();
    List<String> existing = List.of(must("ip", "netns", "list").split("\n"));
    int removed = 0;
    for (String ns : namespaces()) {
      if (existing.stream().noneMatch(line -> line.split(" ")[0].equals(ns))) {
        continue;
      }
      CommandResult pids = LocalCommands.run(List.of("ip", "netns", "pids", ns));
      for (String pid : pids.stdout().split("\\s+")) {
        if (!pid.isBlank()) {
          ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroy);
        }
      }
      must("ip", "netns", "del", ns);
      removed++;
    }
    deleteTree(stateDir);
    if (out != null) {
      out.println(
          removed == 0
              ? "lab " + lab.name() + " was not up"
              : "lab " + lab.name() + " removed (" + removed + " namespaces)");
    }
  }

  /** Every namespace of the lab, hosts first. */
  List<String> namespaces() {
    List<String> all = new ArrayList<>();
    lab.hosts().keySet().forEach(h -> all.add(namespace(h)));
    if (lab.links().stream().anyMatch(l -> "bridge".equals(l.kind()))) {
      all.add(switchNamespace());
    }
    return all;
  }

  /** The lab's state for recording with results. */
  public Map<String, Object> describe() {
    return LabDescription.of(lab, this);
  }

  /**
   * Refuses a lab whose hosts ask for sshd ({@code sshd: true}) when this machine lacks OpenSSH's
   * sshd or ssh-keygen: campaign plans check it before anything starts, as {@link #up} does.
   */
  public static void requireSshTools(Lab lab) {
    LabSshd.requireTools(lab, Path.of(LabSshd.SSHD));
  }

  private static void requireTools() {
    if (!"root".equals(System.getProperty("user.name"))) {
      throw new UsageException("loadlab lab needs root (network namespaces); run it with sudo");
    }
    CommandResult r;
    try {
      r = LocalCommands.run(List.of("ip", "-V"));
    } catch (LoadlabException e) {
      throw new UsageException(
          "the 'ip' command is missing; install iproute2 (Debian: apt-get install iproute2)");
    }
    if (!r.ok()) {
      throw new UsageException("'ip -V' failed; install iproute2");
    }
  }

  private static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException ignored) {
      // best effort
    }
  }
}
