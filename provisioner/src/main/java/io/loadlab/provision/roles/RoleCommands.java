package io.loadlab.provision.roles;

import static io.loadlab.provision.ssh.ShellQuote.quote;

import io.loadlab.provision.testbed.Role;

/**
 * The shell commands that start, check and stop a role. Long-running processes are started in the
 * background with {@code nohup}, their pid in {@code /tmp/loadlab-<role>-<port>.pid} and their
 * output in {@code .log} beside it, both removed when the role is stopped; PostgreSQL is a system
 * service. The role's placement wraps the process in {@code nice -n} and {@code numactl} (a NUMA
 * node, CPUs); its options are appended to a loadlab role's command line.
 */
public final class RoleCommands {
  private final Role role;
  private final Launchers launchers;
  private final String address;

  /** Commands that run {@code loadlab} and {@code jmeter-server} from the machine's PATH. */
  public RoleCommands(Role role) {
    this(role, Launchers.ON_PATH, null);
  }

  /** Commands that run the role's program from {@code launchers}, the machine's address unknown. */
  public RoleCommands(Role role, Launchers launchers) {
    this(role, launchers, null);
  }

  /**
   * @param launchers where the role's program is on the machine (e.g. where the testbed installs
   *     it)
   * @param address the address other machines reach the role's machine at (its testbed address;
   *     null: unknown): {@code jmeter-server} gives it to JMeter's controller as its RMI address
   *     ({@code java.rmi.server.hostname}), so a server whose own name resolves elsewhere (a guest
   *     that shares its host's files) is still called back where it is
   */
  public RoleCommands(Role role, Launchers launchers, String address) {
    this.role = role;
    this.launchers = launchers;
    this.address = address;
  }

  /**
   * The address JMeter's controller reaches a machine's {@code jmeter-server} at: its testbed
   * address, or loopback for this machine itself (a local host has none).
   */
  public static String rmiAddress(String machineAddress, boolean local) {
    return machineAddress != null ? machineAddress : local ? "127.0.0.1" : null;
  }

  /** True if the role's process is loadlab itself ({@code broker}, {@code net-serve}). */
  public static boolean runsLoadlab(Role role) {
    return role.command() == null
        && (role.role().equals("broker") || role.role().equals("net-serve"));
  }

  /** True if the role's process is JMeter's {@code jmeter-server}. */
  public static boolean runsJmeterServer(Role role) {
    return role.command() == null && role.role().equals("jmeter-server");
  }

  /** The role's port (its default if the testbed gives none). */
  public int port() {
    if (role.port() != null) {
      return role.port();
    }
    return switch (role.role()) {
      case "broker" -> 5672;
      case "database" -> 5432;
      case "jmeter-server" -> 1099;
      case "net-serve" -> 12865;
      default -> 0;
    };
  }

  /** The RMI local port of {@code jmeter-server} (fixed, so firewalls can allow it). */
  public int rmiPort() {
    return role.rmiPort() == null ? 50000 : role.rmiPort();
  }

  public boolean isService() {
    return role.role().equals("database") && role.command() == null;
  }

  /** The foreground command line of the role's process, without its placement wrapper. */
  public String program() {
    return program(quote(launchers.jmeterServer()));
  }

  /** {@link #program()} with {@code jmeterServer} as jmeter-server's launcher, quoted. */
  private String program(String jmeterServer) {
    if (role.command() != null) {
      return role.command();
    }
    return switch (role.role()) {
      case "broker" -> quote(launchers.loadlab()) + " broker --port " + port() + options();
      case "jmeter-server" ->
          jmeterServer
              + " -Dserver_port="
              + port()
              + " -Jserver.rmi.localport="
              + rmiPort()
              + " -Jserver.rmi.ssl.disable=true"
              + (address == null ? "" : " -Djava.rmi.server.hostname=" + quote(address));
      case "net-serve" -> quote(launchers.loadlab()) + " net serve --port " + port() + options();
      default -> throw new IllegalStateException("no program for " + role.role());
    };
  }

  /** The role's options as {@code --key value} words ({@code true}: the flag alone). */
  private String options() {
    StringBuilder sb = new StringBuilder();
    role.options()
        .forEach(
            (key, value) -> {
              sb.append(" --").append(quote(key));
              if (!Boolean.TRUE.equals(value)) {
                sb.append(' ').append(quote(String.valueOf(value)));
              }
            });
    return sb.toString();
  }

  /**
   * The whole foreground command line: the program after its placement wrapper, e.g. {@code nice -n
   * -20 numactl --physcpubind=0-5 loadlab broker --port 5672 --threads 8}.
   */
  public String commandLine() {
    return role.placement().shellPrefix() + program();
  }

  /** True if the role's process is started under {@code numactl}, which the machine must have. */
  public boolean needsNumactl() {
    return !isService() && role.placement().usesNumactl();
  }

  String base() {
    return "/tmp/loadlab-" + role.role() + "-" + port();
  }

  public String pidFile() {
    return base() + ".pid";
  }

  /** Where the role's output goes while it runs (removed when it is stopped). */
  public String logFile() {
    return base() + ".log";
  }

  /**
   * The working directory of a {@code jmeter-server} role, where JMeter writes its {@code
   * jmeter-server.log} (the script names it relative); removed with the role's files.
   */
  String workDir() {
    return base() + ".d";
  }

  private boolean hasWorkDir() {
    return runsJmeterServer(role);
  }

  /** Removes the role's files: pid, output and, for {@code jmeter-server}, its directory. */
  private String removeFiles() {
    return hasWorkDir()
        ? "rm -rf " + pidFile() + " " + logFile() + " " + workDir()
        : "rm -f " + pidFile() + " " + logFile();
  }

  /** Starts the role (privileged for a service). */
  public String start() {
    if (isService()) {
      return "systemctl start postgresql";
    }
    if (hasWorkDir()) {
      // jmeter-server's scripts run JMeter's JVM as a child, not with exec: the role is a process
      // group of its own (setsid, whose pid is the group's id), which stop ends as a whole.
      // A launcher relative to the home directory (install.jmeter-home) is run from there.
      String launcher = launchers.jmeterServer();
      String from =
          launcher.contains("/") && !launcher.startsWith("/")
              ? "\"$OLDPWD\"/" + quote(launcher)
              : quote(launcher);
      return "nohup setsid sh -c "
          + quote(
              "mkdir -p "
                  + workDir()
                  + " && cd "
                  + workDir()
                  + " && exec "
                  + role.placement().shellPrefix()
                  + program(from))
          + " > "
          + logFile()
          + " 2>&1 < /dev/null & echo $! > "
          + pidFile();
    }
    return "nohup sh -c "
        + quote("exec " + commandLine())
        + " > "
        + logFile()
        + " 2>&1 < /dev/null & echo $! > "
        + pidFile();
  }

  /** Exits 0 if the role's process is running. */
  public String running() {
    if (isService()) {
      return "systemctl is-active --quiet postgresql";
    }
    return "kill -0 \"$(cat " + pidFile() + " 2>/dev/null)\" 2>/dev/null";
  }

  /** Exits 0 once the role answers: its port is listening (PostgreSQL: pg_isready). */
  public String health() {
    if (isService()) {
      return "pg_isready -q -h 127.0.0.1 -p " + port();
    }
    return "ss -ltn | awk '{print $4}' | grep -qE '[:.]" + port() + "$'";
  }

  /** Stops the role. */
  public String stop() {
    if (isService()) {
      return "systemctl stop postgresql";
    }
    // The files go only once the process (group) has ended, at most 60 s after the signal: a
    // database still writing its WAL as it stops made removing its directory fail.
    String target = (hasWorkDir() ? "-- -" : "") + "\"$(cat " + pidFile() + ")\"";
    return "kill "
        + target
        + " && { i=0; while kill -0 "
        + target
        + " 2>/dev/null && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done; } && "
        + removeFiles();
  }

  /** Removes the pid and log files of a role whose process has ended: nothing is left behind. */
  public String forget() {
    return removeFiles();
  }

  /** The last lines of the role's log (for a failure message). */
  public String logTail() {
    return "tail -n 5 " + logFile();
  }

  /** A short description for plans and logs. */
  public String describe() {
    String what = role.role() + " on port " + port();
    if (role.role().equals("jmeter-server")) {
      what += " (RMI " + rmiPort() + ")";
    }
    String placement = role.placement().describe();
    return placement.isEmpty() ? what : what + " (" + placement + ")";
  }
}
