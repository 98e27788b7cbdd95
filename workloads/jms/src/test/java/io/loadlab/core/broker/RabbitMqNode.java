package io.loadlab.core.broker;

import io.loadlab.core.TempTrees;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A RabbitMQ node of the test's own (Debian's {@code rabbitmq-server}, plugin rabbitmq_amqp1_0),
 * started once per test class on free ports with its own node name, Erlang cookie (home), epmd
 * port, database and logs in a temporary directory, and stopped after the class. It never touches a
 * RabbitMQ already running on the machine (port 5672, the default node name, epmd on 4369).
 *
 * <p>If {@code rabbitmq-server} is not installed the class is skipped with that reason, except in
 * CI ({@code CI=true}), where {@code .ci/run} installs it and its absence fails the class.
 */
public final class RabbitMqNode implements BeforeAllCallback, AfterAllCallback {
  /** The upstream start script (Debian's /usr/sbin wrapper switches to the rabbitmq user). */
  static final Path SERVER = Path.of("/usr/lib/rabbitmq/bin/rabbitmq-server");

  private Path dir;
  private Process process;
  private int port;
  private int epmdPort;
  private final String user = "loadlab";
  private final String password = "pw-" + UUID.randomUUID();

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    if (!Files.isExecutable(SERVER)) {
      String why =
          SERVER + " is absent: install Debian's rabbitmq-server (.ci/run does) to run these tests";
      if ("true".equals(System.getenv("CI"))) {
        throw new IllegalStateException(why);
      }
      Assumptions.abort(why);
    }
    dir = Files.createTempDirectory("loadlab-rabbitmq");
    port = freePort();
    int distPort = freePort();
    epmdPort = freePort();
    Path home = Files.createDirectories(dir.resolve("home"));
    Files.writeString(
        dir.resolve("rabbitmq.conf"),
        "listeners.tcp.default = 127.0.0.1:"
            + port
            + "\nloopback_users = none\ndefault_user = "
            + user
            + "\ndefault_pass = "
            + password
            + "\n");
    Files.writeString(dir.resolve("enabled_plugins"), "[rabbitmq_amqp1_0].\n");
    ProcessBuilder pb = new ProcessBuilder(SERVER.toString());
    Map<String, String> env = pb.environment();
    env.put("HOME", home.toString());
    env.put("RABBITMQ_NODENAME", "loadlab-test-" + port + "@localhost");
    env.put("RABBITMQ_NODE_PORT", String.valueOf(port));
    env.put("RABBITMQ_DIST_PORT", String.valueOf(distPort));
    env.put("ERL_EPMD_PORT", String.valueOf(epmdPort));
    env.put("RABBITMQ_MNESIA_BASE", dir.resolve("mnesia").toString());
    env.put("RABBITMQ_LOG_BASE", dir.resolve("log").toString());
    env.put("RABBITMQ_LOGS", "-");
    env.put("RABBITMQ_ENABLED_PLUGINS_FILE", dir.resolve("enabled_plugins").toString());
    env.put("RABBITMQ_CONFIG_FILE", dir.resolve("rabbitmq.conf").toString());
    env.put("RABBITMQ_ADVANCED_CONFIG_FILE", dir.resolve("advanced.config").toString());
    env.put("RABBITMQ_CONF_ENV_FILE", dir.resolve("rabbitmq-env.conf").toString());
    env.put("RABBITMQ_PID_FILE", dir.resolve("pid").toString());
    pb.redirectErrorStream(true);
    pb.redirectOutput(dir.resolve("out.log").toFile());
    process = pb.start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    while (!started()) {
      if (!process.isAlive() || System.nanoTime() > deadline) {
        String log = Files.readString(dir.resolve("out.log"));
        afterAll(context);
        throw new IllegalStateException(
            "RabbitMQ did not start on port " + port + "; its output:\n" + tail(log));
      }
      Thread.sleep(250);
    }
  }

  private boolean started() throws IOException {
    Path log = dir.resolve("out.log");
    if (!Files.exists(log) || !Files.readString(log).contains("Server startup complete")) {
      return false;
    }
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** The AMQP 1.0 URI of the node (the plugin shares the AMQP 0-9-1 port). */
  public String amqpUri() {
    return "amqp://127.0.0.1:" + port;
  }

  /** The node's user, allowed everything on vhost /. */
  public String user() {
    return user;
  }

  /** That user's password. */
  public String password() {
    return password;
  }

  /** Queue names with their message counts, as rabbitmqctl lists them. */
  public List<String> queues() throws Exception {
    ProcessBuilder pb =
        new ProcessBuilder(
            SERVER.resolveSibling("rabbitmqctl").toString(),
            "-n",
            "loadlab-test-" + port + "@localhost",
            "-q",
            "list_queues",
            "name");
    pb.environment().put("HOME", dir.resolve("home").toString());
    pb.environment().put("ERL_EPMD_PORT", String.valueOf(epmdPort));
    pb.redirectErrorStream(true);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes());
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IllegalStateException("rabbitmqctl list_queues failed: " + out);
    }
    return out.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.equals("name")).toList();
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    if (process != null) {
      List<ProcessHandle> tree = process.descendants().toList();
      process.destroy(); // the start script stops the node cleanly on SIGTERM
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
      for (ProcessHandle h : tree) {
        h.destroyForcibly();
      }
      stopOwnEpmd();
      process = null;
    }
    TempTrees.delete(dir);
    dir = null;
  }

  /** The epmd the node started on its own port detaches; it is found by that port, ours alone. */
  private void stopOwnEpmd() {
    String mine = "ERL_EPMD_PORT=" + epmdPort;
    ProcessHandle.allProcesses()
        .filter(h -> h.info().command().map(c -> c.endsWith("/epmd")).orElse(false))
        .filter(
            h -> {
              try {
                byte[] env = Files.readAllBytes(Path.of("/proc/" + h.pid() + "/environ"));
                return List.of(new String(env).split("\0")).contains(mine);
              } catch (IOException e) {
                return false;
              }
            })
        .forEach(ProcessHandle::destroy);
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private static String tail(String log) {
    List<String> lines = log.lines().toList();
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
  }
}
