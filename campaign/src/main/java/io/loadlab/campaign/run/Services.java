package io.loadlab.campaign.run;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.core.util.Durations;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The servers a configuration needs while it is up, and its setup commands (run to their end once
 * the servers are ready) ({@code net serve}, {@code broker}, …), each a child loadlab on its
 * machine (a lab host's namespace, or here), logged to {@code
 * configurations/<name>-service-<i>.log}.
 *
 * <p>A server is ready when it says so (loadlab's servers print that they listen once they accept
 * connections), its port listens on its machine, and a connection from the machines the runs come
 * from succeeds; it has its {@code ready-timeout} for that. A port another process holds before the
 * server starts, or a server that exits, fails the configuration at once with the last lines of its
 * log: a port held by someone else is never taken as ready.
 */
final class Services {
  /** How long a server may take to be ready unless its {@code ready-timeout} says. */
  static final Duration DEFAULT_READY_TIMEOUT = Duration.ofMinutes(5);

  private static final int LOG_LINES = 5;

  private final List<StepExecutor.Execution> running = new ArrayList<>();
  private final CampaignChildren children;
  private long serverNanos;
  private long setupNanos;

  Services(CampaignChildren children) {
    this.children = children;
  }

  /**
   * Starts them all; returns null when all are ready, else the reason.
   *
   * @param clients the machines the configuration's runs come from (null: here)
   */
  String start(Campaign.Configuration c, Path logDir, Set<String> clients)
      throws IOException, InterruptedException {
    for (int i = 0; i < c.services().size(); i++) {
      Campaign.Service s = c.services().get(i);
      Path log = logDir.resolve(c.name() + "-service-" + (i + 1) + ".log");
      String what = "loadlab " + String.join(" ", s.args());
      if (s.readyPort() > 0) {
        String holder = ServiceReadiness.listener(c, s.machine(), s.readyPort());
        if (holder != null) {
          return what
              + ": port "
              + s.readyPort()
              + (s.machine() == null ? "" : " on " + s.machine())
              + " is already taken by another process, before this service started ("
              + holder
              + "); stop it, or give the service another port";
        }
      }
      long t0 = System.nanoTime();
      StepExecutor.Execution e = StepExecutors.forClient(c, s.machine()).start(s.args(), null, log);
      boolean setup = s.readyPort() == Campaign.Service.TO_COMPLETION;
      children.started(e, setup ? "setup" : "service", s.machine(), s.args());
      if (setup) {
        int code = e.waitFor();
        children.ended(e);
        setupNanos += System.nanoTime() - t0;
        if (code != 0) {
          return what
              + " exited with "
              + code
              + " (see "
              + log
              + ")"
              + ServiceReadiness.lastLines(log, LOG_LINES);
        }
        continue;
      }
      running.add(e);
      String why = awaitReady(c, s, e, log, clients);
      serverNanos += System.nanoTime() - t0;
      if (why != null) {
        return what + " " + why + " (see " + log + ")" + ServiceReadiness.lastLines(log, LOG_LINES);
      }
    }
    return null;
  }

  /** Seconds its servers took until each was ready, one after another. */
  double serverSeconds() {
    return serverNanos / 1e9;
  }

  /** Seconds its setup commands took. */
  double setupSeconds() {
    return setupNanos / 1e9;
  }

  /** Stops them, newest first. */
  void stop() {
    for (int i = running.size() - 1; i >= 0; i--) {
      running.get(i).stop();
      children.ended(running.get(i));
    }
    running.clear();
  }

  private static String awaitReady(
      Campaign.Configuration c,
      Campaign.Service s,
      StepExecutor.Execution e,
      Path log,
      Set<String> clients)
      throws IOException, InterruptedException {
    Duration timeout = s.readyTimeout() == null ? DEFAULT_READY_TIMEOUT : s.readyTimeout();
    long end = System.nanoTime() + (s.readyPort() == 0 ? 1_000_000_000L : timeout.toNanos());
    String readyWords = ServiceReadiness.readyWords(s);
    String missing = "did not say it was ready";
    while (System.nanoTime() < end) {
      if (!e.alive()) {
        return "exited at start (exit code " + e.waitFor() + ")";
      }
      if (s.readyPort() > 0) {
        if (readyWords != null && !ServiceReadiness.saidReady(log, readyWords)) {
          missing = "did not say it was ready";
        } else if (ServiceReadiness.listener(c, s.machine(), s.readyPort()) == null) {
          missing = "did not listen on port " + s.readyPort();
        } else if (!ServiceReadiness.connects(c, s.machine(), clients, s.readyPort())) {
          missing =
              "listens on port "
                  + s.readyPort()
                  + " but a connection from "
                  + (clients.isEmpty() ? "here" : String.join(", ", clients))
                  + " did not succeed";
        } else {
          return null;
        }
      }
      Thread.sleep(200);
    }
    if (s.readyPort() == 0) {
      return null;
    }
    return missing
        + " within "
        + Durations.format(timeout)
        + " (ready-timeout; on a busy machine give it longer)";
  }
}
