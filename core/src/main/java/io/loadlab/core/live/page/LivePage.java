package io.loadlab.core.live.page;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.loadlab.core.report.HtmlPage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.zip.GZIPOutputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves the live page at {@code /} (and {@code /live}) and its feed at {@link #FEED}, for the
 * paths of the endpoint other than {@code /metrics}. The page is made once (about 1 MB with
 * ECharts, sent compressed to a browser that takes it); the feed is asked for on every poll and
 * written as JSON, a run's with only the intervals the page lacks ({@code ?since=N}). Only {@code
 * GET} and {@code HEAD} are answered: the page changes nothing.
 */
public final class LivePage implements HttpHandler {
  /** The path of the feed the page polls. */
  public static final String FEED = "/live.json";

  /** What the page may load: its own inlined scripts and style, and the feed from its origin. */
  static final String POLICY =
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:;"
          + " connect-src 'self'";

  private static final Logger LOG = LoggerFactory.getLogger(LivePage.class);
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The query of a page that holds the points up to an interval: {@code since=N}. */
  private static final java.util.regex.Pattern SINCE =
      java.util.regex.Pattern.compile("(?:^|&)since=([0-9]{1,9})(?:&|$)");

  private final String title;
  private final Supplier<?> feed;
  private final IntFunction<?> since;
  private byte[] html;
  private byte[] htmlGzip;
  private volatile boolean warned;

  /**
   * @param title the page's heading, such as {@code loadlab: net rr}
   * @param feed what {@link #FEED} says, made into JSON on each poll (maps, lists, numbers, text)
   */
  public LivePage(String title, Supplier<?> feed) {
    this(title, feed, null);
  }

  /**
   * A page whose feed also answers {@code /live.json?since=N} with only what came after interval
   * {@code N} ({@link RunFeed#since}).
   *
   * @param since the feed after an interval, or null to answer every poll with {@code feed}
   */
  public LivePage(String title, Supplier<?> feed, IntFunction<?> since) {
    this.title = title;
    this.feed = feed;
    this.since = since;
  }

  /** The page, plain or compressed: made when it is first asked for, not by a run nobody views. */
  private synchronized byte[] page(boolean gzip) {
    if (html == null) {
      html = render(title).getBytes(StandardCharsets.UTF_8);
      htmlGzip = gzip(html);
    }
    return gzip ? htmlGzip : html;
  }

  @Override
  public void handle(HttpExchange ex) throws IOException {
    try {
      String method = ex.getRequestMethod();
      var headers = ex.getResponseHeaders();
      headers.set("Cache-Control", "no-store");
      headers.set("X-Content-Type-Options", "nosniff");
      headers.set("Referrer-Policy", "no-referrer");
      if (!"GET".equals(method) && !"HEAD".equals(method)) {
        headers.set("Allow", "GET, HEAD");
        send(ex, 405, "text/plain; charset=utf-8", "read-only: GET or HEAD\n".getBytes(), false);
        return;
      }
      String path = ex.getRequestURI().getPath();
      if ("/".equals(path) || "/live".equals(path)) {
        headers.set("Content-Security-Policy", POLICY);
        String accepts = ex.getRequestHeaders().getFirst("Accept-Encoding");
        boolean gzip = accepts != null && accepts.contains("gzip");
        send(ex, 200, "text/html; charset=utf-8", page(gzip), gzip);
      } else if (FEED.equals(path)) {
        send(ex, 200, "application/json", feedJson(ex.getRequestURI().getRawQuery()), false);
      } else {
        send(
            ex,
            404,
            "text/plain; charset=utf-8",
            "not found: the live page is at /, its feed at /live.json, the series at /metrics\n"
                .getBytes(StandardCharsets.UTF_8),
            false);
      }
    } finally {
      ex.close();
    }
  }

  private byte[] feedJson(String query) throws IOException {
    try {
      java.util.regex.Matcher m = query == null || since == null ? null : SINCE.matcher(query);
      return JSON.writeValueAsBytes(
          m != null && m.find() ? since.apply(Integer.parseInt(m.group(1))) : feed.get());
    } catch (RuntimeException e) {
      if (!warned) {
        warned = true;
        LOG.warn("the live page's feed could not be made: {}", e.toString());
      }
      return JSON.writeValueAsBytes(Map.of("kind", "none", "error", "no figures yet"));
    }
  }

  private static void send(HttpExchange ex, int code, String type, byte[] body, boolean gzip)
      throws IOException {
    ex.getResponseHeaders().set("Content-Type", type);
    if (gzip) {
      ex.getResponseHeaders().set("Content-Encoding", "gzip");
    }
    boolean head = "HEAD".equals(ex.getRequestMethod());
    ex.sendResponseHeaders(code, head ? -1 : body.length);
    if (!head) {
      try (OutputStream out = ex.getResponseBody()) {
        out.write(body);
      }
    }
  }

  /** The page: the reports' style and error capture, ECharts, and the script that polls. */
  static String render(String title) {
    String t = HtmlPage.escape(title);
    StringBuilder w = new StringBuilder(1_200_000);
    w.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
        .append("<meta http-equiv=\"Content-Security-Policy\" content=\"")
        .append(POLICY)
        .append("\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>")
        .append(t)
        .append("</title>\n<style>\n")
        .append(HtmlPage.style())
        .append(resource("live.css"))
        .append("</style>\n<script>\n")
        .append(HtmlPage.errorCapture())
        .append("</script>\n</head><body><main>\n<h1>")
        .append(t)
        .append("</h1>\n")
        .append(resource("live.html"))
        .append("<pre id=\"loadlab-check\" hidden></pre>\n</main>\n<script>\n")
        .append(HtmlPage.echartsScript())
        .append("\n</script>\n<script type=\"application/json\" id=\"loadlab-palette\">")
        .append(palette())
        .append("</script>\n<script>\n")
        .append(resource("live.js"))
        .append("</script>\n</body></html>\n");
    return w.toString();
  }

  private static String palette() {
    try {
      return JSON.writeValueAsString(io.loadlab.core.report.Palette.colours());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String resource(String name) {
    try (InputStream in = LivePage.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(name + " is missing from the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] gzip(byte[] bytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 3);
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
