package io.loadlab.provision.tuning;

import static io.loadlab.provision.ssh.ShellQuote.quote;

import io.loadlab.provision.action.Action;
import io.loadlab.provision.action.Plan;
import io.loadlab.provision.action.Undo;
import io.loadlab.provision.ssh.RemoteShell;
import io.loadlab.provision.testbed.NicSettings;
import io.loadlab.provision.testbed.Tuning;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Plans a host's NIC tuning: VFs per SR-IOV port, MTUs, offloads ({@code ethtool -K}) and
 * coalescing ({@code ethtool -C}). Reads each interface first and checks the file against it (the
 * interface exists, the VF count is within {@code sriov_totalvfs}, the MTU within the driver's
 * largest, each feature and parameter is one the driver has and may change); plans a change only
 * where the value differs, remembering the previous one for teardown.
 */
final class NicTuningPlanner {
  private final Plan plan;
  private final String host;
  private final RemoteShell sh;
  private final String at;
  private final Map<String, NicFacts> nics = new LinkedHashMap<>();
  private final List<String> problems = new ArrayList<>();

  private NicTuningPlanner(Plan plan, String host, RemoteShell sh) {
    this.plan = plan;
    this.host = host;
    this.sh = sh;
    this.at = "hosts." + host + ".tuning";
  }

  /**
   * Adds the changes the host's NIC tuning needs to {@code plan}.
   *
   * @return what the host's interfaces do not allow, each as {@code field: problem; fix}
   */
  static List<String> plan(Plan plan, String host, Tuning t, RemoteShell sh) {
    NicTuningPlanner p = new NicTuningPlanner(plan, host, sh);
    for (int i = 0; i < t.sriov().size(); i++) {
      p.sriov(p.at + ".sriov[" + i + "]", t.sriov().get(i));
    }
    t.mtu().forEach((device, mtu) -> p.mtu(p.at + ".mtu." + device, device, mtu));
    List<NicSettings.Entry> offloads = NicSettings.offloads(t);
    for (int i = 0; i < offloads.size(); i++) {
      p.offloads(p.at + ".offloads[" + i + "]", offloads.get(i));
    }
    List<NicSettings.Entry> coalescing = NicSettings.coalescing(t);
    for (int i = 0; i < coalescing.size(); i++) {
      p.coalescing(p.at + ".coalescing[" + i + "]", coalescing.get(i));
    }
    return p.problems;
  }

  private NicFacts nic(String field, String device) {
    NicFacts f = nics.computeIfAbsent(device, d -> NicFacts.read(sh, d));
    if (!f.exists()) {
      problems.add(
          field
              + ": host "
              + host
              + " has no interface "
              + device
              + " (/sys/class/net/"
              + device
              + "); name one it has (ip link)");
    }
    return f;
  }

  private void sriov(String field, Tuning.SriovPort s) {
    NicFacts f = nic(field + ".device", s.device());
    if (!f.exists()) {
      return;
    }
    if (f.totalVfs() < 0) {
      problems.add(
          field
              + ".device: "
              + s.device()
              + " is not SR-IOV capable (no sriov_totalvfs); name a port that is, or turn SR-IOV"
              + " on in the BIOS and the driver");
    } else if (s.vfs() > f.totalVfs()) {
      problems.add(
          field
              + ".vfs: "
              + s.vfs()
              + " VFs but "
              + s.device()
              + " supports at most "
              + f.totalVfs()
              + " (sriov_totalvfs); give at most "
              + f.totalVfs());
    } else if (s.vfs() == f.numVfs()) {
      plan.unchanged(host, s.device() + " has " + s.vfs() + " SR-IOV VFs");
    } else {
      int previous = f.numVfs();
      plan.change(
          host,
          "set the SR-IOV VFs of " + s.device() + " to " + s.vfs() + " (was " + previous + ")",
          () -> {
            setVfs(sh, s.device(), s.vfs(), previous);
            return new Undo(
                "sriov-vfs",
                host,
                Map.of("device", s.device(), "previous", String.valueOf(previous)));
          });
    }
  }

  /** Writes {@code sriov_numvfs}: the kernel takes a new non-zero count only after 0. */
  private static void setVfs(RemoteShell sh, String device, int vfs, int current) {
    String file = quote("/sys/class/net/" + device + "/device/sriov_numvfs");
    if (current != 0) {
      Commands.write(sh, "echo 0 > " + file);
    }
    if (vfs != 0) {
      Commands.write(sh, "echo " + vfs + " > " + file);
    }
  }

  private void mtu(String field, String device, int mtu) {
    NicFacts f = nic(field, device);
    if (!f.exists()) {
      return;
    }
    if (f.maxMtu() > 0 && mtu > f.maxMtu()) {
      problems.add(
          field
              + ": "
              + mtu
              + " is above the largest MTU of "
              + device
              + " ("
              + f.maxMtu()
              + ", ip -d link: maxmtu); give at most "
              + f.maxMtu());
    } else if (mtu == f.mtu()) {
      plan.unchanged(host, "MTU of " + device + " " + mtu);
    } else {
      int previous = f.mtu();
      plan.change(
          host,
          "MTU of " + device + " " + mtu + " (was " + previous + ")",
          () -> {
            Commands.write(sh, "ip link set dev " + quote(device) + " mtu " + mtu);
            return new Undo(
                "mtu", host, Map.of("device", device, "previous", String.valueOf(previous)));
          });
    }
  }

  private void offloads(String field, NicSettings.Entry e) {
    if (!nic(field + ".device", e.device()).exists()) {
      return;
    }
    Map<String, EthtoolOutput.Feature> current =
        EthtoolOutput.features(Commands.read(sh, "ethtool -k " + quote(e.device())));
    List<String> changes = new ArrayList<>();
    List<String> undo = new ArrayList<>();
    e.values()
        .forEach(
            (name, value) -> {
              String longName = NicSettings.featureName(name);
              EthtoolOutput.Feature now = current.get(longName);
              boolean on = value.equals("on");
              if (now == null) {
                problems.add(
                    field
                        + "."
                        + name
                        + ": "
                        + e.device()
                        + " has no feature "
                        + longName
                        + " (ethtool -k); remove it");
              } else if (now.on() != on && now.fixed()) {
                problems.add(
                    field
                        + "."
                        + name
                        + ": "
                        + longName
                        + " of "
                        + e.device()
                        + " is fixed "
                        + (now.on() ? "on" : "off")
                        + " by its driver; remove it");
              } else if (now.on() != on) {
                changes.add(name + " " + value);
                undo.add(name + " " + (now.on() ? "on" : "off"));
              }
            });
    change("offloads", "ethtool -K", e, changes, undo);
  }

  private void coalescing(String field, NicSettings.Entry e) {
    if (!nic(field + ".device", e.device()).exists()) {
      return;
    }
    Map<String, String> current =
        EthtoolOutput.coalescing(Commands.read(sh, "ethtool -c " + quote(e.device())));
    List<String> changes = new ArrayList<>();
    List<String> undo = new ArrayList<>();
    e.values()
        .forEach(
            (name, value) -> {
              String now = current.get(name);
              if (now == null || now.equals("n/a")) {
                problems.add(
                    field
                        + "."
                        + name
                        + ": the driver of "
                        + e.device()
                        + " does not support it (ethtool -c shows "
                        + (now == null ? "nothing" : "n/a")
                        + "); remove it");
              } else if (!now.equals(value)) {
                changes.add(name + " " + value);
                undo.add(name + " " + now);
              }
            });
    change("coalescing", "ethtool -C", e, changes, undo);
  }

  /** Plans one {@code ethtool -K|-C} change of an interface, or notes it is in place. */
  private void change(
      String kind, String command, NicSettings.Entry e, List<String> changes, List<String> undo) {
    if (changes.isEmpty()) {
      StringBuilder now = new StringBuilder();
      e.values().forEach((k, v) -> now.append(now.length() > 0 ? ", " : "").append(k + " " + v));
      plan.unchanged(host, kind + " of " + e.device() + ": " + now);
      return;
    }
    plan.change(
        host,
        command
            + " "
            + e.device()
            + " "
            + String.join(" ", changes)
            + " (was "
            + String.join(" ", undo)
            + ")",
        () -> {
          Commands.write(sh, command + " " + quote(e.device()) + words(String.join(" ", changes)));
          return new Undo(
              kind, host, Map.of("device", e.device(), "previous", String.join(" ", undo)));
        });
  }

  /** The action that undoes a NIC tuning record, or null if the record is not one. */
  static Action undo(Undo u, RemoteShell sh) {
    String device = u.get("device");
    String previous = u.get("previous");
    return switch (u.kind()) {
      case "sriov-vfs" ->
          new Action(
              u.machine(),
              "restore " + previous + " SR-IOV VFs on " + device,
              () -> {
                int now = NicFacts.read(sh, device).numVfs();
                int wanted = Integer.parseInt(previous);
                if (now != wanted) {
                  setVfs(sh, device, wanted, now);
                }
                return null;
              });
      case "mtu" ->
          new Action(
              u.machine(),
              "restore MTU " + previous + " of " + device,
              () -> {
                Commands.write(
                    sh, "ip link set dev " + quote(device) + " mtu " + Integer.parseInt(previous));
                return null;
              });
      case "offloads", "coalescing" -> {
        String command = u.kind().equals("offloads") ? "ethtool -K" : "ethtool -C";
        yield new Action(
            u.machine(),
            "restore " + u.kind() + " of " + device + " (" + previous + ")",
            () -> {
              Commands.write(sh, command + " " + quote(device) + words(previous));
              return null;
            });
      }
      default -> null;
    };
  }

  /** Each word of {@code text} quoted for the shell, each after a space. */
  private static String words(String text) {
    StringBuilder sb = new StringBuilder();
    for (String w : text.trim().split(" ")) {
      sb.append(' ').append(quote(w));
    }
    return sb.toString();
  }
}
