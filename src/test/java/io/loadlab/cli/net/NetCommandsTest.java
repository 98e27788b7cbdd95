package io.loadlab.cli.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.Main;
import io.loadlab.core.net.NetServer;
import io.loadlab.core.net.NetSocketOptions;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The net commands through {@link Main#run}: runs, and every kind of bad input. */
@Timeout(30)
class NetCommandsTest {
  @TempDir Path dir;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return Main.run(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String errText() {
    return err.toString(StandardCharsets.UTF_8);
  }

  private void assertOneLineError(int expectedCode, int code, String mentions) {
    assertEquals(expectedCode, code, errText());
    String text = errText().strip();
    assertFalse(text.contains("\n"), "one line: " + text);
    assertFalse(text.contains("Exception"), "no stack trace: " + text);
    assertTrue(text.contains(mentions), text);
  }

  @Test
  void rrWithoutHostRunsAgainstAnInProcessServerAndPrintsOneTable() throws Exception {
    int code =
        run(
            "net",
            "rr",
            "--users",
            "1,2",
            "--request",
            "200",
            "--response",
            "1000",
            "--duration",
            "500ms",
            "--interval",
            "250ms",
            "--output",
            dir.toString(),
            "--quiet");
    assertEquals(0, code, errText());
    RunResult r = ResultJson.read(dir.resolve("result.json"));
    assertEquals(RunStatus.OK, r.status());
    assertEquals("net rr", r.workload());
    assertEquals(List.of("rr users=1", "rr users=2"), List.copyOf(r.totals().keySet()));
    for (OperationStats s : r.totals().values()) {
      assertTrue(s.count() > 0);
      assertTrue(s.cpu().clientUsPerOp() != null && s.cpu().serverUsPerOp() != null);
    }
    String table = out.toString(StandardCharsets.UTF_8);
    assertTrue(table.contains("rr users=1") && table.contains("rr users=2"), table);
  }

  @Test
  void crrAndStreamAgainstAServerGivenByHostAndPort() throws Exception {
    try (NetServer server = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS)) {
      String port = String.valueOf(server.port());
      assertEquals(
          0,
          run(
              "net",
              "crr",
              "--host",
              "127.0.0.1",
              "--port",
              port,
              "--users",
              "2",
              "--duration",
              "400ms",
              "--output",
              dir.resolve("crr").toString(),
              "--quiet"),
          errText());
      assertEquals(
          0,
          run(
              "net",
              "stream",
              "--host",
              "127.0.0.1",
              "--port",
              port,
              "--response",
              "1M",
              "--send-buffer",
              "256K",
              "--receive-buffer",
              "256K",
              "--nodelay",
              "off",
              "--duration",
              "400ms",
              "--output",
              dir.resolve("stream").toString(),
              "--quiet"),
          errText());
      RunResult stream = ResultJson.read(dir.resolve("stream").resolve("result.json"));
      assertTrue(stream.totals().get("stream users=1").bytesReceived() >= 1 << 20);
      assertTrue(server.stats().transactions() > 0);
    }
  }

  @Test
  void anUnreachableServerIsExitThreeWithOneLine() throws Exception {
    int freePort;
    try (ServerSocket s = new ServerSocket(0)) {
      freePort = s.getLocalPort();
    }
    int code =
        run(
            "net",
            "rr",
            "--host",
            "127.0.0.1",
            "--port",
            String.valueOf(freePort),
            "--duration",
            "1s",
            "--output",
            dir.toString());
    assertOneLineError(3, code, "127.0.0.1:" + freePort);
  }

  @Test
  void aPortInUseIsExitTwoWithOneLine() throws Exception {
    try (ServerSocket s = new ServerSocket(0)) {
      int code = run("net", "serve", "--port", String.valueOf(s.getLocalPort()));
      assertOneLineError(2, code, "--port");
    }
  }

  @Test
  void badSizesDurationsAndNumbersAreExitTwoWithOneLine() {
    assertOneLineError(2, run("net", "rr", "--request", "-1"), "--request");
    err.reset();
    assertOneLineError(2, run("net", "rr", "--response", "1,-5"), "--response");
    err.reset();
    assertOneLineError(2, run("net", "crr", "--duration", "10x"), "--duration");
    err.reset();
    assertOneLineError(2, run("net", "rr", "--users", "0"), "--users");
    err.reset();
    assertOneLineError(2, run("net", "rr", "--rate", "fast"), "--rate");
    err.reset();
    assertOneLineError(2, run("net", "stream", "--request", "0", "--response", "0"), "--response");
    err.reset();
    assertOneLineError(2, run("net", "rr", "--send-buffer", "-4K"), "--send-buffer");
    err.reset();
    assertOneLineError(2, run("net", "rr", "--nodelay", "maybe"), "--nodelay");
  }

  @Test
  void udpRrAndStreamRecordProtocolAndTheRoutesMtu() throws Exception {
    Path rr = dir.resolve("udp-rr");
    int code =
        run(
            "net",
            "rr",
            "--protocol",
            "udp",
            "--request",
            "14,65507",
            "--response",
            "14",
            "--udp-timeout",
            "1s",
            "--mtu-check",
            "--duration",
            "400ms",
            "--output",
            rr.toString(),
            "--quiet");
    assertEquals(0, code, errText());
    RunResult r = ResultJson.read(rr.resolve("result.json"));
    assertEquals(RunStatus.OK, r.status(), r.statusReason());
    assertEquals("udp", r.configuration().get("protocol"));
    assertEquals("lo", r.configuration().get("interface"));
    assertTrue(
        ((Number) r.configuration().get("mtu")).intValue() >= 1500, r.configuration().toString());
    assertEquals("127.0.0.1", r.configuration().get("clientAddress"), "the client's address");
    assertEquals(
        List.of("rr users=1 req=14 resp=14", "rr users=1 req=65507 resp=14"),
        List.copyOf(r.totals().keySet()));
    assertEquals(0.0, r.figures().get("rr users=1 req=65507 resp=14: lost"));
    assertFalse(errText().contains("warning"), "65,507 bytes fit loopback's MTU: " + errText());

    Path stream = dir.resolve("udp-stream");
    code =
        run(
            "net",
            "stream",
            "--protocol",
            "udp",
            "--rate",
            "2000",
            "--rate-tolerance",
            "50%",
            "--duration",
            "400ms",
            "--output",
            stream.toString(),
            "--quiet");
    assertEquals(0, code, errText());
    RunResult s = ResultJson.read(stream.resolve("result.json"));
    assertEquals("udp", s.configuration().get("protocol"));
    assertEquals(List.of(1472), s.configuration().get("request"));
    for (String f :
        List.of(
            "sent datagrams/s",
            "received datagrams/s",
            "sent MB/s",
            "received MB/s",
            "loss %",
            "reordered")) {
      assertTrue(s.figures().containsKey("stream users=1: " + f), f + " in " + s.figures());
    }
  }

  @Test
  void tcpRunsRecordTheProtocolAndMtuCheckWarnsAboutLargeMessages() throws Exception {
    int code =
        run(
            "net",
            "rr",
            "--request",
            "100K",
            "--response",
            "1",
            "--mtu-check",
            "--duration",
            "300ms",
            "--output",
            dir.toString(),
            "--quiet");
    assertEquals(0, code, errText());
    RunResult r = ResultJson.read(dir.resolve("result.json"));
    assertEquals("tcp", r.configuration().get("protocol"));
    assertTrue(r.configuration().get("mtu") != null, r.configuration().toString());
    assertTrue(
        errText().contains("warning: --request 102400") && errText().contains("segments"),
        errText());
  }

  @Test
  void badUdpInputIsExitTwoWithOneLine() {
    assertOneLineError(2, run("net", "rr", "--protocol", "udp", "--request", "65508"), "--request");
    err.reset();
    assertOneLineError(
        2, run("net", "rr", "--protocol", "udp", "--response", "70000"), "--response");
    err.reset();
    assertOneLineError(2, run("net", "rr", "--protocol", "udp", "--request", "1"), "--request");
    err.reset();
    assertOneLineError(2, run("net", "crr", "--protocol", "udp"), "--protocol");
    err.reset();
    assertOneLineError(2, run("net", "crr", "--udp-timeout", "1s"), "--udp-timeout");
    err.reset();
    assertOneLineError(2, run("net", "rr", "--protocol", "sctp"), "--protocol");
    err.reset();
    assertOneLineError(
        2, run("net", "stream", "--protocol", "udp", "--response", "1M"), "--response");
    err.reset();
    assertOneLineError(
        2, run("net", "rr", "--protocol", "udp", "--udp-timeout", "0s"), "--udp-timeout");
  }
}
