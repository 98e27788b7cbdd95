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
        jm.start().contains(" && exec numactl --cpunodebind=1 --membind=1 jmeter-server"),
        jm.start());
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

  @Test
  void aJmeterServerIsToldItsAddressAndRunsInAGroupAndDirectoryOfItsOwn() {
    RoleCommands jm =
        new RoleCommands(
            new Role("jmeter-server", "c", 12999, 13001, null, null, null, null, null),
            Launchers.ON_PATH,
            "10.231.70.12");
    assertEquals(
        "jmeter-server -Dserver_port=12999 -Jserver.rmi.localport=13001"
            + " -Jserver.rmi.ssl.disable=true -Djava.rmi.server.hostname=10.231.70.12",
        jm.program());
    assertEquals(
        "nohup setsid sh -c 'mkdir -p /tmp/loadlab-jmeter-server-12999.d && cd"
            + " /tmp/loadlab-jmeter-server-12999.d && exec jmeter-server -Dserver_port=12999"
            + " -Jserver.rmi.localport=13001 -Jserver.rmi.ssl.disable=true"
            + " -Djava.rmi.server.hostname=10.231.70.12' > /tmp/loadlab-jmeter-server-12999.log"
            + " 2>&1 < /dev/null & echo $! > /tmp/loadlab-jmeter-server-12999.pid",
        jm.start());
    assertEquals(
        "kill -- -\"$(cat /tmp/loadlab-jmeter-server-12999.pid)\" && { i=0; while kill -0 --"
            + " -\"$(cat /tmp/loadlab-jmeter-server-12999.pid)\" 2>/dev/null && [ $i -lt 600 ];"
            + " do sleep 0.1; i=$((i+1)); done; } && rm -rf"
            + " /tmp/loadlab-jmeter-server-12999.pid /tmp/loadlab-jmeter-server-12999.log"
            + " /tmp/loadlab-jmeter-server-12999.d",
        jm.stop());
    assertEquals("127.0.0.1", RoleCommands.rmiAddress(null, true));
    assertEquals("10.0.0.5", RoleCommands.rmiAddress("10.0.0.5", false));
  }

  @Test
  @org.junit.jupiter.api.Timeout(60)
  void stoppingAJmeterServerEndsTheChildItsScriptStartedAndLeavesNothing(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path home) throws Exception {
    // jmeter-server's scripts start JMeter's JVM as a child (no exec): a pretend one that does the
    // same, writing its log in the working directory as jmeter-server does.
    java.nio.file.Path script = home.resolve("jmeter-server");
    java.nio.file.Files.writeString(
        script, "#!/bin/sh\necho started > jmeter-server.log\nsleep 300\necho after\n");
    script.toFile().setExecutable(true);
    int port = 40000 + (int) ((ProcessHandle.current().pid() + 7) % 20000);
    RoleCommands c =
        new RoleCommands(
            new Role("jmeter-server", "c", port, null, null, null, null, null, null),
            new Launchers(null, script.toString()),
            "127.0.0.1");
    java.nio.file.Path dir = java.nio.file.Path.of(c.workDir());
    try (io.loadlab.provision.ssh.LocalShell sh = new io.loadlab.provision.ssh.LocalShell("c")) {
      assertEquals(0, sh.run(c.start()).exitStatus());
      java.nio.file.Path log = dir.resolve("jmeter-server.log");
      long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
      while (!java.nio.file.Files.exists(log) && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertTrue(java.nio.file.Files.exists(log), "JMeter's log goes to " + dir);
      long pid =
          Long.parseLong(java.nio.file.Files.readString(java.nio.file.Path.of(c.pidFile())).trim());
      java.util.List<ProcessHandle> children =
          ProcessHandle.of(pid).orElseThrow().descendants().toList();
      assertTrue(!children.isEmpty(), "the script's child (sleep) runs");
      assertEquals(0, sh.run(c.stop()).exitStatus());
      long endDeadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
      while (children.stream().anyMatch(ProcessHandle::isAlive)
          && System.nanoTime() < endDeadline) {
        Thread.sleep(20);
      }
      assertTrue(children.stream().noneMatch(ProcessHandle::isAlive), "the child was stopped too");
      assertTrue(!java.nio.file.Files.exists(dir), dir + " left behind");
      assertTrue(!java.nio.file.Files.exists(java.nio.file.Path.of(c.pidFile())), "pid file left");
      assertTrue(!java.nio.file.Files.exists(java.nio.file.Path.of(c.logFile())), "log left");
    } finally {
      java.nio.file.Files.deleteIfExists(script);
      java.nio.file.Files.deleteIfExists(home);
    }
  }
}
