package io.loadlab.provision.tuning;

import static io.loadlab.provision.ssh.ShellQuote.quote;

import io.loadlab.provision.action.Action;
import io.loadlab.provision.action.Plan;
import io.loadlab.provision.action.Undo;
import io.loadlab.provision.ssh.RemoteShell;
import java.util.List;
import java.util.Map;

/**
 * One {@code ethtool} change of an interface's settings, as name-value words ({@code ethtool -K
 * eth2 lro off}, {@code -C} coalescing, {@code -G} rings): planned with the values it replaces,
 * recorded for teardown, and undone by the same command with those values.
 */
final class EthtoolChange {
  private EthtoolChange() {}

  /**
   * Plans {@code command device changes}, shown as {@code (was previous)}, and records {@code
   * previous} under {@code kind} for teardown.
   */
  static void plan(
      Plan plan,
      String host,
      RemoteShell sh,
      String kind,
      String command,
      String device,
      List<String> changes,
      List<String> previous) {
    String was = String.join(" ", previous);
    plan.change(
        host,
        command + " " + device + " " + String.join(" ", changes) + " (was " + was + ")",
        () -> {
          Commands.write(sh, command + " " + quote(device) + words(String.join(" ", changes)));
          return new Undo(kind, host, Map.of("device", device, "previous", was));
        });
  }

  /**
   * The action that sets the values a change of {@code what} replaced back with {@code command}.
   */
  static Action undo(Undo u, RemoteShell sh, String command, String what) {
    String device = u.get("device");
    String previous = u.get("previous");
    return new Action(
        u.machine(),
        "restore " + what + " of " + device + " (" + previous + ")",
        () -> {
          Commands.write(sh, command + " " + quote(device) + words(previous));
          return null;
        });
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
