package io.loadlab.campaign.live;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The running run's feeds, read from its clients' endpoints ({@code /live.json}) for the campaign's
 * live page, so one page shows the campaign and its running run. Read when the page polls, at most
 * every {@link #FRESH} and each with a one-second timeout; after the run, the last feed each client
 * gave is kept and no longer asked for.
 */
final class ClientFeeds {
  /** How long a reading serves the polls that follow. */
  static final Duration FRESH = Duration.ofMillis(500);

  private static final Duration TIMEOUT = Duration.ofSeconds(1);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
  private String run;
  private List<String> targets = List.of();
  private List<JsonNode> feeds = new ArrayList<>();
  private boolean ended = true;
  private long readNanos;
  private List<Map<String, Object>> last = List.of();

  /** A run starts, its clients serving at {@code targets} ({@code host:port}). */
  synchronized void running(String runId, List<String> targets) {
    this.run = runId;
    this.targets = List.copyOf(targets);
    this.feeds = new ArrayList<>();
    targets.forEach(t -> feeds.add(null));
    this.ended = false;
    this.readNanos = 0;
  }

  /** The run ended: its clients' endpoints are gone, the last feeds stay. */
  synchronized void ended() {
    ended = true;
    last = describe(false);
  }

  /** Each client: its target, whether it answered, and its last feed. */
  synchronized List<Map<String, Object>> get() {
    if (ended || System.nanoTime() - readNanos < FRESH.toNanos()) {
      return last;
    }
    boolean any = false;
    for (int i = 0; i < targets.size(); i++) {
      JsonNode feed = read(targets.get(i));
      if (feed != null) {
        feeds.set(i, feed);
        any = true;
      }
    }
    readNanos = System.nanoTime();
    last = describe(any);
    return last;
  }

  private List<Map<String, Object>> describe(boolean answering) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (int i = 0; i < targets.size(); i++) {
      Map<String, Object> c = new LinkedHashMap<>();
      c.put("run", run);
      c.put("target", targets.get(i));
      c.put("answering", answering && feeds.get(i) != null);
      if (feeds.get(i) != null) {
        c.put("feed", feeds.get(i));
      }
      out.add(c);
    }
    return out;
  }

  /** A client's feed, or null if it does not answer (not started yet, or already gone). */
  private JsonNode read(String target) {
    try {
      HttpResponse<byte[]> r =
          http.send(
              HttpRequest.newBuilder(URI.create("http://" + target + "/live.json"))
                  .timeout(TIMEOUT)
                  .GET()
                  .build(),
              HttpResponse.BodyHandlers.ofByteArray());
      return r.statusCode() == 200 ? JSON.readTree(r.body()) : null;
    } catch (java.io.IOException | IllegalArgumentException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
