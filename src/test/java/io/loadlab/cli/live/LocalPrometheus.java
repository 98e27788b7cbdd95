package io.loadlab.cli.live;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Debian's {@code prometheus} started by a test on a free port of its own, with a data directory of
 * its own, scraping every second; queried over its HTTP API.
 */
final class LocalPrometheus implements AutoCloseable {
  static final Path BINARY = Path.of("/usr/bin/prometheus");
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Process process;
  private final String base;
  private final Path log;

  private LocalPrometheus(Process process, String base, Path log) {
    this.process = process;
    this.base = base;
    this.log = log;
  }

  /** One sample of an instant query's answer. */
  record Sample(Map<String, String> labels, double timestamp, double value) {}

  /**
   * Starts Prometheus with {@code scrapeConfigs} (the YAML list under {@code scrape_configs:}, each
   * line indented by two spaces) and waits until it is ready. A port taken between choosing it and
   * binding it is retried with another.
   */
  static LocalPrometheus start(Path dir, String scrapeConfigs) throws Exception {
    assertTrue(
        Files.isExecutable(BINARY),
        BINARY + " is missing: install Debian's prometheus package (.ci/run does)");
    Path config = dir.resolve("prometheus.yml");
    Files.writeString(
        config,
        "global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n  evaluation_interval: 1s\n"
            + "scrape_configs:\n"
            + scrapeConfigs);
    IOException last = null;
    for (int attempt = 0; attempt < 3; attempt++) {
      int port = freePort();
      Path log = dir.resolve("prometheus-" + attempt + ".log");
      Process p =
          new ProcessBuilder(
                  BINARY.toString(),
                  "--config.file=" + config,
                  "--storage.tsdb.path=" + dir.resolve("data-" + attempt),
                  "--web.listen-address=127.0.0.1:" + port,
                  "--log.level=warn")
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      LocalPrometheus prom = new LocalPrometheus(p, "http://127.0.0.1:" + port, log);
      if (prom.awaitReady(Duration.ofSeconds(90))) {
        return prom;
      }
      prom.close();
      last = new IOException("prometheus did not start: " + Files.readString(log));
    }
    throw last;
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private boolean awaitReady(Duration wait) throws InterruptedException {
    long until = System.nanoTime() + wait.toNanos();
    while (System.nanoTime() < until && process.isAlive()) {
      try {
        HttpResponse<String> r =
            HTTP.send(
                HttpRequest.newBuilder(URI.create(base + "/-/ready"))
                    .timeout(Duration.ofSeconds(5))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() == 200) {
          return true;
        }
      } catch (IOException notYet) {
        // not listening yet
      }
      Thread.sleep(200);
    }
    return false;
  }

  /** The answer to an instant query now: each series' latest sample. */
  List<Sample> query(String promql) throws IOException, InterruptedException {
    return query(promql, Double.NaN);
  }

  /**
   * The answer to an instant query evaluated at {@code epochSeconds} (NaN: now): each series'
   * latest sample then. Its {@link Sample#timestamp} is the evaluation time, not the sample's.
   */
  List<Sample> query(String promql, double epochSeconds) throws IOException, InterruptedException {
    String url =
        base
            + "/api/v1/query?query="
            + URLEncoder.encode(promql, StandardCharsets.UTF_8)
            + (Double.isNaN(epochSeconds) ? "" : "&time=" + epochSeconds);
    HttpResponse<String> r =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build(),
            HttpResponse.BodyHandlers.ofString());
    JsonNode root = JSON.readTree(r.body());
    if (!"success".equals(root.path("status").asText())) {
      throw new IOException(promql + ": " + r.body());
    }
    List<Sample> out = new ArrayList<>();
    for (JsonNode s : root.path("data").path("result")) {
      Map<String, String> labels = new LinkedHashMap<>();
      s.path("metric")
          .fields()
          .forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
      JsonNode v = s.path("value");
      out.add(new Sample(labels, v.get(0).asDouble(), Double.parseDouble(v.get(1).asText())));
    }
    return out;
  }

  /** What Prometheus logged. */
  String log() throws IOException {
    return Files.readString(log);
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      process.waitFor(10, TimeUnit.SECONDS);
    }
  }
}
