package io.loadlab.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * With a target rate, a server stall must show in the latency of every transaction it delayed, not
 * only in the one that was waiting (coordinated omission corrected).
 */
@Timeout(30)
class OpenLoopTest {

  /** A responder that stalls once, for {@code stallMs}, at its 100th transaction. */
  private static Thread stallingServer(ServerSocket listener, long stallMs) {
    AtomicInteger transactions = new AtomicInteger();
    Thread t =
        new Thread(
            () -> {
              while (!listener.isClosed()) {
                try {
                  Socket s = listener.accept();
                  s.setTcpNoDelay(true);
                  Thread c = new Thread(() -> serve(s, transactions, stallMs));
                  c.setDaemon(true);
                  c.start();
                } catch (IOException e) {
                  return;
                }
              }
            });
    t.setDaemon(true);
    t.start();
    return t;
  }

  private static void serve(Socket s, AtomicInteger transactions, long stallMs) {
    try (s) {
      DataInputStream in = new DataInputStream(s.getInputStream());
      OutputStream out = s.getOutputStream();
      long onConnection = 0;
      byte[] header = new byte[NetProtocol.HEADER_LENGTH];
      while (true) {
        in.readFully(header);
        ByteBuffer h = ByteBuffer.wrap(header);
        byte type = h.get(3);
        in.readFully(new byte[h.getInt(8)]);
        if (type == NetProtocol.TYPE_STATS) {
          ByteBuffer stats = ByteBuffer.allocate(NetProtocol.STATS_LENGTH);
          new ServerStats(0, 0, 0, 0, 0, 0, onConnection).writeTo(stats);
          out.write(stats.array());
          continue;
        }
        if (transactions.incrementAndGet() == 100) {
          Thread.sleep(stallMs);
        }
        out.write(new byte[h.getInt(12)]);
        onConnection++;
      }
    } catch (IOException | InterruptedException e) {
      // the client went away
    }
  }

  @Test
  void aStallDelaysEveryScheduledTransactionBehindIt() throws Exception {
    try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      stallingServer(listener, 300);
      NetSettings settings =
          new NetSettings(
              NetWorkload.RR,
              "127.0.0.1",
              listener.getLocalPort(),
              List.of(1),
              List.of(1),
              List.of(1),
              NetSocketOptions.DEFAULTS,
              500, // one every 2 ms: the 300 ms stall delays about 150 of them
              Duration.ofSeconds(2),
              false);
      RunTiming timing =
          new RunTiming(Duration.ofMillis(1500), Duration.ZERO, Duration.ofSeconds(1));
      RunControl control = new RunControl();
      RunResult r;
      RunInfo info =
          new RunInfo("test", "net", null, "test", null, EnvironmentInfo.current(), null);
      try (NetDriver driver = NetDriver.connect(settings);
          RunRecording recording =
              RunRecording.start(info, new Recorder(), List.of(), timing.interval())) {
        // What these tests check is not the target rate: a busy machine may miss it by a little.
        recording.setRateTolerance(0.5);
        driver.run(timing, recording, control);
        r = recording.finish(control);
      }
      assertEquals(RunStatus.OK, r.status(), r.statusReason());
      OperationStats op = r.totals().get("rr users=1");
      assertTrue(op.latencyUs().max() >= 280_000, "the stalled transaction: " + op.latencyUs());
      // Without correction only one sample of ~750 would be slow, and p90 would be well under
      // a millisecond; with it, ~150 queued transactions carry part of the stall.
      assertTrue(op.latencyUs().p90() >= 50_000, "the queued ones too: " + op.latencyUs());
      assertTrue(op.count() >= 450, "the schedule caught up after the stall: " + op.count());
    }
  }
}
