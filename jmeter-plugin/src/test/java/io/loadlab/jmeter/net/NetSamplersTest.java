package io.loadlab.jmeter.net;

import static io.loadlab.jmeter.EngineHarness.assertTimings;
import static io.loadlab.jmeter.EngineHarness.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.net.NetServer;
import io.loadlab.core.net.NetSocketOptions;
import io.loadlab.jmeter.EngineHarness;
import io.loadlab.jmeter.TimedResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NetSamplersTest {
  private static NetServer server;

  @BeforeAll
  static void startServer() throws Exception {
    server = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS);
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  private NetworkTarget target() {
    NetworkTarget t = new NetworkTarget();
    t.setName("target");
    with(t, "variableName", "net");
    with(t, "host", "127.0.0.1");
    with(t, "port", server.port());
    with(t, "noDelay", true);
    with(t, "connectTimeoutMs", 2000);
    return t;
  }

  private static <T extends NetSamplerBase> T sampler(T s, String name, String size) {
    s.setName(name);
    with(s, "target", "net");
    with(s, "requestSize", size);
    with(s, "responseSize", "${response}");
    with(s, "labelSuffix", "");
    return s;
  }

  @Test
  void rrSamplesOverOneConnectionPerThread() throws Exception {
    long before = server.stats().transactions();
    List<SampleResult> samples =
        EngineHarness.run(
            Map.of("response", "200"),
            EngineHarness.threadGroup(2, 50),
            List.of(target()),
            List.of(sampler(new NetRrSampler(), "rr", "100")),
            Duration.ofSeconds(30));

    assertEquals(100, samples.size());
    for (SampleResult s : samples) {
      assertTrue(s.isSuccessful(), s.getResponseMessage());
      assertEquals("rr", s.getSampleLabel());
      assertEquals("200", s.getResponseCode());
      assertEquals(100, s.getSentBytes());
      assertEquals(200, s.getBytesAsLong());
      assertTimings(s);
      assertTrue(((TimedResult) s).elapsedNanos() > 0);
      assertEquals("tcp", ((TimedResult) s).parameters().get("protocol"));
      assertTrue(
          s.getResponseDataAsString().matches(".* over TCP, route lo MTU [0-9]+"),
          s.getResponseDataAsString());
    }
    assertEquals(100, serverTransactionsSince(before, 100));
  }

  @Test
  void crrConnectsPerSampleAndReportsConnectTime() throws Exception {
    List<SampleResult> samples =
        EngineHarness.run(
            Map.of("response", "20"),
            EngineHarness.threadGroup(2, 10),
            List.of(target()),
            List.of(sampler(new NetCrrSampler(), "crr", "10")),
            Duration.ofSeconds(30));

    assertEquals(20, samples.size());
    for (SampleResult s : samples) {
      assertTrue(s.isSuccessful(), s.getResponseMessage());
      assertEquals(20, s.getBytesAsLong());
      assertTrue(((TimedResult) s).connectNanos() > 0);
      assertTimings(s);
    }
  }

  @Test
  void unreachableTargetFailsSamplesWithTheExceptionKind() throws Exception {
    NetworkTarget t = target();
    with(t, "port", 1);
    List<SampleResult> samples =
        EngineHarness.run(
            Map.of("response", "1"),
            EngineHarness.threadGroup(1, 3),
            List.of(t),
            List.of(sampler(new NetRrSampler(), "rr", "1")),
            Duration.ofSeconds(30));

    assertEquals(3, samples.size());
    for (SampleResult s : samples) {
      assertFalse(s.isSuccessful());
      assertEquals("UnreachableTargetException", s.getResponseCode());
      assertTrue(s.getResponseMessage().contains("cannot connect"), s.getResponseMessage());
      assertTimings(s);
    }
  }

  @Test
  void rrOverUdpCountsAtBothEndsAndALostResponseFailsTheSampleAsLost() throws Exception {
    long before = server.stats().transactions();
    NetRrSampler udp = sampler(new NetRrSampler(), "udp rr", "100");
    with(udp, "protocol", "UDP");
    List<SampleResult> samples =
        EngineHarness.run(
            Map.of("response", "200"),
            EngineHarness.threadGroup(2, 50),
            List.of(target()),
            List.of(udp),
            Duration.ofSeconds(30));
    assertEquals(100, samples.size());
    for (SampleResult s : samples) {
      assertTrue(s.isSuccessful(), s.getResponseMessage());
      assertEquals(100, s.getSentBytes());
      assertEquals(200, s.getBytesAsLong());
      assertTimings(s);
      Map<String, String> over = ((TimedResult) s).parameters();
      assertEquals("udp", over.get("protocol"), over.toString());
      assertEquals("lo", over.get("interface"), over.toString());
      assertTrue(s.getResponseDataAsString().contains(" over UDP, route lo MTU "));
    }
    assertEquals(100, serverTransactionsSince(before, 100));

    NetworkTarget nobody = target();
    int freePort;
    try (java.net.DatagramSocket d = new java.net.DatagramSocket(0)) {
      freePort = d.getLocalPort();
    }
    with(nobody, "port", freePort);
    with(nobody, "udpTimeoutMs", 100);
    NetRrSampler lost = sampler(new NetRrSampler(), "udp rr", "100");
    with(lost, "protocol", "UDP");
    samples =
        EngineHarness.run(
            Map.of("response", "200"),
            EngineHarness.threadGroup(1, 3),
            List.of(nobody),
            List.of(lost),
            Duration.ofSeconds(30));
    assertEquals(3, samples.size());
    for (SampleResult s : samples) {
      assertFalse(s.isSuccessful());
      assertEquals("lost", s.getResponseCode(), s.getResponseMessage());
    }
  }

  @Test
  void aPlanSavedBeforeTheProtocolFieldUsesTcp() {
    NetRrSampler old = new NetRrSampler();
    old.setProtocol(""); // what TestBean preparation makes of the missing property
    assertFalse(old.udp());
    old.setProtocol(null);
    assertFalse(old.udp());
    old.setProtocol("udp");
    assertTrue(old.udp());
    NetworkTarget t = new NetworkTarget();
    t.setUdpTimeoutMs(0); // missing property
    assertEquals(Duration.ofMillis(200), t.udpTimeout());
  }

  /**
   * The server's transactions since {@code before}, waiting up to 5 s for {@code expected}: the
   * server counts a transaction just after it sends the response, so the last one may still be
   * uncounted when the client's last sample ends.
   */
  private long serverTransactionsSince(long before, long expected) throws InterruptedException {
    long deadline = System.nanoTime() + 5_000_000_000L;
    long n = server.stats().transactions() - before;
    while (n < expected && System.nanoTime() < deadline) {
      Thread.sleep(10);
      n = server.stats().transactions() - before;
    }
    return n;
  }
}
