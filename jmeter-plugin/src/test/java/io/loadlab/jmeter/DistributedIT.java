package io.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.net.NetServer;
import io.loadlab.core.net.NetSocketOptions;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * JMeter's distributed mode with the plugin: two {@code jmeter-server} processes on separate RMI
 * ports (loopback only, RMI over SSL off) run the network RR plan driven by one controller, and the
 * samples of both reach the controller's JTL and loadlab's results.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class DistributedIT {
  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /**
   * A port whose next {@code count - 1} ports are free too: JMeter's controller binds
   * client.rmi.localport and the ports after it (one per remote engine), so a free first port alone
   * can collide with a port just above it ("Port already in use").
   */
  private static int freePorts(int count) throws IOException {
    for (int attempt = 0; ; attempt++) {
      List<ServerSocket> held = new ArrayList<>();
      try {
        ServerSocket first = new ServerSocket(0);
        held.add(first);
        int base = first.getLocalPort();
        for (int i = 1; i < count; i++) {
          held.add(new ServerSocket(base + i));
        }
        return base;
      } catch (IOException taken) {
        if (attempt == 50) {
          throw taken;
        }
      } finally {
        for (ServerSocket s : held) {
          s.close();
        }
      }
    }
  }

  private static Process server(RealJMeter jmeter, Path dir, String name, int registry, int local)
      throws IOException {
    return jmeter.start(
        List.of(),
        List.of(
            "-s",
            "-Dserver_port=" + registry,
            "-Djava.rmi.server.hostname=127.0.0.1",
            "-Jserver.rmi.localport=" + local,
            "-Jserver.rmi.ssl.disable=true",
            "-Jlabel_suffix=" + name,
            "-j",
            dir.resolve(name + ".log").toString()),
        dir.resolve(name + "-console.txt"));
  }

  private static void awaitReady(Path console, Process p) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    while (System.nanoTime() < deadline) {
      if (Files.exists(console) && Files.readString(console).contains("Created remote object")) {
        return;
      }
      if (!p.isAlive()) {
        break;
      }
      Thread.sleep(200);
    }
    throw new AssertionError("jmeter-server did not start:\n" + Files.readString(console));
  }

  @Test
  void twoServersSendTheirSamplesToOneController() throws Exception {
    RealJMeter jmeter = RealJMeter.installed();
    Path dir =
        Files.createDirectories(Path.of("target", "example-runs", "distributed").toAbsolutePath());
    Path jtl = dir.resolve("results.jtl");
    Files.deleteIfExists(jtl);
    int r1 = freePort();
    int r2 = freePort();
    List<Process> servers = new ArrayList<>();
    try (NetServer net = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS)) {
      servers.add(server(jmeter, dir, "s1", r1, freePort()));
      servers.add(server(jmeter, dir, "s2", r2, freePort()));
      awaitReady(dir.resolve("s1-console.txt"), servers.get(0));
      awaitReady(dir.resolve("s2-console.txt"), servers.get(1));

      Path console = dir.resolve("controller-console.txt");
      int exit =
          jmeter.run(
              List.of(
                  "-n",
                  "-t",
                  Path.of(System.getProperty("loadlab.plans"), "net-rr.jmx").toString(),
                  "-R",
                  "127.0.0.1:" + r1 + ",127.0.0.1:" + r2,
                  "-Djava.rmi.server.hostname=127.0.0.1",
                  "-Jserver.rmi.ssl.disable=true",
                  "-Jclient.rmi.localport=" + freePorts(3),
                  "-Gduration=" + System.getProperty("loadlab.it.duration", "3"),
                  "-Gnet.port=" + net.port(),
                  "-Gthreads=2",
                  "-Jloadlab.results=" + dir.resolve("loadlab"),
                  "-l",
                  jtl.toString(),
                  "-j",
                  dir.resolve("controller.log").toString(),
                  "-X"),
              console,
              Duration.ofSeconds(120));
      assertEquals(0, exit, Files.readString(console));
    } finally {
      for (Process p : servers) {
        p.destroy();
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
          p.destroyForcibly();
        }
      }
    }

    Jtl results = Jtl.read(jtl);
    int fromS1 = results.label("rr s1").size();
    int fromS2 = results.label("rr s2").size();
    assertTrue(fromS1 > 0 && fromS2 > 0, "samples from s1: " + fromS1 + ", from s2: " + fromS2);
    assertTrue(results.failures().isEmpty(), "failed samples: " + results.failures());
    assertEquals(fromS1 + fromS2, results.rows().size());

    RunResult loadlab = ResultJson.read(dir.resolve("loadlab/net-rr/result.json"));
    assertEquals(RunStatus.OK, loadlab.status(), loadlab.statusReason());
    assertEquals(fromS1, loadlab.totals().get("rr s1").count());
    assertEquals(fromS2, loadlab.totals().get("rr s2").count());
  }
}
