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
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** UDP rr and stream against a real server on loopback, with and without a lossy responder. */
@Timeout(60)
class UdpDriverTest {
  private static final RunTiming SHORT =
      new RunTiming(Duration.ofMillis(800), Duration.ZERO, Duration.ofMillis(250));
  private static final Duration TIMEOUT = Duration.ofSeconds(1);

  private static NetSettings udp(
      NetWorkload w, NetServer server, String host, int users, int req, int resp, double rate) {
    return udp(w, server, host, users, req, resp, rate, TIMEOUT);
  }

  private static NetSettings udp(
      NetWorkload w,
      NetServer server,
      String host,
      int users,
      int req,
      int resp,
      double rate,
      Duration timeout) {
    return new NetSettings(
        w,
        host,
        server.port(),
        List.of(users),
        List.of(req),
        List.of(resp),
        NetSocketOptions.DEFAULTS,
        rate,
        Duration.ofSeconds(2),
        true,
        Transport.UDP,
        timeout);
  }

  private static RunResult run(NetSettings settings) throws Exception {
    return run(settings, SHORT);
  }

  private static RunResult run(NetSettings settings, RunTiming timing) throws Exception {
    RunInfo info =
        new RunInfo(
            "test", "net", null, "test", settings.describe(), EnvironmentInfo.current(), null);
    RunControl control = new RunControl();
    try (NetDriver driver = NetDriver.connect(settings);
        RunRecording recording =
            RunRecording.start(info, new Recorder(), List.of(), SHORT.interval())) {
      // What these tests check is not the target rate: a busy machine may miss it by a little.
      recording.setRateTolerance(0.01); // not about the rate: a busy machine may fall far short
      driver.run(timing, recording, control);
      return recording.finish(control);
    }
  }

  /** Udp RcvbufErrors of this network namespace (/proc/net/snmp), 0 where there is none. */
  private static long udpReceiveBufferErrors() throws IOException {
    Path snmp = Path.of("/proc/net/snmp");
    if (!Files.exists(snmp)) {
      return 0;
    }
    List<String> udp = Files.readAllLines(snmp).stream().filter(l -> l.startsWith("Udp:")).toList();
    List<String> names = List.of(udp.get(0).split("\\s+"));
    String[] values = udp.get(1).split("\\s+");
    return Long.parseLong(values[names.indexOf("RcvbufErrors")]);
  }

  private static double figure(RunResult r, String name) {
    Double v = r.figures().get(name);
    assertNotNull(v, name + " in " + r.figures());
    return v;
  }

  @Test
  void rrOverIpv4AndIpv6CountsTheSameTransactionsAtBothEnds() throws Exception {
    for (String host : List.of("127.0.0.1", "::1")) {
      try (NetServer server = NetServer.start(host, 0, NetSocketOptions.DEFAULTS)) {
        ServerStats before = server.stats();
        RunResult r = run(udp(NetWorkload.RR, server, host, 2, 200, 1000, 0));
        ServerStats served = server.stats().since(before);
        assertEquals(RunStatus.OK, r.status(), r.statusReason());
        OperationStats op = r.totals().get("rr users=2");
        assertTrue(op.count() > 0 && op.errors() == 0, op.toString());
        assertEquals(0, figure(r, "rr users=2: lost"));
        // every request the server answered came back (the stats requests are not transactions)
        assertEquals(figure(r, "rr users=2: sent"), served.transactions());
        assertEquals(op.count() * 200, op.bytesSent());
        assertEquals(op.count() * 1000, op.bytesReceived());
        assertNotNull(op.cpu().serverUsPerOp(), "the server's CPU came back");
      }
    }
  }

  @Test
  void largestDatagramsGoBothWays() throws Exception {
    try (NetServer server = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS)) {
      int max = UdpProtocol.MAX_DATAGRAM;
      RunResult r = run(udp(NetWorkload.RR, server, "127.0.0.1", 1, max, max, 0));
      assertEquals(RunStatus.OK, r.status(), r.statusReason());
      OperationStats op = r.totals().get("rr users=1");
      assertTrue(op.count() > 0);
      assertEquals(op.count() * (long) max, op.bytesReceived());
    }
  }

  @Test
  void aStreamAtARateIsCountedAtBothEnds() throws Exception {
    try (NetServer server = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS)) {
      ServerStats before = server.stats();
      RunResult r = run(udp(NetWorkload.STREAM, server, "127.0.0.1", 2, 1472, 0, 4000));
      ServerStats served = server.stats().since(before);
      assertEquals(RunStatus.OK, r.status(), r.statusReason());
      double sent = figure(r, "stream users=2: sent");
      double lost = figure(r, "stream users=2: lost");
      assertTrue(sent > 0, "sent " + sent);
      // the server's count and the client's loss add up exactly
      assertEquals(sent - lost, served.transactions());
      assertEquals(0, figure(r, "stream users=2: reordered"));
      double rate = figure(r, "stream users=2: sent datagrams/s");
      // Paced: never over the rate asked (4000/s); a busy machine may send fewer.
      assertTrue(rate > 0 && rate < 4000 * 1.1, "at most about 4000/s: " + rate);
      assertTrue(figure(r, "stream users=2: received datagrams/s") > 0);
      assertEquals(rate * 1472 / 1e6, figure(r, "stream users=2: sent MB/s"), 1e-6);
    }
  }

  @Test
  void aResponderThatDropsEveryTenthDatagramLosesExactlyThoseAndLatencyIsUnaffected()
      throws Exception {
    Duration timeout = Duration.ofMillis(500);
    RunTiming timing = new RunTiming(Duration.ofSeconds(2), Duration.ZERO, Duration.ofMillis(500));
    try (NetServer server = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS, 100)) {
      RunResult r = run(udp(NetWorkload.RR, server, "127.0.0.1", 1, 14, 14, 0, timeout), timing);
      assertEquals(RunStatus.OK, r.status(), r.statusReason());
      double sent = figure(r, "rr users=1: sent");
      double lost = figure(r, "rr users=1: lost");
      assertTrue(sent >= 200, "sent " + sent);
      assertEquals(Math.floor(sent / 100), lost, "every 100th request lost, no other");
      assertEquals(100.0 * lost / sent, figure(r, "rr users=1: loss %"), 1e-9);
      OperationStats op = r.totals().get("rr users=1");
      assertEquals(0, op.errors());
      // A lost transaction waits the whole timeout; none of that is latency.
      assertTrue(op.latencyUs().max() < timeout.toNanos() / 1000.0, op.latencyUs().toString());
      assertTrue(op.latencyUs().p50() < 20_000, op.latencyUs().toString());
      assertTrue(r.problems().stream().anyMatch(p -> p.kind().equals("udp lost")), "a problem");

      long kernelDropsBefore = udpReceiveBufferErrors();
      RunResult stream = run(udp(NetWorkload.STREAM, server, "127.0.0.1", 1, 100, 0, 1000), timing);
      long kernelDrops = udpReceiveBufferErrors() - kernelDropsBefore;
      double streamSent = figure(stream, "stream users=1: sent");
      double streamLost = figure(stream, "stream users=1: lost");
      assertTrue(streamSent >= 1000, "sent " + streamSent);
      // Exactly the hook's drops, plus any datagram the kernel dropped because the server's
      // receive buffer was full (a loaded machine can stall the server's thread that long).
      double beyondHook = streamLost - Math.floor(streamSent / 100);
      assertTrue(
          beyondHook >= 0 && beyondHook <= kernelDrops,
          "lost "
              + streamLost
              + " of "
              + streamSent
              + ", kernel receive-buffer drops "
              + kernelDrops);

      // The bandwidth is what arrived: below the sent rate by the loss, which stands beside it.
      double received = figure(stream, "stream users=1: receivedBytesPerSec");
      double sentRate = figure(stream, "stream users=1: sentBytesPerSec");
      double loss = figure(stream, "stream users=1: lossPct");
      assertEquals(figure(stream, "stream users=1: loss %"), loss, 1e-9);
      assertEquals(100 * streamLost / streamSent, loss, 1e-9, "every 100th datagram dropped");
      assertTrue(loss > 0, "some lost: " + loss);
      assertTrue(received < sentRate, received + " received of " + sentRate + " sent");
      // The server's window is asked for around the client's, so the two rates agree only roughly.
      assertTrue(
          received / sentRate > 0.8 * (1 - loss / 100),
          "received about sent less the loss: " + received + " of " + sentRate);
      assertEquals(
          figure(stream, "stream users=1: received MB/s") * 1e6, received, received * 1e-9);
    }
  }

  @Test
  void theServerGoingAwayFailsTheRunWithLosses() throws Exception {
    NetServer server = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS);
    Thread killer =
        new Thread(
            () -> {
              try {
                Thread.sleep(300);
              } catch (InterruptedException e) {
                return;
              }
              server.close();
            });
    killer.start();
    RunResult r = run(udp(NetWorkload.RR, server, "127.0.0.1", 2, 14, 14, 0));
    killer.join();
    assertEquals(RunStatus.FAILED, r.status());
    assertTrue(r.statusReason().contains("stopped answering"), r.statusReason());
    assertTrue(figure(r, "rr users=2: lost") > 0);
    assertTrue(r.intervals().size() > 1, "intervals kept");
  }
}
