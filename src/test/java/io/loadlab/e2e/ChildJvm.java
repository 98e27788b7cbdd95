package io.loadlab.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/** Starts the loadlab command line in a child JVM with the test classpath, as a user would. */
final class ChildJvm {
  private ChildJvm() {}

  /** The command that runs {@code loadlab args...} in a new JVM. */
  static List<String> command(String... args) {
    return command(List.of("-Xmx256m"), args);
  }

  /**
   * {@code env --default-signal=INT} where GNU env has it (coreutils 8.31+), else nothing. A shell
   * without job control starts background commands with SIGINT ignored, their children inherit
   * that, and a JVM that starts with SIGINT ignored never handles it: the Ctrl-C tests would then
   * wait for nothing when the build itself was started in the background (as `cmd &` in a script).
   */
  private static final List<String> DEFAULT_SIGINT = defaultSigint();

  private static List<String> defaultSigint() {
    List<String> env = List.of("env", "--default-signal=INT");
    try {
      List<String> probe = new ArrayList<>(env);
      probe.add("true");
      Process p = new ProcessBuilder(probe).redirectErrorStream(true).start();
      p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
      return p.waitFor() == 0 ? env : List.of();
    } catch (IOException e) {
      return List.of();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return List.of();
    }
  }

  /** The command that runs {@code loadlab args...} in a new JVM with these heap options. */
  static List<String> command(List<String> heapOptions, String... args) {
    List<String> cmd = new ArrayList<>(DEFAULT_SIGINT);
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(heapOptions);
    cmd.add("-XX:TieredStopAtLevel=1");
    String runOpts = System.getProperty("loadlab.run.java.opts");
    if (runOpts != null) {
      cmd.add("-Dloadlab.run.java.opts=" + runOpts); // a campaign's own runs start faster too
    }
    String results = System.getProperty("loadlab.results.parent");
    if (results != null) {
      cmd.add("-Dloadlab.results.parent=" + results); // runs without --output stay out of the tree
    }
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add("io.loadlab.cli.Main");
    cmd.addAll(List.of(args));
    return cmd;
  }

  /** Starts {@code prefix + loadlab args}, output to {@code log}. */
  static Process start(List<String> prefix, Path log, String... args) throws IOException {
    List<String> cmd = new ArrayList<>(prefix);
    cmd.addAll(command(args));
    return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
  }

  /** Waits until the condition holds; false if it did not within the time. */
  static boolean await(Duration within, BooleanSupplier condition) throws InterruptedException {
    long end = System.nanoTime() + within.toNanos();
    while (System.nanoTime() < end) {
      if (condition.getAsBoolean()) {
        return true;
      }
      Thread.sleep(50);
    }
    return condition.getAsBoolean();
  }

  /** Lines of a file, or none if it does not exist yet. */
  static List<String> lines(Path file) {
    try {
      return Files.exists(file) ? Files.readAllLines(file) : List.of();
    } catch (IOException e) {
      return List.of();
    }
  }

  static String text(Path file) {
    try {
      return Files.exists(file) ? Files.readString(file) : "";
    } catch (IOException e) {
      return "";
    }
  }
}
