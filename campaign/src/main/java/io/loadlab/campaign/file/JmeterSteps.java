package io.loadlab.campaign.file;

import io.loadlab.core.util.Texts;
import io.loadlab.provision.roles.RoleCommands;
import io.loadlab.provision.testbed.Host;
import io.loadlab.provision.testbed.Role;
import io.loadlab.provision.testbed.Testbed;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a campaign does for JMeter plan steps ({@code run: jmeter run}): the controller runs here,
 * and the load runs here or on the testbed's {@code jmeter-server} machines through JMeter's own
 * {@code -R} ({@code options.remote} names them; each becomes the {@code host:port} of its role).
 */
public final class JmeterSteps {
  /** The command of a JMeter plan step. */
  static final String COMMAND = "jmeter run";

  private JmeterSteps() {}

  public static boolean isJmeter(String command) {
    return COMMAND.equals(command);
  }

  /**
   * A testbed's {@code jmeter-server} machines, each to the {@code host:port} JMeter's -R takes.
   */
  public static Map<String, String> servers(Testbed t, Path file) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Role r : t.roles()) {
      if (RoleCommands.runsJmeterServer(r)) {
        Host host = t.hosts().get(r.on());
        // A local host has no address nor SSH target: its servers are on loopback.
        String address =
            host != null
                ? RoleCommands.rmiAddress(host.address(), host.isLocal())
                : RoleCommands.rmiAddress(t.guests().get(r.on()).address(), false);
        out.put(r.on(), address + ":" + new RoleCommands(r).port());
      }
    }
    return out;
  }

  /** {@code remote} with the testbed's machine names replaced by their jmeter-server address. */
  public static String remote(String value, Campaign.Configuration c) {
    List<String> out = new ArrayList<>();
    for (String h : value.split(",")) {
      String host = h.trim();
      out.add(c.jmeterServers().getOrDefault(host, host));
    }
    return String.join(",", out);
  }

  /**
   * The problem with {@code remote} in a configuration, or null: a machine of the testbed that runs
   * no {@code jmeter-server}.
   */
  public static String remoteProblem(String value, Campaign.Configuration c) {
    if (c.kind() != Campaign.Kind.TESTBED) {
      return null;
    }
    for (String h : value.split(",")) {
      String m = h.trim();
      if (c.machines().contains(m) && !c.jmeterServers().containsKey(m)) {
        return "'"
            + Texts.cut(m)
            + "' runs no jmeter-server in "
            + c.file().getFileName()
            + "; add {role: jmeter-server, on: "
            + m
            + "} to its roles, or name one that does"
            + (c.jmeterServers().isEmpty() ? "" : " " + c.jmeterServers().keySet());
      }
    }
    return null;
  }
}
