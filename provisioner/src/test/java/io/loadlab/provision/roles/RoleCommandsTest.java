package io.loadlab.provision.roles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.provision.testbed.Role;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class RoleCommandsTest {
  @Test
  void defaultsPerRole() {
    assertEquals(
        "loadlab broker --port 5672",
        new RoleCommands(new Role("broker", "b", null, null, null, null)).program());
    assertEquals(
        12865, new RoleCommands(new Role("net-serve", "b", null, null, null, null)).port());
    RoleCommands jm = new RoleCommands(new Role("jmeter-server", "c", 1099, 50001, 1, null));
    assertEquals(
        "jmeter-server -Dserver_port=1099 -Jserver.rmi.localport=50001 -Jserver.rmi.ssl.disable=true",
        jm.program());
    assertTrue(
        jm.start().contains("'exec numactl --cpunodebind=1 --membind=1 jmeter-server"), jm.start());
    RoleCommands db = new RoleCommands(new Role("database", "d", null, null, null, null));
    assertTrue(db.isService());
    assertEquals("pg_isready -q -h 127.0.0.1 -p 5432", db.health());
  }

  @Test
  void installedLaunchersReplaceThePath() {
    Launchers installed =
        new Launchers("loadlab/bin/loadlab", "/opt/jmeter home/bin/jmeter-server");
    assertEquals(
        "loadlab/bin/loadlab net serve --port 12865",
        new RoleCommands(new Role("net-serve", "b", null, null, null, null), installed).program());
    assertEquals(
        "'/opt/jmeter home/bin/jmeter-server' -Dserver_port=1099 -Jserver.rmi.localport=50000"
            + " -Jserver.rmi.ssl.disable=true",
        new RoleCommands(new Role("jmeter-server", "c", null, null, null, null), installed)
            .program());
    assertTrue(RoleCommands.runsLoadlab(new Role("broker", "b", null, null, null, null)));
    assertTrue(!RoleCommands.runsLoadlab(new Role("broker", "b", null, null, null, "my-broker")));
    assertTrue(
        RoleCommands.runsJmeterServer(new Role("jmeter-server", "c", null, null, null, null)));
  }

  @Test
  void customCommandsAreQuotedIntoTheBackgroundWrapper() {
    RoleCommands c =
        new RoleCommands(new Role("broker", "b", 5673, null, null, "my-broker --name 'x y'"));
    assertEquals(
        "nohup sh -c 'exec my-broker --name '\\\"'\\\"'x y'\\\"'\\\"'' > /tmp/loadlab-broker-5673.log 2>&1 < /dev/null & echo $! > /tmp/loadlab-broker-5673.pid"
            .replace("\\\"", "\""),
        c.start());
  }
}
