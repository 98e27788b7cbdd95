package io.loadlab.cli.live;

import io.loadlab.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A command line run in-process on a thread of its own, its outputs read while it runs. */
final class BackgroundRun {
  private static final Pattern METRICS = Pattern.compile("metrics: (http://\\S+/metrics)");
  private static final Pattern PAGE = Pattern.compile("live page: (http://\\S+/)");

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final CompletableFuture<Integer> code;

  private BackgroundRun(String... args) {
    PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
    PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
    code = CompletableFuture.supplyAsync(() -> Main.run(args, o, e), r -> new Thread(r).start());
  }

  static BackgroundRun start(String... args) {
    return new BackgroundRun(args);
  }

  /**
   * {@code campaign run FILE --output OUT --metrics-port PORT} on a port that was free (the clients
   * take the ports after it).
   */
  static BackgroundRun campaignWithMetrics(java.nio.file.Path file, java.nio.file.Path out)
      throws java.io.IOException {
    int port;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      port = s.getLocalPort();
    }
    return start(
        "campaign",
        "run",
        file.toString(),
        "--output",
        out.toString(),
        "--metrics-port",
        String.valueOf(port));
  }

  String out() {
    synchronized (out) {
      return out.toString(StandardCharsets.UTF_8);
    }
  }

  String err() {
    synchronized (err) {
      return err.toString(StandardCharsets.UTF_8);
    }
  }

  boolean done() {
    return code.isDone();
  }

  /** The exit code, once the run ends. */
  int await() throws Exception {
    return code.get();
  }

  /** The URL the run printed for its metrics, waiting up to {@code wait} for it. */
  String metricsUrl(Duration wait) throws InterruptedException {
    return printed(METRICS, wait);
  }

  /** The URL the run printed for its live page, waiting up to {@code wait} for it. */
  String pageUrl(Duration wait) throws InterruptedException {
    return printed(PAGE, wait);
  }

  private String printed(Pattern url, Duration wait) throws InterruptedException {
    long until = System.nanoTime() + wait.toNanos();
    while (System.nanoTime() < until) {
      Matcher m = url.matcher(err() + out());
      if (m.find()) {
        return m.group(1);
      }
      if (done()) {
        break;
      }
      Thread.sleep(50);
    }
    throw new AssertionError("no URL printed (" + url + "): " + err() + out());
  }
}
