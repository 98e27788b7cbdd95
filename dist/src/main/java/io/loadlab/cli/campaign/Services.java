package io.loadlab.cli.campaign;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The servers a configuration needs while it is up, and its setup commands (run to their end once
 * the servers are ready) ({@code net serve}, {@code broker}, …), each a child loadlab on its
 * machine (a lab host's namespace, or here), logged to {@code
 * configurations/<name>-service-<i>.log}; ready when its port listens there.
 */
final class Services {
  private static final long READY_TIMEOUT_MS = 60_000;

  private final List<StepExecutor.Execution> running = new ArrayList<>();

  /** Starts them all; returns null when all are ready, else the reason. */
  String start(Campaign.Configuration c, Path logDir) throws IOException, InterruptedException {
    for (int i = 0; i < c.services().size(); i++) {
      Campaign.Service s = c.services().get(i);
      Path log = logDir.resolve(c.name() + "-service-" + (i + 1) + ".log");
      StepExecutor.Execution e = StepExecutors.forClient(c, s.machine()).start(s.args(), null, log);
      if (s.readyPort() == Campaign.Service.TO_COMPLETION) {
        int code = e.waitFor();
        if (code != 0) {
          return "loadlab "
              + String.join(" ", s.args())
              + " exited with "
              + code
              + " (see "
              + log
              + ")";
        }
        continue;
      }
      running.add(e);
      String why = awaitReady(c, s, e);
      if (why != null) {
        return "loadlab " + String.join(" ", s.args()) + " " + why + " (see " + log + ")";
      }
    }
    return null;
  }

  /** Stops them, newest first. */
  void stop() {
    for (int i = running.size() - 1; i >= 0; i--) {
      running.get(i).stop();
    }
    running.clear();
  }

  private static String awaitReady(
      Campaign.Configuration c, Campaign.Service s, StepExecutor.Execution e)
      throws IOException, InterruptedException {
    long end = System.currentTimeMillis() + (s.readyPort() == 0 ? 1000 : READY_TIMEOUT_MS);
    while (System.currentTimeMillis() < end) {
      if (!e.alive()) {
        return "exited at start";
      }
      if (s.readyPort() > 0 && listening(c, s)) {
        return null;
      }
      Thread.sleep(100);
    }
    return s.readyPort() == 0 ? null : "did not listen on port " + s.readyPort() + " within 60 s";
  }

  private static boolean listening(Campaign.Configuration c, Campaign.Service s)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(StepExecutors.prefix(c, s.machine()));
    cmd.addAll(List.of("ss", "-Htln"));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor();
    for (String line : out.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length >= 4 && f[3].endsWith(":" + s.readyPort())) {
        return true;
      }
    }
    return false;
  }
}
