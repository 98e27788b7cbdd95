package io.loadlab.provision.install;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.provision.action.Action;
import io.loadlab.provision.action.Plan;
import io.loadlab.provision.plan.ProvisionOptions;
import io.loadlab.provision.plan.Provisioner;
import io.loadlab.provision.plan.ShellFactory;
import io.loadlab.provision.ssh.EmbeddedSshServer;
import io.loadlab.provision.ssh.KnownHosts;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The testbed's {@code install} over real SSH (embedded MINA SSHD running a real shell in a pretend
 * home directory): a tarball shaped like loadlab's, whose launcher serves a port, is unpacked, its
 * role started from it, left alone on the next apply and removed by teardown.
 */
@Timeout(120)
class InstallPlannerTest {
  @TempDir Path dir;
  Path home;
  EmbeddedSshServer server;
  int rolePort;

  @BeforeEach
  void setUp() throws Exception {
    home = Files.createDirectories(dir.resolve("home"));
    server =
        new EmbeddedSshServer(
            dir, (command, stdin) -> EmbeddedSshServer.shell(command, stdin, home));
    KnownHosts.record(
        dir.resolve("known_hosts"), "127.0.0.1", server.port(), server.hostKey.getPublic());
    try (ServerSocket s = new ServerSocket(0)) {
      rolePort = s.getLocalPort();
    }
    makeTarball();
  }

  @AfterEach
  void tearDown() throws Exception {
    server.close();
  }

  /** loadlab-9.9/bin/loadlab: prints a version, or serves the port of `net serve --port P`. */
  private void makeTarball() throws Exception {
    Path top = Files.createDirectories(dir.resolve("pkg/loadlab-9.9"));
    writeListener(
        top,
        "loadlab",
        """
        #!/bin/sh
        if [ "$1" = --version ]; then echo "loadlab 9.9"; exit 0; fi
        exec java "$(dirname "$0")/../lib/Listen.java" "$4"
        """);
    tar(dir.resolve("dist.tar.gz"), dir.resolve("pkg"), "loadlab-9.9");
  }

  /** bin/NAME with the given script, and lib/Listen.java, which serves the port it is given. */
  private static void writeListener(Path top, String name, String script) throws Exception {
    Files.createDirectories(top.resolve("bin"));
    Files.createDirectories(top.resolve("lib"));
    Path launcher = top.resolve("bin").resolve(name);
    Files.writeString(launcher, script);
    Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.writeString(
        top.resolve("lib/Listen.java"),
        """
        public class Listen {
          public static void main(String[] args) throws Exception {
            var s = new java.net.ServerSocket(Integer.parseInt(args[0]), 50,
                java.net.InetAddress.getLoopbackAddress());
            while (true) s.accept().close();
          }
        }
        """);
  }

  private static void tar(Path tarball, Path from, String... entries) throws Exception {
    List<String> command =
        new java.util.ArrayList<>(List.of("tar", "czf", tarball.toString(), "-C", from.toString()));
    command.addAll(List.of(entries));
    Process tar = new ProcessBuilder(command).inheritIO().start();
    assertEquals(0, tar.waitFor());
  }

  private Path testbed(String installDir) throws Exception {
    Path file = dir.resolve("tb-" + installDir.replace('/', '-') + ".yaml");
    Files.writeString(
        file,
        """
        name: install-test
        hosts:
          server1:
            address: 127.0.0.1
            port: %d
            user: lab
            key-file: id_client
            known-hosts: known_hosts
        install: {loadlab: dist.tar.gz, dir: %s}
        roles:
          - {role: net-serve, on: server1, port: %d}
        """
            .formatted(server.port(), installDir, rolePort));
    return file;
  }

  private static ProvisionOptions options() {
    return ProvisionOptions.defaults().withHealthTimeout(Duration.ofSeconds(60));
  }

  @Test
  void installsStartsTheRoleFromItIsIdempotentAndTearsDown() throws Exception {
    Path file = testbed("opt/loadlab");
    try (Provisioner p = Provisioner.open(file, options(), ShellFactory.SSH)) {
      List<String> changes = p.plan().changes().stream().map(Action::toString).toList();
      assertEquals(
          List.of(
              "server1: install loadlab dist.tar.gz into opt/loadlab",
              "server1: start net-serve on port "
                  + rolePort
                  + ": opt/loadlab/bin/loadlab net serve --port "
                  + rolePort),
          changes);
      ByteArrayOutputStream log = new ByteArrayOutputStream();
      assertTrue(p.apply(new PrintStream(log, true, StandardCharsets.UTF_8)), log.toString());
      assertTrue(Files.isExecutable(home.resolve("opt/loadlab/bin/loadlab")));
      assertEquals(
          64, Files.readString(home.resolve("opt/loadlab/.loadlab-dist.sha256")).strip().length());
      try (Socket s = new Socket("127.0.0.1", rolePort)) {
        assertTrue(s.isConnected());
      }
      assertTrue(
          server.commands.stream()
              .anyMatch(c -> c.contains("exec opt/loadlab/bin/loadlab net serve")),
          server.commands.toString());

      Plan again = p.plan();
      assertTrue(again.isEmpty(), again.changes().toString());
      assertTrue(
          again.unchanged().contains("server1: loadlab dist.tar.gz installed in opt/loadlab"),
          again.unchanged().toString());

      assertTrue(p.teardown(new PrintStream(log, true, StandardCharsets.UTF_8)), log.toString());
      assertFalse(Files.exists(home.resolve("opt/loadlab")));
    }
  }

  @Test
  void neverReplacesADirectoryItDidNotMake() throws Exception {
    Path mine = Files.createDirectories(home.resolve("mine"));
    Files.writeString(mine.resolve("notes.txt"), "keep me");
    try (Provisioner p = Provisioner.open(testbed("mine"), options(), ShellFactory.SSH)) {
      ByteArrayOutputStream log = new ByteArrayOutputStream();
      assertFalse(p.apply(new PrintStream(log, true, StandardCharsets.UTF_8)));
      assertTrue(
          log.toString().contains("mine exists and loadlab did not install it"), log.toString());
      assertEquals("keep me", Files.readString(mine.resolve("notes.txt")));
    }
  }

  @Test
  void installsTheJMeterPluginIntoTheHomeTheJMeterServerRunsFrom() throws Exception {
    // A pretend JMeter home whose jmeter-server serves its -Dserver_port.
    Path jmeter = home.resolve("apache-jmeter");
    writeListener(
        jmeter,
        "jmeter-server",
        """
        #!/bin/sh
        exec java "$(dirname "$0")/../lib/Listen.java" "${1#-Dserver_port=}"
        """);
    Files.createDirectories(jmeter.resolve("lib/ext"));
    Files.writeString(jmeter.resolve("lib/ext/ApacheJMeter_core.jar"), "jmeter's own");
    Path plugin = Files.createDirectories(dir.resolve("plugin"));
    Files.createDirectories(plugin.resolve("lib/ext"));
    Files.writeString(plugin.resolve("lib/ext/loadlab-jmeter-plugin.jar"), "plugin");
    Files.writeString(plugin.resolve("lib/qpid-jms-client.jar"), "dependency");
    tar(dir.resolve("plugin-bin.tar.gz"), plugin, "lib");
    Path file = dir.resolve("jm.yaml");
    Files.writeString(
        file,
        """
        name: plugin-test
        hosts:
          client1:
            address: 127.0.0.1
            port: %d
            user: lab
            key-file: id_client
            known-hosts: known_hosts
        install: {jmeter-plugin: plugin-bin.tar.gz, jmeter-home: apache-jmeter}
        roles:
          - {role: jmeter-server, on: client1, port: %d, rmi-port: 50123}
        """
            .formatted(server.port(), rolePort));
    try (Provisioner p = Provisioner.open(file, options(), ShellFactory.SSH)) {
      assertEquals(
          List.of(
              "client1: install the loadlab JMeter plugin plugin-bin.tar.gz into apache-jmeter",
              "client1: start jmeter-server on port "
                  + rolePort
                  + " (RMI 50123): apache-jmeter/bin/jmeter-server -Dserver_port="
                  + rolePort
                  + " -Jserver.rmi.localport=50123 -Jserver.rmi.ssl.disable=true"
                  + " -Djava.rmi.server.hostname=127.0.0.1"),
          p.plan().changes().stream().map(Action::toString).toList());
      ByteArrayOutputStream log = new ByteArrayOutputStream();
      assertTrue(p.apply(new PrintStream(log, true, StandardCharsets.UTF_8)), log.toString());
      assertEquals("plugin", Files.readString(jmeter.resolve("lib/ext/loadlab-jmeter-plugin.jar")));
      assertEquals("dependency", Files.readString(jmeter.resolve("lib/qpid-jms-client.jar")));
      try (Socket s = new Socket("127.0.0.1", rolePort)) {
        assertTrue(s.isConnected());
      }
      assertTrue(p.plan().isEmpty());

      assertTrue(p.teardown(new PrintStream(log, true, StandardCharsets.UTF_8)), log.toString());
      assertFalse(Files.exists(jmeter.resolve("lib/ext/loadlab-jmeter-plugin.jar")));
      assertFalse(Files.exists(jmeter.resolve("lib/qpid-jms-client.jar")));
      assertEquals(
          "jmeter's own", Files.readString(jmeter.resolve("lib/ext/ApacheJMeter_core.jar")));
      assertTrue(Files.isExecutable(jmeter.resolve("bin/jmeter-server")));
    }
  }
}
