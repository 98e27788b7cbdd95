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
import java.util.concurrent.TimeUnit;

/**
 * Debian's {@code influxd} (InfluxDB 1.6, package {@code influxdb}) started by a test with its own
 * configuration and data directory, on free ports; queried with InfluxQL over HTTP.
 */
final class LocalInflux implements AutoCloseable {
  static final Path BINARY = Path.of("/usr/bin/influxd");
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  private final Path dir;
  private final int port;
  private Process process;

  private LocalInflux(Path dir, int port) {
    this.dir = dir;
    this.port = port;
  }

  /** Starts InfluxDB and creates database {@code db}. */
  static LocalInflux start(Path dir, String db) throws Exception {
    assertTrue(
        Files.isExecutable(BINARY),
        BINARY + " is missing: install Debian's influxdb package (.ci/run does)");
    IOException last = null;
    for (int attempt = 0; attempt < 3; attempt++) {
      LocalInflux influx = new LocalInflux(dir.resolve("influx-" + attempt), freePort());
      try {
        influx.startAgain();
        influx.query(null, "CREATE DATABASE " + db);
        return influx;
      } catch (IOException e) {
        influx.close();
        last = e;
      }
    }
    throw last;
  }

  /** Starts it (again) on its port, with the data it had. */
  void startAgain() throws Exception {
    Files.createDirectories(dir);
    Path config = dir.resolve("influxdb.conf");
    Files.writeString(
        config,
        "reporting-disabled = true\n"
            + "bind-address = \"127.0.0.1:"
            + freePort()
            + "\"\n[meta]\n  dir = \""
            + dir.resolve("meta")
            + "\"\n[data]\n  dir = \""
            + dir.resolve("data")
            + "\"\n  wal-dir = \""
            + dir.resolve("wal")
            + "\"\n  query-log-enabled = false\n[monitor]\n  store-enabled = false\n"
            + "[http]\n  bind-address = \"127.0.0.1:"
            + port
            + "\"\n  log-enabled = false\n[ifql]\n  enabled = false\n"
            + "[logging]\n  level = \"warn\"\n");
    process =
        new ProcessBuilder(BINARY.toString(), "-config", config.toString())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("influxd.log").toFile()))
            .start();
    long until = System.nanoTime() + Duration.ofSeconds(90).toNanos();
    while (System.nanoTime() < until && process.isAlive()) {
      try {
        HttpResponse<String> r =
            HTTP.send(
                HttpRequest.newBuilder(URI.create(base() + "/ping"))
                    .timeout(Duration.ofSeconds(5))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() == 204) {
          return;
        }
      } catch (IOException notYet) {
        // not listening yet
      }
      Thread.sleep(200);
    }
    throw new IOException("influxd did not start: " + Files.readString(dir.resolve("influxd.log")));
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  String base() {
    return "http://127.0.0.1:" + port;
  }

  /** The write URL of database {@code db}, as JMeter's {@code influxdbUrl} takes it. */
  String writeUrl(String db) {
    return base() + "/write?db=" + db;
  }

  /** Runs an InfluxQL statement; returns the first result's series. */
  JsonNode query(String db, String influxql) throws IOException, InterruptedException {
    String body =
        (db == null ? "" : "db=" + URLEncoder.encode(db, StandardCharsets.UTF_8) + "&")
            + "q="
            + URLEncoder.encode(influxql, StandardCharsets.UTF_8);
    HttpResponse<String> r =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(base() + "/query"))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    JsonNode root = new ObjectMapper().readTree(r.body());
    JsonNode result = root.path("results").path(0);
    if (r.statusCode() != 200 || result.has("error")) {
      throw new IOException(influxql + ": " + r.body());
    }
    return result.path("series");
  }

  /** Stops it (SIGKILL: gone, as a crashed server). */
  void kill() throws InterruptedException {
    if (process != null) {
      process.destroyForcibly();
      process.waitFor(30, TimeUnit.SECONDS);
    }
  }

  @Override
  public void close() throws InterruptedException {
    if (process != null) {
      process.destroy();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        kill();
      }
    }
  }
}
