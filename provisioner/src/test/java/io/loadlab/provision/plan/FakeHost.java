package io.loadlab.provision.plan;

import io.loadlab.provision.ssh.EmbeddedSshServer.Reply;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pretend Linux host behind the embedded SSH server: it keeps sysctl values, the hugepage count,
 * services, IRQ affinities, ring sizes, started roles and whether numactl is installed, and answers
 * exactly the commands the tuning and role planners send. Anything else exits 127, so an unexpected
 * command fails a test.
 */
final class FakeHost {
  final Map<String, String> sysctl =
      new ConcurrentHashMap<>(Map.of("kernel.msgmni", "32000", "fs.file-max", "65536"));
  volatile String hugepages = "0";
  final Set<String> activeServices = ConcurrentHashMap.newKeySet();
  final Map<String, String> irqAffinity =
      new ConcurrentHashMap<>(Map.of("45", "0-15", "46", "0-15"));
  volatile int rx = 512;
  volatile int tx = 512;
  final Set<String> listening = ConcurrentHashMap.newKeySet();

  /**
   * eth2: MTU, its largest, SR-IOV VFs (at most 7), features and coalescing as ethtool shows them.
   */
  volatile int mtu = 1500;

  volatile int numVfs = 4;
  final Map<String, String> features =
      new ConcurrentHashMap<>(
          Map.of(
              "large-receive-offload", "on",
              "generic-receive-offload", "on",
              "tcp-segmentation-offload", "on",
              "rx-vlan-offload", "on [fixed]"));
  final Map<String, String> coalescing =
      new ConcurrentHashMap<>(Map.of("rx-usecs", "3", "tx-usecs", "0", "rx-frames", "0"));
  volatile String adaptiveRx = "on";

  /** Every sriov_numvfs count written, in order (the kernel needs 0 between two counts). */
  final java.util.List<Integer> vfWrites = new java.util.concurrent.CopyOnWriteArrayList<>();

  /** Ports whose process starts but never listens. */
  final Set<String> deaf = ConcurrentHashMap.newKeySet();

  final Set<String> running = ConcurrentHashMap.newKeySet();

  /** Whether numactl is installed. */
  volatile boolean numactl = true;

  FakeHost() {
    activeServices.add("irqbalance");
  }

  private static final Pattern SYSCTL_READ = Pattern.compile("sysctl -n (\\S+)");
  private static final Pattern SYSCTL_WRITE = Pattern.compile("sysctl -w '?([^=]+)=(.*?)'?");
  private static final String HP = "/sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages";
  private static final Pattern SYSTEMCTL =
      Pattern.compile("systemctl (is-active|stop|start) (\\S+)");
  private static final Pattern IRQ_READ = Pattern.compile("cat /proc/irq/(\\d+)/smp_affinity_list");
  private static final Pattern IRQ_WRITE =
      Pattern.compile("echo (\\S+) > /proc/irq/(\\d+)/smp_affinity_list");
  private static final Pattern RINGS = Pattern.compile("ethtool -G eth2((?: (?:rx|tx) \\d+)+)");
  private static final Pattern NUMVFS =
      Pattern.compile("echo (\\d+) > /sys/class/net/eth2/device/sriov_numvfs");
  private static final Pattern MTU = Pattern.compile("ip link set dev eth2 mtu (\\d+)");
  private static final Pattern PID = Pattern.compile(".*/tmp/loadlab-([a-z-]+)-(\\d+)\\.pid.*");
  private static final Pattern LISTEN = Pattern.compile(".*\\[:\\.\\](\\d+)\\$.*");

  synchronized Reply answer(String c) {
    Matcher m;
    if ((m = SYSCTL_READ.matcher(c)).matches()) {
      String v = sysctl.get(m.group(1));
      return v == null
          ? new Reply(255, "", "sysctl: cannot stat " + m.group(1))
          : Reply.ok(v + "\n");
    }
    if ((m = SYSCTL_WRITE.matcher(c)).matches()) {
      sysctl.put(m.group(1), m.group(2));
      return Reply.ok(m.group(1) + " = " + m.group(2) + "\n");
    }
    if (c.equals("cat " + HP)) {
      return Reply.ok(hugepages + "\n");
    }
    if (c.startsWith("echo ") && c.endsWith(" > " + HP)) {
      hugepages = c.substring(5, c.indexOf(' ', 5)).replace("'", "");
      return Reply.ok("");
    }
    if ((m = SYSTEMCTL.matcher(c)).matches()) {
      String service = m.group(2);
      switch (m.group(1)) {
        case "is-active":
          return activeServices.contains(service)
              ? Reply.ok("active\n")
              : new Reply(3, "inactive\n", "");
        case "stop":
          activeServices.remove(service);
          return Reply.ok("");
        default:
          activeServices.add(service);
          return Reply.ok("");
      }
    }
    if (c.startsWith("grep -E 'eth2") && c.contains("/proc/interrupts")) {
      return Reply.ok("45\n46\n");
    }
    if ((m = IRQ_READ.matcher(c)).matches()) {
      return Reply.ok(irqAffinity.get(m.group(1)) + "\n");
    }
    if ((m = IRQ_WRITE.matcher(c)).matches()) {
      irqAffinity.put(m.group(2), m.group(1));
      return Reply.ok("");
    }
    if (c.equals("ethtool -g eth2")) {
      return Reply.ok(
          "Ring parameters for eth2:\nPre-set maximums:\nRX:\t\t4096\nTX:\t\t4096\n"
              + "Current hardware settings:\nRX:\t\t"
              + rx
              + "\nTX:\t\t"
              + tx
              + "\n");
    }
    if ((m = RINGS.matcher(c)).matches()) {
      String[] w = m.group(1).trim().split(" ");
      for (int i = 0; i + 1 < w.length; i += 2) {
        if (w[i].equals("rx")) {
          rx = Integer.parseInt(w[i + 1]);
        } else {
          tx = Integer.parseInt(w[i + 1]);
        }
      }
      return Reply.ok("");
    }
    if (c.equals("command -v numactl >/dev/null")) {
      return numactl ? Reply.ok("") : new Reply(1, "", "");
    }
    if (c.equals(io.loadlab.provision.tuning.NicFacts.command("eth2"))) {
      return Reply.ok("mtu=" + mtu + "\nmaxmtu=9600\ntotalvfs=7\nnumvfs=" + numVfs + "\n");
    }
    if (c.startsWith("if [ -d /sys/class/net/")) {
      return Reply.ok("absent\n");
    }
    if ((m = NUMVFS.matcher(c)).matches()) {
      int n = Integer.parseInt(m.group(1));
      if (numVfs != 0 && n != 0) {
        return new Reply(1, "", "sh: echo: write error: Device or resource busy");
      }
      numVfs = n;
      vfWrites.add(n);
      return Reply.ok("");
    }
    if ((m = MTU.matcher(c)).matches()) {
      mtu = Integer.parseInt(m.group(1));
      return Reply.ok("");
    }
    if (c.equals("ethtool -k eth2")) {
      StringBuilder sb = new StringBuilder("Features for eth2:\n");
      new java.util.TreeMap<>(features)
          .forEach((k, v) -> sb.append(k).append(": ").append(v).append('\n'));
      return Reply.ok(sb.toString());
    }
    if (c.startsWith("ethtool -K eth2 ")) {
      String[] w = c.substring("ethtool -K eth2 ".length()).split(" ");
      for (int i = 0; i + 1 < w.length; i += 2) {
        String name = io.loadlab.provision.testbed.NicSettings.featureName(w[i]);
        features.put(name, w[i + 1]);
      }
      return Reply.ok("");
    }
    if (c.equals("ethtool -c eth2")) {
      StringBuilder sb =
          new StringBuilder(
              "Coalesce parameters for eth2:\nAdaptive RX: " + adaptiveRx + "  TX: off\n");
      sb.append("rx-usecs-low: n/a\n");
      new java.util.TreeMap<>(coalescing)
          .forEach((k, v) -> sb.append(k).append(": ").append(v).append('\n'));
      return Reply.ok(sb.toString());
    }
    if (c.startsWith("ethtool -C eth2 ")) {
      String[] w = c.substring("ethtool -C eth2 ".length()).split(" ");
      for (int i = 0; i + 1 < w.length; i += 2) {
        if (w[i].equals("adaptive-rx")) {
          adaptiveRx = w[i + 1];
        } else {
          coalescing.put(w[i], w[i + 1]);
        }
      }
      return Reply.ok("");
    }
    if (c.equals("cat /proc/cmdline")) {
      return Reply.ok("BOOT_IMAGE=/vmlinuz root=/dev/sda1 quiet\n");
    }
    if (c.startsWith("kill -0 ") && (m = PID.matcher(c)).matches()) {
      return running.contains(m.group(2)) ? Reply.ok("") : new Reply(1, "", "");
    }
    if ((c.startsWith("nohup sh -c ") || c.startsWith("nohup setsid sh -c "))
        && (m = PID.matcher(c)).matches()) {
      running.add(m.group(2));
      if (!deaf.contains(m.group(2))) {
        listening.add(m.group(2));
      }
      return Reply.ok("");
    }
    if (c.startsWith("ss -ltn") && (m = LISTEN.matcher(c)).matches()) {
      return listening.contains(m.group(1)) ? Reply.ok("") : new Reply(1, "", "");
    }
    if ((c.startsWith("kill \"$(cat ") || c.startsWith("kill -- -\"$(cat "))
        && (m = PID.matcher(c)).matches()) {
      running.remove(m.group(2));
      listening.remove(m.group(2));
      return Reply.ok("");
    }
    return new Reply(127, "", "fake host: unexpected command: " + c);
  }
}
