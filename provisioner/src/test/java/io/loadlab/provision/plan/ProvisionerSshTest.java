package io.loadlab.provision.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.provision.action.Action;
import io.loadlab.provision.action.Plan;
import io.loadlab.provision.ssh.EmbeddedSshServer;
import io.loadlab.provision.ssh.KnownHosts;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Host tuning and roles applied over real SSH (embedded MINA SSHD) to a pretend host. */
@Timeout(60)
class ProvisionerSshTest {
  @TempDir Path dir;
  FakeHost host;
  EmbeddedSshServer server;
  Path file;

  @BeforeEach
  void setUp() throws Exception {
    host = new FakeHost();
    server = new EmbeddedSshServer(dir, c -> host.answer(c));
    KnownHosts.record(
        dir.resolve("known_hosts"), "127.0.0.1", server.port(), server.hostKey.getPublic());
    file = dir.resolve("bare.yaml");
    Files.writeString(
        file,
        """
        name: bare-metal
        hosts:
          server1:
            address: 127.0.0.1
            port: %d
            user: lab
            key-file: id_client
            known-hosts: known_hosts
            tuning:
              sysctl: {kernel.msgmni: "16384", fs.file-max: "65536"}
              hugepages: {size: 2M, count: 512}
              stop-services: [irqbalance]
              irq-affinity: [{device: eth2, cpus: 0-1}]
              ethtool-rings: [{device: eth2, rx: 4096, tx: 4096}]
              kernel-cmdline: [elevator=deadline, quiet]
        roles:
          - {role: net-serve, on: server1, numa-node: 0, nice: -5, cpus: "0-1"}
          - {role: jmeter-server, on: server1, port: 1099, rmi-port: 50001}
        """
            .formatted(server.port()));
  }

  @AfterEach
  void tearDown() throws Exception {
    server.close();
  }

  private ProvisionOptions options() {
    return ProvisionOptions.defaults().withHealthTimeout(Duration.ofSeconds(2));
  }

  @Test
  void tuningAndRolesApplyOnceAndTeardownRestores() throws Exception {
    try (Provisioner p = Provisioner.open(file, options(), ShellFactory.SSH)) {
      Plan plan = p.plan();
      List<String> d = plan.changes().stream().map(Action::toString).toList();
      assertEquals(
          List.of(
              "server1: sysctl kernel.msgmni = 16384 (was 32000)",
              "server1: reserve 512 hugepages of 2048 KiB (was 0)",
              "server1: stop service irqbalance",
              "server1: pin 2 IRQ(s) of eth2 to CPUs 0-1",
              "server1: ethtool -G eth2 rx 4096 tx 4096 (was rx 512 tx 512)",
              "server1: start net-serve on port 12865 (nice -5, NUMA node 0, CPUs 0-1): nice -n -5"
                  + " numactl --cpunodebind=0 --membind=0 --physcpubind=0-1 loadlab net serve"
                  + " --port 12865",
              "server1: start jmeter-server on port 1099 (RMI 50001): jmeter-server"
                  + " -Dserver_port=1099 -Jserver.rmi.localport=50001"
                  + " -Jserver.rmi.ssl.disable=true -Djava.rmi.server.hostname=127.0.0.1"),
          d);
      assertTrue(
          plan.unchanged().contains("server1: sysctl fs.file-max = 65536"),
          plan.unchanged().toString());
      assertTrue(plan.unchanged().contains("server1: kernel command line: quiet present"));
      assertEquals(1, plan.manual().size());
      assertTrue(
          plan.manual()
              .get(0)
              .startsWith(
                  "server1: needs reboot: add elevator=deadline to the kernel command line"),
          plan.manual().toString());

      ByteArrayOutputStream out = new ByteArrayOutputStream();
      assertTrue(
          p.apply(new PrintStream(out, true, StandardCharsets.UTF_8)),
          out.toString(StandardCharsets.UTF_8));
      assertEquals("16384", host.sysctl.get("kernel.msgmni"));
      assertEquals("512", host.hugepages);
      assertFalse(host.activeServices.contains("irqbalance"));
      assertEquals("0-1", host.irqAffinity.get("45"));
      assertEquals(4096, host.rx);
      assertEquals(Set.of("12865", "1099"), host.running);
      assertTrue(
          server.commands.contains(
              "nohup sh -c 'exec nice -n -5 numactl --cpunodebind=0 --membind=0"
                  + " --physcpubind=0-1 loadlab net serve --port 12865'"
                  + " > /tmp/loadlab-net-serve-12865.log 2>&1 < /dev/null & echo $! >"
                  + " /tmp/loadlab-net-serve-12865.pid"),
          server.commands.toString());
      assertTrue(
          server.commands.stream()
              .anyMatch(
                  c ->
                      c.contains("jmeter-server -Dserver_port=1099 -Jserver.rmi.localport=50001")));
      assertTrue(
          out.toString(StandardCharsets.UTF_8)
              .contains("! server1: needs reboot: add elevator=deadline"));

      assertTrue(p.plan().isEmpty(), p.plan().render());

      assertTrue(p.teardown(null));
      assertEquals("32000", host.sysctl.get("kernel.msgmni"));
      assertEquals("0", host.hugepages);
      assertTrue(host.activeServices.contains("irqbalance"));
      assertEquals("0-15", host.irqAffinity.get("46"));
      assertEquals(512, host.rx);
      assertEquals(512, host.tx);
      assertTrue(host.running.isEmpty());
      String log = Files.readString(p.actionLogFile());
      assertEquals(7, log.lines().filter(l -> l.contains(" apply ok ")).count(), log);
      assertEquals(7, log.lines().filter(l -> l.contains(" teardown ok ")).count(), log);
    }
  }

  @Test
  void aRoleInAGuestStartsOnceTheGuestIsUp() throws Exception {
    io.loadlab.provision.libvirt.TestDriver.assumeLibvirt();
    Path guestBed = dir.resolve("guest.yaml");
    Files.writeString(dir.resolve("id_host"), "placeholder\n");
    KnownHosts.record(dir.resolve("known_hosts"), "10.0.0.1", 22, server.hostKey.getPublic());
    Files.writeString(
        guestBed,
        """
        name: guest-roles
        hosts:
          kvm1: {address: 10.0.0.1, user: root, key-file: id_host, known-hosts: known_hosts,
                 libvirt: "%s"}
        guests:
          g1: {host: kvm1, base-volume: base.qcow2, vcpus: 1, memory: 512M,
               address: 127.0.0.1, port: %d, user: lab, key-file: id_client}
        roles:
          - {role: broker, on: g1}
        """
            .formatted(io.loadlab.provision.libvirt.TestDriver.uri(), server.port()));
    try (Provisioner p = Provisioner.open(guestBed, options(), ShellFactory.SSH)) {
      List<String> d = p.plan().changes().stream().map(Action::toString).toList();
      assertEquals("g1: start broker once the guest answers over SSH", d.get(d.size() - 1));
      assertTrue(server.commands.isEmpty(), "nothing runs in the guest before apply");
      assertTrue(p.apply(null));
      assertEquals(Set.of("5672"), host.running);
      assertTrue(
          server.commands.contains(
              "nohup sh -c 'exec loadlab broker --port 5672' > /tmp/loadlab-broker-5672.log 2>&1 < /dev/null & echo $! > /tmp/loadlab-broker-5672.pid"),
          server.commands.toString());
      assertTrue(p.plan().isEmpty(), p.plan().render());
      assertTrue(p.teardown(null));
      assertTrue(host.running.isEmpty());
    }
  }

  @Test
  void aRoleThatNeverAnswersFailsAndLaterActionsAreSkipped() throws Exception {
    host.deaf.add("12865");
    try (Provisioner p = Provisioner.open(file, options(), ShellFactory.SSH)) {
      assertFalse(p.apply(null));
      String log = Files.readString(p.actionLogFile());
      assertTrue(
          log.contains(
              "apply failed server1: start net-serve on port 12865 (nice -5, NUMA node 0, CPUs"
                  + " 0-1): nice -n -5 numactl --cpunodebind=0 --membind=0 --physcpubind=0-1"
                  + " loadlab net serve --port 12865 (no answer on port 12865 after 2s)"),
          log);
      assertTrue(log.contains("apply skipped server1: start jmeter-server"), log);
      assertFalse(host.running.contains("12865"), "the deaf process was stopped");
      // What did succeed is recorded and torn down.
      assertTrue(p.teardown(null));
      assertEquals("32000", host.sysctl.get("kernel.msgmni"));
    }
  }

  @Test
  void aRoleUnderNumactlNeedsItOnTheMachine() throws Exception {
    host.numactl = false;
    try (Provisioner p = Provisioner.open(file, options(), ShellFactory.SSH)) {
      io.loadlab.core.failure.UsageException e =
          org.junit.jupiter.api.Assertions.assertThrows(
              io.loadlab.core.failure.UsageException.class, p::plan);
      assertEquals(
          "server1: numactl is not installed but net-serve runs under it (nice -5, NUMA node 0,"
              + " CPUs 0-1); install it there (package numactl)",
          e.getMessage());
      assertTrue(host.running.isEmpty(), "nothing started");
    }
  }
}
