package io.loadlab.provision.roles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.provision.testbed.Role;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class RoleCommandsTest {
  @Test
  void defaultsPerRole() {
    assertEquals(
        "loadlab broker --port 5672",
        new RoleCommands(new Role("broker", "b", null, null, null, null, null, null, null))
            .program());
    assertEquals(
        12865,
        new RoleCommands(new Role("net-serve", "b", null, null, null, null, null, null, null))
            .port());
    RoleCommands jm =
        new RoleCommands(new Role("jmeter-server", "c", 1099, 50001, 1, null, null, null, null));
    assertEquals(
        "jmeter-server -Dserver_port=1099 -Jserver.rmi.localport=50001 -Jserver.rmi.ssl.disable=true",
        jm.program());
    assertTrue(
        jm.start().contains("'exec numactl --cpunodebind=1 --membind=1 jmeter-server"), jm.start());
    RoleCommands db =
        new RoleCommands(new Role("database", "d", null, null, null, null, null, null, null));
    assertTrue(db.isService());
    assertEquals("pg_isready -q -h 127.0.0.1 -p 5432", db.health());
  }

  @Test
  void installedLaunchersReplaceThePath() {
    Launchers installed =
        new Launchers("loadlab/bin/loadlab", "/opt/jmeter home/bin/jmeter-server");
    assertEquals(
        "loadlab/bin/loadlab net serve --port 12865",
        new RoleCommands(
                new Role("net-serve", "b", null, null, null, null, null, null, null), installed)
            .program());
    assertEquals(
        "'/opt/jmeter home/bin/jmeter-server' -Dserver_port=1099 -Jserver.rmi.localport=50000"
            + " -Jserver.rmi.ssl.disable=true",
        new RoleCommands(
                new Role("jmeter-server", "c", null, null, null, null, null, null, null), installed)
            .program());
    assertTrue(
        RoleCommands.runsLoadlab(
            new Role("broker", "b", null, null, null, null, null, null, null)));
    assertTrue(
        !RoleCommands.runsLoadlab(
            new Role("broker", "b", null, null, null, "my-broker", null, null, null)));
    assertTrue(
        RoleCommands.runsJmeterServer(
            new Role("jmeter-server", "c", null, null, null, null, null, null, null)));
  }

  @Test
  void customCommandsAreQuotedIntoTheBackgroundWrapper() {
    RoleCommands c =
        new RoleCommands(
            new Role("broker", "b", 5673, null, null, "my-broker --name 'x y'", null, null, null));
    assertEquals(
        "nohup sh -c 'exec my-broker --name '\\\"'\\\"'x y'\\\"'\\\"'' > /tmp/loadlab-broker-5673.log 2>&1 < /dev/null & echo $! > /tmp/loadlab-broker-5673.pid"
            .replace("\\\"", "\""),
        c.start());
  }

  @Test
  void placementWrapsTheProgramAndOptionsFollowIt() {
    Map<String, Object> options = new LinkedHashMap<>();
    options.put("threads", 8);
    options.put("persistent", true);
    options.put("data-dir", "/var/lib/broker one");
    RoleCommands c =
        new RoleCommands(new Role("broker", "b", null, null, 1, null, -20, "0-5", options));
    assertEquals(
        "loadlab broker --port 5672 --threads 8 --persistent --data-dir '/var/lib/broker one'",
        c.program());
    assertEquals(
        "nice -n -20 numactl --cpunodebind=1 --membind=1 --physcpubind=0-5 " + c.program(),
        c.commandLine());
    assertTrue(c.start().startsWith("nohup sh -c 'exec nice -n -20 numactl"), c.start());
    assertTrue(c.needsNumactl());
    assertEquals("broker on port 5672 (nice -20, NUMA node 1, CPUs 0-5)", c.describe());

    RoleCommands niceOnly =
        new RoleCommands(new Role("net-serve", "b", null, null, null, null, 5, null, null));
    assertEquals("nice -n 5 loadlab net serve --port 12865", niceOnly.commandLine());
    assertTrue(!niceOnly.needsNumactl());
  }

  @Test
  @org.junit.jupiter.api.Timeout(60)
  void stoppingARoleLeavesNoFilesInTmp() throws Exception {
    // A real process on this machine, as a local host's role runs: its pid and log files in /tmp
    // go when it is stopped, and when it ended by itself and is forgotten.
    int port = 40000 + (int) (ProcessHandle.current().pid() % 20000);
    RoleCommands c =
        new RoleCommands(
            new Role("net-serve", "b", port, null, null, "sleep 60", null, null, null));
    java.nio.file.Path pid = java.nio.file.Path.of(c.pidFile());
    java.nio.file.Path log = java.nio.file.Path.of(c.logFile());
    try (io.loadlab.provision.ssh.LocalShell sh = new io.loadlab.provision.ssh.LocalShell("b")) {
      assertEquals(0, sh.run(c.start()).exitStatus());
      // The background shell opens its log after start() has returned; on a busy machine that
      // can take a while, so wait for it rather than race it.
      long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
      while (!java.nio.file.Files.exists(log) && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertTrue(java.nio.file.Files.exists(log), "its output goes to " + log);
      assertEquals(0, sh.run(c.stop()).exitStatus());
      assertTrue(!java.nio.file.Files.exists(pid), pid + " left behind");
      assertTrue(!java.nio.file.Files.exists(log), log + " left behind");

      RoleCommands ends =
          new RoleCommands(new Role("net-serve", "b", port, null, null, "true", null, null, null));
      assertEquals(0, sh.run(ends.start()).exitStatus());
      // forget() is for a role whose process has ended: wait for that, as the caller does.
      long pidOfEnds = Long.parseLong(java.nio.file.Files.readString(pid).trim());
      long endDeadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
      while (ProcessHandle.of(pidOfEnds).map(ProcessHandle::isAlive).orElse(false)
          && System.nanoTime() < endDeadline) {
        Thread.sleep(20);
      }
      assertEquals(0, sh.run(ends.forget()).exitStatus());
      assertTrue(!java.nio.file.Files.exists(log), log + " left behind");
    }
  }
}
