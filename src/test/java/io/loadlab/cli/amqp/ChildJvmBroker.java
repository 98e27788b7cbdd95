package io.loadlab.cli.amqp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A broker started in a child JVM on the tests' class path (Qpid Broker-J, {@code loadlab broker}),
 * its output read until a line says it is ready; the child keeps the broker's libraries, logging
 * and state out of the tests' JVM.
 */
final class ChildJvmBroker {
  private final Process process;
  private final StringBuilder log = new StringBuilder();
  private final CompletableFuture<String> ready = new CompletableFuture<>();

  private ChildJvmBroker(Process process, Pattern readyLine, String name) {
    this.process = process;
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                  synchronized (log) {
                    log.append(line).append('\n');
                  }
                  Matcher m = readyLine.matcher(line);
                  if (m.find()) {
                    ready.complete(m.groupCount() > 0 ? m.group(1) : m.group());
                  }
                }
              } catch (IOException e) {
                // the broker ended
              }
              ready.complete(null);
            },
            name + "-output");
    reader.setDaemon(true);
    reader.start();
  }

  /** Starts {@code java -Xmx256m -cp <tests' class path> mainClass args...}. */
  static ChildJvmBroker start(String name, Pattern readyLine, String mainClass, String... args)
      throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx256m");
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(mainClass);
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.redirectErrorStream(true);
    return new ChildJvmBroker(pb.start(), readyLine, name);
  }

  /**
   * Waits for the ready line: its first group (the whole match if it has none), or null if the
   * broker ended first; a TimeoutException if neither happened within the time.
   */
  String awaitReady(Duration within) throws Exception {
    return ready.get(within.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** All the broker printed so far. */
  String log() {
    synchronized (log) {
      return log.toString();
    }
  }

  /**
   * Stops the broker: SIGTERM, then SIGKILL if it has not ended within 20 s, and waits (up to 10 s
   * more) for it to be gone, so that it no longer writes to the files the caller then deletes.
   */
  void stop() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(20, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }
}
