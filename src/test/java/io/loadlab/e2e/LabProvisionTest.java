package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.loadlab.cli.Main;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import io.loadlab.provision.lab.LabFile;
import io.loadlab.provision.lab.LabNetwork;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A lab of three namespaces (client1, client2, server1 with OpenSSH's sshd) brought up with {@code
 * loadlab lab up}; {@code loadlab provision apply}, run from client1, tunes server1 and starts
 * {@code net serve} there over SSH (MINA client, OpenSSH server, strict known_hosts); then {@code
 * net rr} runs once across the bridge (from client2) and once across the direct veth pair (from
 * client1), and each result is kept with the lab state of the link it crossed. Root only.
 */
@Timeout(180)
class LabProvisionTest {
  private static final String NAME = "e" + (ProcessHandle.current().pid() % 100_000);
  private static Path dir;
  private static Path labFile;
  private static LabNetwork net;

  @BeforeAll
  static void labUp() throws Exception {
    NamespaceLabs.assumeNamespacesWithSshd();
    dir = Files.createTempDirectory("loadlab-lab");
    labFile = dir.resolve("lab.yaml");
    Files.writeString(
        labFile,
        """
        name: %s
        hosts:
          client1: {}
          client2: {}
          server1: {sshd: true}
        links:
          - {name: lan, kind: bridge, hosts: [client1, client2, server1], subnet: 10.213.1.0/24}
          - {name: direct, kind: veth, hosts: [client1, server1], subnet: 10.213.2.0/24, mtu: 9000}
        """
            .formatted(NAME));
    assertEquals(0, cli("lab", "up", labFile.toString()));
    net = new LabNetwork(LabFile.read(labFile), dir.resolve("lab.yaml.d"));
  }

  @AfterAll
  static void labDown() {
    if (net != null) {
      assertEquals(0, cli("lab", "down", labFile.toString()));
    }
    if (dir != null) {
      try (var files = Files.walk(dir)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      } catch (java.io.IOException ignored) {
        // a temp dir left behind is harmless
      }
    }
  }

  private static int cli(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int code =
        Main.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(out, true, StandardCharsets.UTF_8));
    System.out.println(out.toString(StandardCharsets.UTF_8));
    return code;
  }

  private static int inNamespace(String host, Path log, String... args) throws Exception {
    Process p = ChildJvm.start(List.of("ip", "netns", "exec", net.namespace(host)), log, args);
    assertTrue(p.waitFor(90, TimeUnit.SECONDS), "finished: " + String.join(" ", args));
    return p.exitValue();
  }

  @Test
  void provisionOverSshThenRrAcrossTheBridgeAndTheDirectLink() throws Exception {
    Path state = dir.resolve("lab.yaml.d");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String serve =
        java
            + " -Xmx128m -cp "
            + System.getProperty("java.class.path")
            + " io.loadlab.cli.Main net serve --port 12865";
    Path testbed = dir.resolve("testbed.yaml");
    Files.writeString(
        testbed,
        """
        name: lab-bare-metal
        hosts:
          server1:
            address: 10.213.1.3
            user: root
            key-file: %s
            known-hosts: %s
            tuning:
              sysctl: {net.ipv4.tcp_fin_timeout: "15"}
        roles:
          - {role: net-serve, on: server1, command: "%s"}
        """
            .formatted(state.resolve("id_ed25519"), state.resolve("known_hosts"), serve));

    Path applyLog = dir.resolve("apply.log");
    assertEquals(
        0,
        inNamespace("client1", applyLog, "provision", "apply", testbed.toString()),
        ChildJvm.text(applyLog));
    String applied = ChildJvm.text(applyLog);
    assertTrue(applied.contains("ok      server1: sysctl net.ipv4.tcp_fin_timeout = 15"), applied);
    assertTrue(applied.contains("ok      server1: start net-serve on port 12865"), applied);

    Map<String, String> crossing = new LinkedHashMap<>();
    crossing.put("10.213.1.3", "client2"); // across the bridge
    crossing.put("10.213.2.2", "client1"); // across the direct veth pair
    for (Map.Entry<String, String> c : crossing.entrySet()) {
      Path out = dir.resolve("rr-" + c.getKey());
      Path log = dir.resolve("rr-" + c.getKey() + ".log");
      int code =
          inNamespace(
              c.getValue(),
              log,
              "net",
              "rr",
              "--host",
              c.getKey(),
              "--port",
              "12865",
              "--request",
              "200",
              "--response",
              "1000",
              "--duration",
              "1s",
              "--warmup",
              "0s",
              "--output",
              out.toString(),
              "--quiet");
      assertEquals(0, code, ChildJvm.text(log));
      RunResult r = ResultJson.read(out.resolve("result.json"));
      assertEquals(RunStatus.OK, r.status());
      for (OperationStats s : r.totals().values()) {
        assertTrue(s.count() > 0 && s.errors() == 0, s.toString());
      }
      // The lab state of the link the run crossed, kept with the result (what --testbed would
      // embed).
      Map<String, Object> labState = net.describeAddress(c.getKey());
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .writeValue(out.resolve("testbed.json").toFile(), labState);
      @SuppressWarnings("unchecked")
      Map<String, Object> link = (Map<String, Object>) labState.get("link");
      assertEquals(c.getKey().startsWith("10.213.1.") ? "bridge" : "veth", link.get("kind"));
      assertEquals("server1", labState.get("server"));
    }

    Path secondApply = dir.resolve("apply2.log");
    assertEquals(0, inNamespace("client1", secondApply, "provision", "apply", testbed.toString()));
    assertTrue(ChildJvm.text(secondApply).contains("No changes"), ChildJvm.text(secondApply));

    Path down = dir.resolve("teardown.log");
    assertEquals(
        0,
        inNamespace("client1", down, "provision", "teardown", testbed.toString()),
        ChildJvm.text(down));
    String tornDown = ChildJvm.text(down);
    assertTrue(tornDown.contains("ok      server1: stop net-serve on port 12865"), tornDown);
    assertTrue(
        tornDown.contains("ok      server1: restore sysctl net.ipv4.tcp_fin_timeout = 60"),
        tornDown);
  }
}
