package io.loadlab.core.live.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The live page's paths: the page, its feed, nothing else, and nothing but reading. */
@Timeout(30)
class LivePageHandlerTest {
  private HttpServer server;
  private String base;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void serve() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/", new LivePage("loadlab live: <net rr>", () -> Map.of("kind", "run", "status", "ok")));
    server.start();
    base = "http://127.0.0.1:" + server.getAddress().getPort();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  @Test
  void thePageIsSelfContainedAndForbidsLoadingAnythingElse() throws Exception {
    HttpResponse<String> page = get("/", false);
    assertEquals(200, page.statusCode());
    String html = page.body();
    assertTrue(html.contains("<h1>loadlab live: &lt;net rr&gt;</h1>"), "title escaped");
    assertTrue(html.contains("echarts"), "ECharts inlined");
    assertFalse(html.contains("src=\"http"), "no external script");
    assertFalse(html.contains("<script src"), "no script file");
    assertTrue(
        page.headers()
            .firstValue("Content-Security-Policy")
            .orElse("")
            .contains("connect-src 'self'"));
    assertTrue(html.contains("connect-src 'self'"), "the policy in the page too");
    assertEquals("no-store", page.headers().firstValue("Cache-Control").orElse(""));
    assertEquals(200, get("/live", false).statusCode());
  }

  @Test
  void thePageIsSentCompressedToABrowserThatTakesIt() throws Exception {
    HttpResponse<byte[]> page =
        http.send(
            HttpRequest.newBuilder(URI.create(base + "/"))
                .header("Accept-Encoding", "gzip")
                .build(),
            HttpResponse.BodyHandlers.ofByteArray());
    assertEquals("gzip", page.headers().firstValue("Content-Encoding").orElse(""));
    String html =
        new String(
            new GZIPInputStream(new ByteArrayInputStream(page.body())).readAllBytes(),
            StandardCharsets.UTF_8);
    assertTrue(html.startsWith("<!DOCTYPE html>"));
    assertTrue(page.body().length < html.length() / 2, "compressed");
  }

  @Test
  void theFeedIsJson() throws Exception {
    HttpResponse<String> feed = get(LivePage.FEED, false);
    assertEquals(200, feed.statusCode());
    assertEquals("application/json", feed.headers().firstValue("Content-Type").orElse(""));
    assertTrue(feed.body().contains("\"kind\":\"run\""), feed.body());
  }

  @Test
  void otherPathsAndWritesAreRefused() throws Exception {
    assertEquals(404, get("/etc/passwd", false).statusCode());
    assertEquals(405, get("/", true).statusCode());
    assertEquals(405, get(LivePage.FEED, true).statusCode());
  }

  private HttpResponse<String> get(String path, boolean post) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path));
    if (post) {
      b.POST(HttpRequest.BodyPublishers.ofString("x"));
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }
}
