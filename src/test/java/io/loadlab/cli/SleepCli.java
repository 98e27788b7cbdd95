package io.loadlab.cli;

import io.loadlab.core.workload.sleep.SleepWorkloadJar;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The command line in a child JVM with the test-only {@code sleep} workload installed as a user
 * installs one: its jar ({@link SleepWorkloadJar}) added to loadlab's class path. The tests' own
 * JVM never registers it, so the shipped commands' help and golden output stay as they are.
 */
public final class SleepCli {
  private final Path jar;

  private SleepCli(Path jar) {
    this.jar = jar;
  }

  /** Writes the workload's jar into {@code dir}. */
  public static SleepCli in(Path dir) throws IOException {
    return new SleepCli(SleepWorkloadJar.write(dir));
  }

  /** The exit code and both outputs of a finished child. */
  public record Finished(int code, String out, String err) {}

  /** Runs {@code loadlab args...} to its end in {@code dir}; kills it after {@code most}. */
  public Finished run(Path dir, Duration most, String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
    String runOpts = System.getProperty("loadlab.run.java.opts");
    if (runOpts != null) {
      cmd.add("-Dloadlab.run.java.opts=" + runOpts); // a campaign's own runs start faster too
    }
    String results = System.getProperty("loadlab.results.parent");
    if (results != null) {
      cmd.add("-Dloadlab.results.parent=" + results);
    }
    cmd.add("-cp");
    cmd.add(jar + File.pathSeparator + System.getProperty("java.class.path"));
    cmd.add("io.loadlab.cli.Main");
    cmd.addAll(List.of(args));
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    Process p =
        new ProcessBuilder(cmd)
            .directory(dir.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    if (!p.waitFor(most.toMillis(), TimeUnit.MILLISECONDS)) {
      p.destroyForcibly().waitFor();
      throw new AssertionError(
          "loadlab "
              + String.join(" ", args)
              + " did not end within "
              + most
              + "; output:\n"
              + Files.readString(out)
              + Files.readString(err));
    }
    return new Finished(p.exitValue(), Files.readString(out), Files.readString(err));
  }
}
