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
    settings(
        field,
        e,
        "offloads",
        "ethtool -K",
        "ethtool -k",
        (output, name, value) -> {
          String longName = NicSettings.featureName(name);
          EthtoolOutput.Feature now = EthtoolOutput.features(output).get(longName);
          if (now == null) {
            return Current.problem(
                e.device() + " has no feature " + longName + " (ethtool -k); remove it");
          }
          String state = now.on() ? "on" : "off";
          if (!state.equals(value) && now.fixed()) {
            return Current.problem(
                longName
                    + " of "
                    + e.device()
                    + " is fixed "
                    + state
                    + " by its driver; remove it");
          }
          return Current.value(state);
        });
  }

  private void coalescing(String field, NicSettings.Entry e) {
    settings(
        field,
        e,
        "coalescing",
        "ethtool -C",
        "ethtool -c",
        (output, name, value) -> {
          String now = EthtoolOutput.coalescing(output).get(name);
          if (now == null || now.equals("n/a")) {
            return Current.problem(
                "the driver of "
                    + e.device()
                    + " does not support it (ethtool -c shows "
                    + (now == null ? "nothing" : "n/a")
                    + "); remove it");
          }
          return Current.value(now);
        });
  }

  /** A setting's value now as ethtool shows it, or why the file may not set it. */
  private record Current(String value, String problem) {
    static Current value(String value) {
      return new Current(value, null);
    }

    static Current problem(String problem) {
      return new Current(null, problem);
    }
  }

  /** Reads a setting's value now from ethtool's output ({@code output}). */
  private interface SettingReader {
    Current read(String output, String name, String wanted);
  }

  /**
   * Plans one {@code ethtool -K|-C} change of an interface (the settings whose value differs), or
   * notes it is in place; a setting the driver does not allow is a problem at {@code field.name}.
   */
  private void settings(
      String field,
      NicSettings.Entry e,
      String kind,
      String command,
      String readCommand,
      SettingReader reader) {
    if (!nic(field + ".device", e.device()).exists()) {
      return;
    }
    String output = Commands.read(sh, readCommand + " " + quote(e.device()));
    List<String> changes = new ArrayList<>();
    List<String> undo = new ArrayList<>();
    e.values()
        .forEach(
            (name, value) -> {
              Current now = reader.read(output, name, value);
              if (now.problem() != null) {
                problems.add(field + "." + name + ": " + now.problem());
              } else if (!now.value().equals(value)) {
                changes.add(name + " " + value);
                undo.add(name + " " + now.value());
              }
            });
    if (changes.isEmpty()) {
      StringBuilder now = new StringBuilder();
      e.values().forEach((k, v) -> now.append(now.length() > 0 ? ", " : "").append(k + " " + v));
      plan.unchanged(host, kind + " of " + e.device() + ": " + now);
      return;
    }
    EthtoolChange.plan(plan, host, sh, kind, command, e.device(), changes, undo);
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
      case "offloads" -> EthtoolChange.undo(u, sh, "ethtool -K", "offloads");
      case "coalescing" -> EthtoolChange.undo(u, sh, "ethtool -C", "coalescing");
      default -> null;
    };
  }
}
