package io.loadlab.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class NetSettingsTest {
  private static NetSettings settings(
      NetWorkload w, List<Integer> users, List<Integer> req, List<Integer> resp) {
    return new NetSettings(
        w, "::1", 12865, users, req, resp, null, 0, Duration.ofSeconds(1), false);
  }

  @Test
  void aSweepRunsUsersThenRequestThenResponseSizes() {
    List<NetPoint> points =
        settings(NetWorkload.RR, List.of(1, 10), List.of(1, 200), List.of(1000)).points();
    assertEquals(
        List.of(
            "rr users=1 req=1 resp=1000",
            "rr users=1 req=200 resp=1000",
            "rr users=10 req=1 resp=1000",
            "rr users=10 req=200 resp=1000"),
        points.stream().map(NetPoint::operation).toList());
    assertEquals("users=10 request=200 response=1000", points.get(3).phase());
    assertEquals(
        List.of("rr users=1", "rr users=50"),
        settings(NetWorkload.RR, List.of(1, 50), List.of(200), List.of(1000)).points().stream()
            .map(NetPoint::operation)
            .toList());
  }

  @Test
  void defaultsFollowNetperfAndTheZvmReports() {
    NetSettings rr = NetSettings.defaults(NetWorkload.RR, "h", 1);
    assertEquals(List.of(1), rr.requestSizes());
    assertEquals(List.of(1), rr.responseSizes());
    NetSettings strg = NetSettings.defaults(NetWorkload.STREAM, "h", 1);
    assertEquals(List.of(20), strg.requestSizes());
    assertEquals(List.of(20 << 20), strg.responseSizes());
    assertEquals(List.of(8192), NetSettings.defaults(NetWorkload.CRR, "h", 1).responseSizes());
    assertTrue(rr.socket().noDelay());
  }

  @Test
  void badValuesNameTheirOption() {
    assertMessage("--users", () -> settings(NetWorkload.RR, List.of(0), List.of(1), List.of(1)));
    assertMessage("--request", () -> settings(NetWorkload.RR, List.of(1), List.of(-1), List.of(1)));
    assertMessage(
        "--request/--response",
        () -> settings(NetWorkload.STREAM, List.of(1), List.of(0), List.of(0)));
    assertMessage("--send-buffer", () -> new NetSocketOptions(true, -1, 0));
    assertMessage(
        "--rate",
        () ->
            new NetSettings(
                NetWorkload.RR,
                "h",
                1,
                List.of(1),
                List.of(1),
                List.of(1),
                null,
                -5,
                Duration.ofSeconds(1),
                false));
    assertMessage(
        "--port",
        () ->
            new NetSettings(
                NetWorkload.RR,
                "h",
                0,
                List.of(1),
                List.of(1),
                List.of(1),
                null,
                0,
                Duration.ofSeconds(1),
                false));
  }

  @Test
  void buffersGrowInPowersOfTwoUpToTheMaximum() {
    assertEquals(ThreadBuffers.MIN, ThreadBuffers.sizeFor(1));
    assertEquals(32 * 1024, ThreadBuffers.sizeFor(20_000));
    assertEquals(ThreadBuffers.MAX, ThreadBuffers.sizeFor(20 << 20));
    assertEquals(ThreadBuffers.MAX, ThreadBuffers.sizeFor(ThreadBuffers.MAX));
  }

  private static void assertMessage(String option, Runnable r) {
    UsageException e = assertThrows(UsageException.class, r::run);
    assertTrue(e.getMessage().startsWith(option), e.getMessage());
  }
}
