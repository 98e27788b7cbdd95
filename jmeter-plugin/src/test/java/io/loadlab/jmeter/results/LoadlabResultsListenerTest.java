package io.loadlab.jmeter.results;

import static io.loadlab.jmeter.EngineHarness.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.net.NetServer;
import io.loadlab.core.net.NetSocketOptions;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import io.loadlab.jmeter.EngineHarness;
import io.loadlab.jmeter.net.NetRrSampler;
import io.loadlab.jmeter.net.NetworkTarget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.TestElement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LoadlabResultsListenerTest {
  @TempDir Path dir;

  private static LoadlabResultsListener listener(Path out, String workload) {
    LoadlabResultsListener l = new LoadlabResultsListener();
    l.setName("loadlab results");
    with(l, "outputDirectory", out.toString());
    with(l, "runLabel", "engine test");
    with(l, "workload", workload);
    with(l, "intervalSeconds", 1);
    return l;
  }

  private static List<TestElement> target(int port) {
    NetworkTarget t = new NetworkTarget();
    t.setName("target");
    with(t, "variableName", "net");
    with(t, "host", "127.0.0.1");
    with(t, "port", port);
    with(t, "noDelay", true);
    with(t, "connectTimeoutMs", 2000);
    return List.of(t);
  }

  private static NetRrSampler rr() {
    NetRrSampler s = new NetRrSampler();
    s.setName("rr");
    with(s, "target", "net");
    with(s, "requestSize", 10);
    with(s, "responseSize", 30);
    with(s, "labelSuffix", "");
    return s;
  }

  @Test
  void writesTheSharedResultsOfAJMeterRun() throws Exception {
    Path out = dir.resolve("run");
    List<SampleResult> samples;
    try (NetServer server = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS)) {
      List<TestElement> plan = new java.util.ArrayList<>(target(server.port()));
      plan.add(listener(out, "net rr"));
      samples =
          EngineHarness.run(
              EngineHarness.threadGroup(2, 100), plan, List.of(rr()), Duration.ofSeconds(30));
    }
    assertEquals(200, samples.size());

    RunResult result = ResultJson.read(out.resolve("result.json"));
    assertEquals("net rr", result.workload());
    assertEquals("engine test", result.label());
    assertEquals(RunStatus.OK, result.status());
    OperationStats rr = result.totals().get("rr");
    assertEquals(200, rr.count());
    assertEquals(0, rr.errors());
    assertEquals(2000, rr.bytesSent());
    assertEquals(6000, rr.bytesReceived());
    assertTrue(rr.latencyUs().p50() > 0, "sub-millisecond latencies are kept");
    // What the samples ran over, recorded as the command line records it.
    assertEquals("tcp", rr.parameters().get("protocol"), rr.parameters().toString());
    assertEquals("lo", rr.parameters().get("interface"), rr.parameters().toString());
    assertTrue(Integer.parseInt(rr.parameters().get("mtu")) > 0, rr.parameters().toString());
    assertTrue(Files.size(out.resolve("histograms.hlog")) > 0);
    assertTrue(Files.exists(out.resolve("intervals.csv")));
    assertTrue(Files.exists(out.resolve("summary.md")));
    // The same self-contained HTML report as a command-line run, with the listener's samples.
    String html = Files.readString(out.resolve("report.html"));
    assertTrue(html.contains("<td>rr</td><td class=\"num\" data-value=\"200.0\">200</td>"), html);
  }

  @Test
  void servesTheRunLiveWhenTheMetricsPortPropertyAsks() throws Exception {
    int port;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      port = s.getLocalPort();
    }
    EngineHarness.init();
    java.util.Properties props = org.apache.jmeter.util.JMeterUtils.getJMeterProperties();
    props.setProperty(LiveEndpointProperties.PORT, String.valueOf(port));
    props.setProperty(LiveEndpointProperties.LABEL + "campaign", "nightly");
    Path out = dir.resolve("live");
    String base = "http://127.0.0.1:" + port;
    var http = java.net.http.HttpClient.newHttpClient();
    String feed = null;
    String metrics = null;
    try (NetServer server = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS)) {
      List<TestElement> plan = new java.util.ArrayList<>(target(server.port()));
      plan.add(listener(out, "net rr"));
      java.util.concurrent.CompletableFuture<List<SampleResult>> run =
          java.util.concurrent.CompletableFuture.supplyAsync(
              () -> {
                try {
                  return EngineHarness.run(
                      java.util.Map.of(),
                      EngineHarness.threadGroup(1, -1),
                      plan,
                      List.of(rr()),
                      Duration.ofSeconds(4),
                      Duration.ofSeconds(30));
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      while (!run.isDone() && (feed == null || metrics == null)) {
        try {
          String f = get(http, base + "/live.json");
          if (f.contains("\"interval\"")) {
            feed = f;
          }
          String m = get(http, base + "/metrics");
          if (m.contains("loadlab_interval_operations_per_second{")) {
            metrics = m;
          }
        } catch (java.io.IOException notYetOrGone) {
          // the endpoint opens when the test starts and closes when it ends
        }
        Thread.sleep(200);
      }
      assertTrue(run.get().size() > 0);
    } finally {
      props.remove(LiveEndpointProperties.PORT);
      props.remove(LiveEndpointProperties.LABEL + "campaign");
    }
    assertTrue(
        feed != null && feed.contains("\"kind\":\"run\"") && feed.contains("\"rr\""),
        "feed: " + feed);
    assertTrue(
        metrics != null
            && metrics.contains("campaign=\"nightly\"")
            && metrics.contains("operation=\"rr\""),
        "metrics: " + metrics);
    assertTrue(Files.exists(out.resolve("result.json")), "the results are written as ever");
  }

  private static String get(java.net.http.HttpClient http, String url) throws Exception {
    var r =
        http.send(
            java.net.http.HttpRequest.newBuilder(java.net.URI.create(url)).build(),
            java.net.http.HttpResponse.BodyHandlers.ofString());
    return r.body();
  }

  @Test
  void failedSamplesMakeAFailedRunWithTheirKinds() throws Exception {
    Path out = dir.resolve("failed");
    List<TestElement> plan = new java.util.ArrayList<>(target(1));
    plan.add(listener(out, "net rr"));
    EngineHarness.run(EngineHarness.threadGroup(1, 3), plan, List.of(rr()), Duration.ofSeconds(30));

    RunResult result = ResultJson.read(out.resolve("result.json"));
    assertEquals(RunStatus.FAILED, result.status());
    OperationStats rr = result.totals().get("rr");
    assertEquals(3, rr.errors());
    assertEquals(3L, rr.errorKinds().get("UnreachableTargetException"));
  }
}
