package io.loadlab.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.record.Recorder;
import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.core.run.RunTiming;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The drivers against a real server on loopback: both ends must count the same transactions. */
@Timeout(30)
class NetDriverTest {
  private static final RunTiming SHORT =
      new RunTiming(Duration.ofMillis(700), Duration.ZERO, Duration.ofMillis(250));

  private static RunResult run(NetSettings settings, RunTiming timing, RunControl control)
      throws Exception {
    RunInfo info =
        new RunInfo(
            "test", "net", null, "test", settings.describe(), EnvironmentInfo.current(), null);
    try (NetDriver driver = NetDriver.connect(settings);
        RunRecording recording =
            RunRecording.start(info, new Recorder(), List.of(), timing.interval())) {
      // What these tests check is not the target rate: a busy machine may miss it by a little.
      recording.setRateTolerance(0.5);
      driver.run(timing, recording, control);
      return recording.finish(control);
    }
  }

  private static NetSettings settings(
      NetWorkload w, NetServer server, List<Integer> users, int req, int resp, double rate) {
    return new NetSettings(
        w,
        "127.0.0.1",
        server.port(),
        users,
        List.of(req),
        List.of(resp),
        NetSocketOptions.DEFAULTS,
        rate,
        Duration.ofSeconds(2),
        true);
  }

  /**
   * What the client counted over the whole run: its intervals, those after the measured window's
   * end (while the users stop, not counted in the window) included.
   */
  private static long everyInterval(RunResult r) {
    return r.intervals().stream()
        .flatMap(i -> i.operations().values().stream())
        .mapToLong(OperationStats::count)
        .sum();
  }

  /** Runs a workload and checks that the server served exactly what the client counted. */
  private static RunResult runAndCompare(NetServer server, NetSettings settings, RunTiming timing)
      throws Exception {
    ServerStats before = server.stats();
    RunResult result = run(settings, timing, new RunControl());
    ServerStats served = server.stats().since(before);
    long counted = everyInterval(result);
    assertEquals(RunStatus.OK, result.status(), result.statusReason());
    assertTrue(counted > 0, "some transactions ran");
    assertEquals(served.transactions(), counted, "server and client count the same");
    long measured = result.totals().values().stream().mapToLong(OperationStats::count).sum();
    assertTrue(measured > 0 && measured <= counted, "the window counts no more than completed");
    assertEquals(0, served.faults());
    for (OperationStats s : result.totals().values()) {
      assertEquals(0, s.errors());
      assertNotNull(s.cpu(), "CPU per transaction is measured");
      assertNotNull(s.cpu().serverUsPerOp(), "the server's CPU came back");
    }
    return result;
  }

  @Test
  void rrSweepOverUsersNamesOnePointPerOperation() throws Exception {
    try (NetServer server = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS)) {
      RunResult r =
          runAndCompare(
              server, settings(NetWorkload.RR, server, List.of(1, 3), 200, 1000, 0), SHORT);
      assertEquals(List.of("rr users=1", "rr users=3"), List.copyOf(r.totals().keySet()));
      OperationStats three = r.totals().get("rr users=3");
      assertEquals(
          Map.of("users", "3", "request", "200", "response", "1000", "io", SocketIo.mode()),
          three.parameters());
      assertEquals(three.count() * 200, three.bytesSent());
      assertEquals(three.count() * 1000, three.bytesReceived());
    }
  }

  @Test
  void crrConnectsPerTransaction() throws Exception {
    try (NetServer server = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS)) {
      runAndCompare(server, settings(NetWorkload.CRR, server, List.of(2), 64, 8192, 0), SHORT);
    }
  }

  @Test
  void streamReadAndStreamSendOverIpv6() throws Exception {
    try (NetServer server = NetServer.start("::1", 0, NetSocketOptions.DEFAULTS)) {
      NetSettings strg =
          settings(NetWorkload.STREAM, server, List.of(1), 20, 4 << 20, 0)
              .withServer("::1", server.port(), true);
      RunResult r = runAndCompare(server, strg, SHORT);
      assertTrue(r.totals().get("stream users=1").bytesPerSec() > 1e6);
      NetSettings send =
          settings(NetWorkload.STREAM, server, List.of(2), 64 * 1024, 0, 0)
              .withServer("::1", server.port(), true);
      runAndCompare(server, send, SHORT);
    }
  }

  @Test
  void aTargetRateIsKeptAndSweepsOverSizesNameThePoint() throws Exception {
    try (NetServer server = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS)) {
      NetSettings s =
          new NetSettings(
              NetWorkload.RR,
              "127.0.0.1",
              server.port(),
              List.of(2),
              List.of(1, 100),
              List.of(1),
              NetSocketOptions.DEFAULTS,
              400,
              Duration.ofSeconds(2),
              true);
      RunTiming timing =
          new RunTiming(Duration.ofSeconds(1), Duration.ZERO, Duration.ofMillis(500));
      RunResult r = runAndCompare(server, s, timing);
      assertEquals(
          List.of("rr users=2 req=1 resp=1", "rr users=2 req=100 resp=1"),
          List.copyOf(r.totals().keySet()));
      for (OperationStats op : r.totals().values()) {
        // Paced at 400/s; wide bounds because a loaded machine stalls and then catches up, but a
        // closed loop would run at tens of thousands per second.
        assertTrue(
            op.ratePerSec() <= 640 && op.ratePerSec() >= 200, "about 400/s: " + op.ratePerSec());
      }
    }
  }

  @Test
  void aPeerLeavingMidFrameDoesNotDisturbOtherClients() throws Exception {
    try (NetServer server = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS)) {
      AtomicBoolean running = new AtomicBoolean(true);
      Thread rogue =
          new Thread(
              () -> {
                while (running.get()) {
                  try (Socket s = new Socket("127.0.0.1", server.port())) {
                    ByteBuffer b = ByteBuffer.allocate(NetProtocol.HEADER_LENGTH + 5);
                    NetProtocol.putHeader(b, NetProtocol.TYPE_TRANSACTION, (byte) 0, 100, 100);
                    s.getOutputStream().write(b.array());
                    Thread.sleep(20);
                  } catch (Exception e) {
                    return;
                  }
                }
              });
      rogue.start();
      ServerStats before = server.stats();
      RunResult r =
          run(settings(NetWorkload.RR, server, List.of(2), 1, 1, 0), SHORT, new RunControl());
      running.set(false);
      rogue.join();
      assertEquals(RunStatus.OK, r.status(), r.statusReason());
      long counted = everyInterval(r);
      ServerStats after = server.stats().since(before);
      assertEquals(after.transactions(), counted);
      assertTrue(after.faults() > 0, "the server saw the rogue peers leave mid-frame");
    }
  }

  @Test
  void theServerGoingAwayMidRunIsReportedAsErrors() throws Exception {
    NetServer server = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS);
    NetSettings s = settings(NetWorkload.RR, server, List.of(2), 1, 1, 0);
    Thread killer =
        new Thread(
            () -> {
              try {
                Thread.sleep(400);
                // On a loaded machine connecting can take a while: wait for real traffic first.
                for (int i = 0; i < 100 && server.stats().transactions() < 100; i++) {
                  Thread.sleep(20);
                }
              } catch (InterruptedException e) {
                return;
              }
              server.close();
            });
    killer.start();
    RunTiming timing =
        new RunTiming(Duration.ofMillis(3000), Duration.ZERO, Duration.ofMillis(200));
    RunResult r = run(s, timing, new RunControl());
    killer.join();
    assertEquals(RunStatus.FAILED, r.status());
    OperationStats op = r.totals().get("rr users=2");
    assertTrue(op.errors() > 0, "broken transactions and refused reconnects are errors");
    assertTrue(op.count() > op.errors(), "transactions before the server went away succeeded");
    assertTrue(
        op.errorKinds().keySet().stream().anyMatch(k -> !k.isBlank()), op.errorKinds().toString());
  }
}
