package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.cli.CliRun;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * JMeter plan steps with the real JMeter 5.6.3 that jmeter-maven-plugin assembled from Maven
 * Central: a swept plan run here, and the same plan run on a real {@code jmeter-server} on loopback
 * through JMeter's own {@code -R} (RMI over SSL off, free ports), each an ordinary run directory
 * that the campaign's statistics and report read.
 */
public class CampaignJmeterTest {
  @TempDir Path dir;

  public static final Path PLAN =
      Path.of(System.getProperty("user.dir")).resolveSibling("examples/jmeter-plan/plan.jmx");

  /** The JMeter home jmeter-maven-plugin assembled for this build. */
  public static Path jmeterHome() throws IOException {
    String config = System.getProperty("loadlab.jmeter.config");
    assertTrue(
        config != null && Files.isRegularFile(Path.of(config)),
        "JMeter is assembled by jmeter-maven-plugin during the dist build; run through Maven"
            + " (config: "
            + config
            + ")");
    JsonNode c = new ObjectMapper().readTree(Path.of(config).toFile());
    return Path.of(c.get("configurations").get(0).get("jmeterDirectoryPath").asText());
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /** A real jmeter-server on loopback, as the provisioner's jmeter-server role starts it. */
  private Process jmeterServer(Path home, int registry) throws Exception {
    Path jar;
    try (Stream<Path> files = Files.list(home.resolve("bin"))) {
      jar =
          files
              .filter(f -> f.getFileName().toString().matches("ApacheJMeter.*\\.jar"))
              .findFirst()
              .orElseThrow();
    }
    Path console = dir.resolve("jmeter-server.txt");
    Process p =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-jar",
                jar.toString(),
                "-s",
                "-Dserver_port=" + registry,
                "-Djava.rmi.server.hostname=127.0.0.1",
                "-Jserver.rmi.localport=" + freePort(),
                "-Jserver.rmi.ssl.disable=true",
                "-j",
                dir.resolve("jmeter-server.log").toString())
            .directory(home.resolve("bin").toFile())
            .redirectErrorStream(true)
            .redirectOutput(console.toFile())
            .start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    while (System.nanoTime() < deadline && p.isAlive()) {
      if (Files.readString(console).contains("Created remote object")) {
        return p;
      }
      Thread.sleep(200);
    }
    p.destroyForcibly();
    throw new AssertionError("jmeter-server did not start:\n" + Files.readString(console));
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void planStepsRunHereAndOnAJmeterServerIntoOrdinaryRunDirectories() throws Exception {
    Path home = jmeterHome();
    Files.copy(PLAN, dir.resolve("plan.jmx"));
    int registry = freePort();
    Process server = jmeterServer(home, registry);
    try {
      Path file = dir.resolve("campaign.yaml");
      Files.writeString(
          file,
          """
          name: jmeter-steps
          iterations: 1
          steps:
            - name: local
              run: jmeter run
              options: {plan: plan.jmx, jmeter: %s, property: {loops: 5, think: 1}}
              sweep: {property.threads: [1, 3]}
              figures: [count, rate, p99Us]
            - name: remote
              run: jmeter run
              options:
                plan: plan.jmx
                jmeter: %s
                remote: 127.0.0.1:%d
                rmi-hostname: 127.0.0.1
                property: {threads: 2, loops: 4, think: 1}
              figures: [count, rate]
          """
              .formatted(home, home, registry));
      CliRun plan = CliRun.of("campaign", "plan", file.toString());
      assertEquals(0, plan.code(), plan.out() + plan.err());
      assertTrue(plan.out().contains("--property threads=1"), plan.out());
      assertTrue(plan.out().contains("--remote 127.0.0.1:" + registry), plan.out());

      Path out = dir.resolve("out");
      CliRun run = CliRun.of("campaign", "run", file.toString(), "--output", out.toString());
      assertEquals(0, run.code(), run.out() + run.err());

      JsonNode m = new ObjectMapper().readTree(out.resolve("campaign.json").toFile());
      assertEquals("complete", m.get("status").asText());
      assertEquals(3, m.get("runs").size());
      long[] expected = {5, 15, 8}; // threads x loops
      for (int i = 0; i < 3; i++) {
        JsonNode r = m.get("runs").get(i);
        assertEquals("ok", r.get("status").asText(), r.toString());
        assertEquals(expected[i], r.get("figures").get("count").asLong(), r.toString());
        Path runDir = out.resolve(r.get("dir").asText());
        for (String f :
            List.of("result.json", "intervals.csv", "histograms.hlog", "summary.md", "run.jtl")) {
          assertTrue(Files.isRegularFile(runDir.resolve(f)), runDir.resolve(f) + " missing");
        }
        RunResult result = ResultJson.read(runDir.resolve("result.json"));
        assertEquals(RunStatus.OK, result.status());
        assertEquals("jmeter", result.workload());
        assertEquals(expected[i], result.totals().get("debug").count());
        assertEquals(
            i == 2 ? "127.0.0.1:" + registry : "none",
            result.configuration().get("remote"),
            "the run records where the load ran");
      }
      String report = Files.readString(out.resolve("report.md"));
      assertTrue(report.contains("| property.threads |"), report);
    } finally {
      server.destroy();
      if (!server.waitFor(10, TimeUnit.SECONDS)) {
        server.destroyForcibly();
      }
    }
  }

  static Stream<Arguments> malformed() {
    return Stream.of(
        Arguments.of(
            "plan file missing",
            "steps:\n  - {run: jmeter run, options: {plan: none.jmx, jmeter: %s}}\n",
            "steps[0].options: loadlab jmeter run refuses it in configuration here: --plan:"
                + " '"),
        Arguments.of(
            "JMeter not there",
            "steps:\n  - {run: jmeter run, options: {plan: plan.jmx, jmeter: /nowhere/jmeter}}\n",
            "--jmeter: '/nowhere/jmeter' is neither a JMeter home"),
        Arguments.of(
            "a machine that runs no jmeter-server",
            "configurations: [{name: t, testbed: testbed.yaml}]\n"
                + "steps:\n  - {run: jmeter run, options: {plan: plan.jmx, jmeter: %s,"
                + " remote: [loadgen1, loadgen2]}}\n",
            "steps[0].options.remote: 'loadgen2' runs no jmeter-server in testbed.yaml; add"
                + " {role: jmeter-server, on: loadgen2} to its roles"),
        Arguments.of(
            "on instead of remote",
            "configurations: [{name: t, testbed: testbed.yaml}]\n"
                + "steps:\n  - {run: jmeter run, on: [loadgen1], options: {plan: plan.jmx,"
                + " jmeter: %s}}\n",
            "steps[0].on: a JMeter plan step runs here"),
        Arguments.of(
            "a property that is not NAME=VALUE",
            "steps:\n  - {run: jmeter run, options: {plan: plan.jmx, jmeter: %s,"
                + " property: {9threads: 1}}}\n",
            "--property: '9threads=1' is not NAME=VALUE"),
        Arguments.of(
            "a timing option",
            "steps:\n  - {run: jmeter run, options: {plan: plan.jmx, jmeter: %s, duration: 60s}}\n",
            "--duration: a JMeter plan sets its own timing"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformed")
  @Timeout(60)
  void refusedBeforeAnythingRuns(String what, String steps, String expected) throws Exception {
    Files.copy(PLAN, dir.resolve("plan.jmx"));
    Files.writeString(
        dir.resolve("testbed.yaml"),
        """
        name: web
        hosts:
          loadgen1: {address: 10.0.0.21, user: lab, key-file: id, known-hosts: kh}
          loadgen2: {address: 10.0.0.22, user: lab, key-file: id, known-hosts: kh}
        roles:
          - {role: jmeter-server, on: loadgen1}
        """);
    // The testbed's key and host keys are there: each bad file has one problem.
    Files.writeString(dir.resolve("id"), "a key file\n");
    java.security.KeyPairGenerator g = java.security.KeyPairGenerator.getInstance("EC");
    g.initialize(256);
    for (String host : new String[] {"10.0.0.21", "10.0.0.22"}) {
      io.loadlab.provision.ssh.KnownHosts.record(
          dir.resolve("kh"), host, 22, g.generateKeyPair().getPublic());
    }
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(file, "name: bad\n" + steps.formatted(jmeterHome()));
    CliRun r = CliRun.of("campaign", "plan", file.toString(), "--offline");
    String err =
        String.join("\n", r.err().lines().filter(l -> !l.startsWith("--offline: ")).toList());
    assertEquals(2, r.code(), what + ": " + r.out() + r.err());
    assertTrue(err.contains(expected), what + ": expected '" + expected + "' in: " + err);
    assertEquals(1, err.strip().split("\n").length, "one line: " + err);
    assertTrue(err.startsWith("loadlab: " + file), "names the file: " + err);
    assertFalse(err.contains("\tat "), err);
  }
}
