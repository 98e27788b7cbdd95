package io.loadlab.core.live.influx;

import io.loadlab.core.live.RunView;
import io.loadlab.core.live.RunViewListener;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.util.Secrets;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Writes a run's intervals to InfluxDB 1.x ({@code POST /write?db=...}) on a thread of its own, so
 * a slow or absent InfluxDB never holds up the run. Points that could not be sent (InfluxDB down or
 * gone) are kept, up to {@link #MAX_KEPT} lines, and sent first when it answers again. The first
 * failure is said once; the run goes on.
 */
public final class InfluxWriter implements RunViewListener {
  /** The most lines kept while InfluxDB does not answer (about 8 hours of 1 s intervals). */
  static final int MAX_KEPT = 200_000;

  private static final int BATCH = 5_000;

  private final URI url;
  private final JmeterPoints points;
  private final String title;
  private final Consumer<String> say;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
  private final ExecutorService thread =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "loadlab-influx");
            t.setDaemon(true);
            return t;
          });
  private final ArrayDeque<String> kept = new ArrayDeque<>();
  private boolean warned;

  /**
   * @param url InfluxDB's write URL, such as {@code http://127.0.0.1:8086/write?db=jmeter}
   * @param title the run's title in the start and end events
   * @param say where the one warning goes
   */
  public InfluxWriter(URI url, JmeterPoints points, String title, Consumer<String> say) {
    this.url = url;
    this.points = points;
    this.title = title;
    this.say = say;
  }

  @Override
  public void started(RunInfo info, long startEpochMs) {
    send(List.of(points.event(title, true, startEpochMs)));
  }

  @Override
  public void interval(RunView view) {
    send(points.interval(view));
  }

  @Override
  public void ended(RunResult result) {
    send(List.of(points.event(title, false, System.currentTimeMillis())));
  }

  /**
   * Sends what is left, waiting a little for it, then stops. What InfluxDB still does not take is
   * left out: the run's files hold every interval, and the warning was said.
   */
  @Override
  public void close() {
    thread.shutdown();
    try {
      if (!thread.awaitTermination(15, TimeUnit.SECONDS)) {
        thread.shutdownNow();
      }
    } catch (InterruptedException e) {
      thread.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }

  private void send(List<String> lines) {
    if (thread.isShutdown()) {
      return;
    }
    thread.execute(
        () -> {
          keep(lines);
          flush();
        });
  }

  private void keep(List<String> lines) {
    synchronized (kept) {
      kept.addAll(lines);
      while (kept.size() > MAX_KEPT) {
        kept.removeFirst();
      }
    }
  }

  /** Sends the kept lines, oldest first, until InfluxDB refuses or fails. */
  private void flush() {
    while (true) {
      List<String> batch = new ArrayList<>();
      synchronized (kept) {
        for (String l : kept) {
          if (batch.size() == BATCH) {
            break;
          }
          batch.add(l);
        }
      }
      if (batch.isEmpty()) {
        return;
      }
      Outcome outcome = post(String.join("\n", batch) + "\n");
      if (outcome == Outcome.RETRY) {
        return;
      }
      synchronized (kept) {
        for (int i = 0; i < batch.size() && !kept.isEmpty(); i++) {
          kept.removeFirst();
        }
      }
    }
  }

  private enum Outcome {
    SENT,
    REFUSED,
    RETRY
  }

  private Outcome post(String body) {
    try {
      HttpResponse<String> r =
          http.send(
              HttpRequest.newBuilder(url)
                  .timeout(Duration.ofSeconds(10))
                  .POST(HttpRequest.BodyPublishers.ofString(body))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      if (r.statusCode() / 100 == 2) {
        return Outcome.SENT;
      }
      warnOnce("it answered " + r.statusCode() + " " + oneLine(r.body()));
      return r.statusCode() / 100 == 4 ? Outcome.REFUSED : Outcome.RETRY;
    } catch (IOException e) {
      warnOnce(e.getMessage() == null ? e.getClass().getSimpleName() : oneLine(e.getMessage()));
      return Outcome.RETRY;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Outcome.RETRY;
    }
  }

  private void warnOnce(String why) {
    if (!warned) {
      warned = true;
      say.accept(
          "InfluxDB at "
              + shown()
              + " cannot be written ("
              + why
              + "); the run goes on, and its points are kept and sent when it answers");
    }
  }

  private String shown() {
    return Secrets.mask(url.toString());
  }

  private static String oneLine(String text) {
    String t = text.strip().replaceAll("\\s+", " ");
    return t.length() > 200 ? t.substring(0, 200) + "…" : t;
  }
}
