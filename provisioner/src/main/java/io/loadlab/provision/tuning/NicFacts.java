package io.loadlab.provision.tuning;

import static io.loadlab.provision.ssh.ShellQuote.quote;

import io.loadlab.provision.ssh.RemoteShell;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one network interface of a host has, read over SSH before anything is changed: whether it
 * exists, its MTU and largest MTU, and its SR-IOV VF counts.
 *
 * @param device the interface name
 * @param exists whether {@code /sys/class/net/<device>} exists
 * @param mtu the current MTU, or -1
 * @param maxMtu the largest MTU the driver takes ({@code ip -d link}: maxmtu), or -1 if unknown
 * @param totalVfs {@code sriov_totalvfs}, or -1 if the port is not SR-IOV capable
 * @param numVfs {@code sriov_numvfs}, or -1 if the port is not SR-IOV capable
 */
public record NicFacts(
    String device, boolean exists, int mtu, int maxMtu, int totalVfs, int numVfs) {

  /** The one command that reads an interface's facts (as {@code key=value} lines). */
  public static String command(String device) {
    String d = quote("/sys/class/net/" + device);
    return "if [ -d "
        + d
        + " ]; then echo mtu=$(cat "
        + d
        + "/mtu); echo maxmtu=$(ip -d link show dev "
        + quote(device)
        + " 2>/dev/null | grep -o 'maxmtu [0-9]*' | cut -d' ' -f2); echo totalvfs=$(cat "
        + d
        + "/device/sriov_totalvfs 2>/dev/null); echo numvfs=$(cat "
        + d
        + "/device/sriov_numvfs 2>/dev/null); else echo absent; fi";
  }

  /** Reads an interface's facts over {@code sh}. */
  public static NicFacts read(RemoteShell sh, String device) {
    return parse(device, Commands.read(sh, command(device)));
  }

  static NicFacts parse(String device, String text) {
    if (text.trim().equals("absent")) {
      return new NicFacts(device, false, -1, -1, -1, -1);
    }
    Map<String, Integer> v = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      String[] kv = line.trim().split("=", 2);
      if (kv.length == 2 && kv[1].trim().matches("[0-9]{1,9}")) {
        v.put(kv[0], Integer.parseInt(kv[1].trim()));
      }
    }
    return new NicFacts(
        device,
        true,
        v.getOrDefault("mtu", -1),
        v.getOrDefault("maxmtu", -1),
        v.getOrDefault("totalvfs", -1),
        v.getOrDefault("numvfs", -1));
  }
}
