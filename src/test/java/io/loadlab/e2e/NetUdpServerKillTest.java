package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.net.DatagramSocket;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code net rr --protocol udp} against a {@code net serve} in another JVM that is killed with
 * SIGKILL mid-run: the users see their transactions lost, the run ends failed with one line, and
 * the intervals before the kill are kept.
 */
@Timeout(120)
class NetUdpServerKillTest {
  @TempDir Path dir;

  @Test
  void aServerKilledMidRunLosesTransactionsAndFailsTheRun() throws Exception {
    int port = freeTcpAndUdpPort();
    Path serverLog = dir.resolve("server.log");
    Process server =
        ChildJvm.start(List.of(), serverLog, "net", "serve", "--port", String.valueOf(port));
    Process client = null;
    try {
      assertTrue(
          ChildJvm.await(
              Duration.ofSeconds(30), () -> ChildJvm.text(serverLog).contains("listening")),
          ChildJvm.text(serverLog));
      Path out = dir.resolve("run");
      Path clientLog = dir.resolve("client.log");
      client =
          ChildJvm.start(
              List.of(),
              clientLog,
              "net",
              "rr",
              "--protocol",
              "udp",
              "--host",
              "127.0.0.1",
              "--port",
              String.valueOf(port),
              "--users",
              "2",
              "--duration",
              "6s",
              "--interval",
              "250ms",
              "--output",
              out.toString(),
              "--quiet");
      Path csv = out.resolve("intervals.csv");
      assertTrue(
          ChildJvm.await(Duration.ofSeconds(40), () -> ChildJvm.lines(csv).size() >= 4),
          "intervals were written: " + ChildJvm.text(clientLog));
      server.destroyForcibly(); // SIGKILL
      server.waitFor(10, TimeUnit.SECONDS);
      assertTrue(client.waitFor(60, TimeUnit.SECONDS), "the client finished");
      String log = ChildJvm.text(clientLog);
      assertEquals(1, client.exitValue(), log);
      RunResult r = ResultJson.read(out.resolve("result.json"));
      assertEquals(RunStatus.FAILED, r.status(), log);
      assertTrue(r.statusReason().contains("stopped answering"), r.statusReason());
      assertTrue(!r.statusReason().contains("\n"), "one line: " + r.statusReason());
      assertTrue(r.figures().get("rr users=2: lost") > 0, r.figures().toString());
      assertTrue(r.intervals().size() >= 4, "intervals kept: " + r.intervals().size());
      assertTrue(Files.readAllLines(csv).size() >= 4);
      assertTrue(!log.contains("Exception\n\tat"), "no stack trace: " + log);
    } finally {
      server.destroyForcibly();
      if (client != null) {
        client.destroyForcibly();
      }
    }
  }

  /** A port free for both TCP and UDP now. */
  static int freeTcpAndUdpPort() throws Exception {
    for (int i = 0; i < 50; i++) {
      try (ServerSocket tcp = new ServerSocket(0)) {
        int port = tcp.getLocalPort();
        try (DatagramSocket udp = new DatagramSocket(port)) {
          return port;
        } catch (java.net.SocketException e) {
          // taken for UDP: try another
        }
      }
    }
    throw new IllegalStateException("no port free for both TCP and UDP");
  }
}
