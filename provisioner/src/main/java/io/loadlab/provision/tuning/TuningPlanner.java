package io.loadlab.provision.tuning;

import static io.loadlab.provision.ssh.ShellQuote.quote;

import io.loadlab.core.failure.LoadlabException;
import io.loadlab.provision.action.Action;
import io.loadlab.provision.action.Plan;
import io.loadlab.provision.action.Undo;
import io.loadlab.provision.ssh.RemoteShell;
import io.loadlab.provision.testbed.TestbedValidator;
import io.loadlab.provision.testbed.Tuning;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Plans a host's tuning over SSH: reads each current value, and plans a change only where it
 * differs, remembering the previous value so teardown can restore it. Kernel command-line options
 * are checked against {@code /proc/cmdline} and reported as manual steps ("needs reboot"); NIC
 * tuning (VFs, MTU, offloads, coalescing) is planned by {@link NicTuningPlanner}.
 */
public final class TuningPlanner {
  private TuningPlanner() {}

  /**
   * Adds the changes {@code tuning} needs on {@code host} to {@code plan}.
   *
   * @return what the host's interfaces do not allow (an interface it lacks, too many VFs, too large
   *     an MTU, a feature its driver lacks), each as {@code field: problem; fix}
   */
  public static List<String> plan(Plan plan, String host, Tuning tuning, RemoteShell sh) {
    tuning.sysctl().forEach((key, value) -> sysctl(plan, host, key, value, sh));
    if (tuning.hugepages() != null) {
      hugepages(plan, host, tuning.hugepages(), sh);
    }
    for (String service : tuning.stopServices()) {
      stopService(plan, host, service, sh);
    }
    List<String> problems = NicTuningPlanner.plan(plan, host, tuning, sh);
    for (Tuning.IrqAffinity a : tuning.irqAffinity()) {
      irqAffinity(plan, host, a, sh);
    }
    for (Tuning.EthtoolRings r : tuning.ethtoolRings()) {
      rings(plan, host, r, sh);
    }
    if (!tuning.kernelCmdline().isEmpty()) {
      List<String> missing = missingKernelOptions(sh, tuning.kernelCmdline());
      for (String option : tuning.kernelCmdline()) {
        if (missing.contains(option)) {
          plan.manual(
              host,
              "needs reboot: add "
                  + option
                  + " to the kernel command line (GRUB_CMDLINE_LINUX in /etc/default/grub, then"
                  + " update-grub or grub2-mkconfig) and reboot");
        } else {
          plan.unchanged(host, "kernel command line: " + option + " present");
        }
      }
    }
    return problems;
  }

  /**
   * The options of {@code wanted} the running kernel's command line ({@code /proc/cmdline}) lacks.
   */
  public static List<String> missingKernelOptions(RemoteShell sh, List<String> wanted) {
    List<String> current = Arrays.asList(read(sh, "cat /proc/cmdline").trim().split("\\s+"));
    return wanted.stream().filter(o -> !current.contains(o)).toList();
  }

  private static void sysctl(Plan plan, String host, String key, String value, RemoteShell sh) {
    String current = normalize(read(sh, "sysctl -n " + quote(key)));
    String wanted = normalize(value);
    if (current.equals(wanted)) {
      plan.unchanged(host, "sysctl " + key + " = " + wanted);
      return;
    }
    plan.change(
        host,
        "sysctl " + key + " = " + wanted + " (was " + current + ")",
        () -> {
          write(sh, "sysctl -w " + quote(key + "=" + wanted));
          return new Undo("sysctl", host, Map.of("key", key, "previous", current));
        });
  }

  private static void hugepages(Plan plan, String host, Tuning.HugepagePool pool, RemoteShell sh) {
    long kib = TestbedValidator.pageKiB(TestbedValidator.pageSize(pool));
    String file = "/sys/kernel/mm/hugepages/hugepages-" + kib + "kB/nr_hugepages";
    String current = read(sh, "cat " + file).trim();
    String wanted = String.valueOf(pool.count());
    if (current.equals(wanted)) {
      plan.unchanged(host, "hugepages " + wanted + " x " + kib + " KiB");
      return;
    }
    plan.change(
        host,
        "reserve " + wanted + " hugepages of " + kib + " KiB (was " + current + ")",
        () -> {
          write(sh, "echo " + wanted + " > " + file);
          String got = read(sh, "cat " + file).trim();
          if (!got.equals(wanted)) {
            write(sh, "echo " + current + " > " + file);
            throw new LoadlabException(
                "the kernel reserved only "
                    + got
                    + " of "
                    + wanted
                    + " pages (memory is fragmented); reserve them at boot with hugepages= on the"
                    + " kernel command line",
                1);
          }
          return new Undo("hugepages", host, Map.of("file", file, "previous", current));
        });
  }

  private static void stopService(Plan plan, String host, String service, RemoteShell sh) {
    String state = sh.run("systemctl is-active " + quote(service)).stdout().trim();
    if (!state.equals("active")) {
      plan.unchanged(host, "service " + service + " not running (" + state + ")");
      return;
    }
    plan.change(
        host,
        "stop service " + service,
        () -> {
          write(sh, "systemctl stop " + quote(service));
          return new Undo("service", host, Map.of("service", service));
        });
  }

  private static void irqAffinity(Plan plan, String host, Tuning.IrqAffinity a, RemoteShell sh) {
    String list =
        read(
            sh,
            "grep -E "
                + quote(a.device() + "([^0-9a-zA-Z]|$)")
                + " /proc/interrupts | cut -d: -f1 | tr -d ' ' || true");
    List<String> irqs = list.isBlank() ? List.of() : Arrays.asList(list.trim().split("\\s+"));
    if (irqs.isEmpty()) {
      plan.warn(
          host,
          "no interrupts named "
              + a.device()
              + " in /proc/interrupts, so its IRQ affinity is not set; check the name (a NIC's"
              + " queues are often named like "
              + a.device()
              + "-TxRx-0)");
      return;
    }
    Map<String, String> previous = new LinkedHashMap<>();
    for (String irq : irqs) {
      String cur = read(sh, "cat /proc/irq/" + irq + "/smp_affinity_list").trim();
      if (!expand(cur).equals(expand(a.cpus()))) {
        previous.put(irq, cur);
      }
    }
    if (previous.isEmpty()) {
      plan.unchanged(host, "IRQs of " + a.device() + " on CPUs " + a.cpus());
      return;
    }
    plan.change(
        host,
        "pin " + previous.size() + " IRQ(s) of " + a.device() + " to CPUs " + a.cpus(),
        () -> {
          for (String irq : previous.keySet()) {
            write(sh, "echo " + quote(a.cpus()) + " > /proc/irq/" + irq + "/smp_affinity_list");
          }
          StringBuilder prev = new StringBuilder();
          previous.forEach(
              (k, v) -> prev.append(prev.length() > 0 ? ";" : "").append(k).append('=').append(v));
          return new Undo("irq", host, Map.of("device", a.device(), "previous", prev.toString()));
        });
  }

  private static void rings(Plan plan, String host, Tuning.EthtoolRings r, RemoteShell sh) {
    String text = read(sh, "ethtool -g " + quote(r.device()));
    int idx = text.indexOf("Current hardware settings");
    String current = idx < 0 ? "" : text.substring(idx);
    Integer rx = field(current, "RX");
    Integer tx = field(current, "TX");
    List<String> changes = new ArrayList<>();
    List<String> undo = new ArrayList<>();
    if (r.rx() != null && !r.rx().equals(rx)) {
      changes.add("rx " + r.rx());
      undo.add("rx " + rx);
    }
    if (r.tx() != null && !r.tx().equals(tx)) {
      changes.add("tx " + r.tx());
      undo.add("tx " + tx);
    }
    if (changes.isEmpty()) {
      plan.unchanged(host, "ethtool rings of " + r.device() + " rx " + rx + " tx " + tx);
      return;
    }
    EthtoolChange.plan(plan, host, sh, "ethtool", "ethtool -G", r.device(), changes, undo);
  }

  /** The action that undoes a tuning record, or null if the record is not a tuning one. */
  public static Action undo(Undo u, RemoteShell sh) {
    Action nic = NicTuningPlanner.undo(u, sh);
    if (nic != null) {
      return nic;
    }
    return switch (u.kind()) {
      case "sysctl" ->
          new Action(
              u.machine(),
              "restore sysctl " + u.get("key") + " = " + u.get("previous"),
              () -> {
                write(sh, "sysctl -w " + quote(u.get("key") + "=" + u.get("previous")));
                return null;
              });
      case "hugepages" ->
          new Action(
              u.machine(),
              "restore " + u.get("file") + " to " + u.get("previous"),
              () -> {
                write(sh, "echo " + quote(u.get("previous")) + " > " + u.get("file"));
                return null;
              });
      case "service" ->
          new Action(
              u.machine(),
              "start service " + u.get("service"),
              () -> {
                write(sh, "systemctl start " + quote(u.get("service")));
                return null;
              });
      case "irq" ->
          new Action(
              u.machine(),
              "restore IRQ affinity of " + u.get("device"),
              () -> {
                for (String pair : u.get("previous").split(";")) {
                  String[] kv = pair.split("=", 2);
                  write(
                      sh,
                      "echo "
                          + quote(kv[1])
                          + " > /proc/irq/"
                          + Integer.parseInt(kv[0])
                          + "/smp_affinity_list");
                }
                return null;
              });
      case "ethtool" -> EthtoolChange.undo(u, sh, "ethtool -G", "ethtool rings");
      default -> null;
    };
  }

  private static Integer field(String text, String name) {
    for (String line : text.split("\n")) {
      String[] parts = line.split(":", 2);
      if (parts.length == 2 && parts[0].trim().equals(name)) {
        try {
          return Integer.parseInt(parts[1].trim());
        } catch (NumberFormatException e) {
          return null;
        }
      }
    }
    return null;
  }

  /** {@code 0-2,5} as the set {0,1,2,5}. */
  static TreeSet<Integer> expand(String cpus) {
    TreeSet<Integer> set = new TreeSet<>();
    for (String part : cpus.trim().split(",")) {
      if (part.isBlank()) {
        continue;
      }
      String[] range = part.trim().split("-");
      int from = Integer.parseInt(range[0]);
      int to = range.length > 1 ? Integer.parseInt(range[1]) : from;
      for (int c = from; c <= to; c++) {
        set.add(c);
      }
    }
    return set;
  }

  private static String normalize(String s) {
    return s.trim().replaceAll("\\s+", " ");
  }

  private static String read(RemoteShell sh, String command) {
    return Commands.read(sh, command);
  }

  private static void write(RemoteShell sh, String command) {
    Commands.write(sh, command);
  }
}
