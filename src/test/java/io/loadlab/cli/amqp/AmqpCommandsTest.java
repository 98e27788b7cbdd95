package io.loadlab.cli.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 90, unit = TimeUnit.SECONDS)
class AmqpCommandsTest {
  @TempDir Path dir;

  static CliRun run(String... args) {
    return CliRun.of(args);
  }

  private String[] withOutput(String... args) {
    List<String> all = new ArrayList<>(Arrays.asList(args));
    all.add("--output");
    all.add(dir.resolve("out").toString());
    return all.toArray(String[]::new);
  }

  @Test
  void badOptionsExitWithTwoAndOneLineNamingTheOption() {
    String[][] cases = {
      {"amqp", "throughput", "--size", "-1"},
      {"amqp", "throughput", "--mode", "sideways"},
      {"amqp", "throughput", "--npubs", "0"},
      {"amqp", "throughput", "--presettled", "--tx", "10"},
      {"amqp", "throughput", "--sub-ack", "5", "--sub-tx", "5"},
      {"amqp", "latency", "--rate", "fast"},
      {"amqp", "latency", "--tests", "0"},
      {"amqp", "latency", "--broker", "http://localhost:5672"},
      {"amqp", "latency", "--password-file", "/nonexistent/pw"},
      {"broker", "--port", "70000"},
      {"amqp", "throughput", "--wait-strategy", "fast"},
      {"amqp", "latency", "--tcp-nodelay", "maybe"},
      {"amqp", "latency", "--max-frame-size", "100"},
    };
    String[] options = {
      "--size",
      "--mode",
      "--npubs",
      "--presettled",
      "--sub-ack",
      "--rate",
      "--tests",
      "--broker",
      "--password-file",
      "--port",
      "--wait-strategy",
      "--tcp-nodelay",
      "--max-frame-size"
    };
    for (int i = 0; i < cases.length; i++) {
      CliRun r = run(cases[i]);
      assertEquals(2, r.code(), String.join(" ", cases[i]) + ": " + r.err());
      assertTrue(r.err().contains(options[i]), r.err());
      assertEquals(1, r.err().strip().lines().count(), r.err());
      assertFalse(r.err().contains("Exception"), r.err());
    }
  }

  @Test
  void unreachableBrokerExitsWithThreeAndOneLine() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    for (String command : new String[] {"throughput", "latency"}) {
      CliRun r = run(withOutput("amqp", command, "--broker", "amqp://127.0.0.1:" + port));
      assertEquals(3, r.code(), r.err());
      assertEquals(1, r.err().strip().lines().count(), r.err());
      assertTrue(r.err().contains("cannot reach the AMQP broker"), r.err());
      // The run did not start, and its result.json says why (a campaign reads it from there).
      Path result = dir.resolve("out").resolve("result.json");
      assertTrue(Files.exists(result), "no result.json after " + command);
      String json = Files.readString(result);
      assertTrue(json.contains("\"status\" : \"failed\""), json);
      assertTrue(json.contains("cannot reach the AMQP broker at amqp://127.0.0.1:" + port), json);
      Files.delete(result);
    }
  }

  @Test
  void aServerSpeakingAnotherAmqpIsNamedSoInOneLine() throws Exception {
    // Answers as an AMQP 0-9-1 broker (RabbitMQ without its 1.0 plugin) does: its own header.
    try (ServerSocket s = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
      Thread peer =
          new Thread(
              () -> {
                while (!s.isClosed()) {
                  try (java.net.Socket c = s.accept()) {
                    c.getOutputStream().write(new byte[] {'A', 'M', 'Q', 'P', 0, 0, 9, 1});
                    c.getOutputStream().flush();
                    Thread.sleep(200);
                  } catch (Exception e) {
                    return;
                  }
                }
              });
      peer.setDaemon(true);
      peer.start();
      CliRun r =
          run(withOutput("amqp", "latency", "--broker", "amqp://127.0.0.1:" + s.getLocalPort()));
      assertEquals(3, r.code(), r.err());
      assertEquals(1, r.err().strip().lines().count(), r.err());
      assertTrue(r.err().contains("answered, but not in AMQP 1.0"), r.err());
      assertTrue(r.err().contains("rabbitmq_amqp1_0"), r.err());
    }
  }

  @Test
  void throughputOnTheEmbeddedBrokerPrintsSummaryLinesAndNeverThePassword() throws Exception {
    Path pw = dir.resolve("pw");
    Files.writeString(pw, "s3cret-pw\n");
    CliRun r =
        run(
            withOutput(
                "amqp",
                "throughput",
                "--size",
                "32,128",
                "--count",
                "500",
                "--iterations",
                "2",
                "--summary",
                "--user",
                "tester",
                "--password-file",
                pw.toString(),
                "--presettled",
                "--tcp-nodelay",
                "off",
                "--wait-strategy",
                "progressive"));
    assertEquals(0, r.code(), r.out() + r.err());
    long tsv =
        r.out().lines().filter(l -> l.matches("[0-9.]+\\t[0-9.]+\\t[0-9.]+\\t[0-9.]+")).count();
    assertEquals(4, tsv, r.out());
    assertEquals(2, r.out().lines().filter(l -> l.startsWith("Averages:\t")).count(), r.out());
    assertTrue(r.out().contains("throughput by message size"), r.out());
    String json = Files.readString(dir.resolve("out/result.json"));
    assertTrue(json.contains("\"transfersPerSec size=128\""), json);
    assertTrue(json.matches("(?s).*\"waitStrategy\"\\s*:\\s*\"progressive\".*"), json);
    assertTrue(json.matches("(?s).*\"tcpNoDelay\"\\s*:\\s*false.*"), json);
    assertFalse(json.contains("s3cret-pw") || r.out().contains("s3cret-pw"));
  }

  @Test
  void latencyWithCsvPrintsCsvOnStandardOutput() {
    CliRun r =
        run(
            withOutput(
                "amqp",
                "latency",
                "--size",
                "1024",
                "--rate",
                "200",
                "--rate-tolerance",
                "50%",
                "--count",
                "200",
                "--csv",
                "--report-frequency",
                "500",
                // As seed 003 ran qpid-latency-test: the flag alone, frames of size + 120.
                "--tcp-nodelay",
                "--max-frame-size",
                "1144"));
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(r.out().lines().findFirst().orElse("").contains(","), r.out());
    assertTrue(r.err().contains("round-trip latency by message size"), r.err());
  }

  @Test
  void brokerRunsForItsDurationAndRefusesATakenPort() throws Exception {
    CliRun r = run("broker", "--host", "127.0.0.1", "--port", "0", "--duration", "1s");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("listening on 127.0.0.1:"), r.out());
    assertTrue(r.out().contains("stopped"), r.out());
    try (ServerSocket taken = new ServerSocket(0)) {
      CliRun t =
          run("broker", "--host", "127.0.0.1", "--port", String.valueOf(taken.getLocalPort()));
      assertEquals(2, t.code(), t.err());
      assertTrue(t.err().contains("--port"), t.err());
    }
  }
}
