package io.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The real JMeter 5.6.3 that jmeter-maven-plugin assembled from Maven Central for this build (found
 * through {@code target/config.json}), with the plugin installed the documented way: the plugin jar
 * copied to {@code lib/ext}, its dependency jars to {@code lib}.
 */
public final class RealJMeter {
  private final Path home;
  private final String launcherJar;

  private RealJMeter(Path home, String launcherJar) {
    this.home = home;
    this.launcherJar = launcherJar;
  }

  /** The assembled JMeter with the freshly built plugin installed. */
  public static RealJMeter installed() throws IOException {
    Path target = Path.of(System.getProperty("loadlab.target", "target"));
    JsonNode config = new ObjectMapper().readTree(target.resolve("config.json").toFile());
    JsonNode first = config.get("configurations").get(0);
    Path home = Path.of(first.get("jmeterDirectoryPath").asText());
    RealJMeter jmeter = new RealJMeter(home, first.get("runtimeJarName").asText());
    jmeter.install(
        Path.of(System.getProperty("loadlab.plugin.jar")),
        Path.of(System.getProperty("loadlab.plugin.lib")));
    return jmeter;
  }

  /** JMeter's home directory. */
  public Path home() {
    return home;
  }

  /** The jars JMeter itself ships in lib/, as listed before the plugin was first installed. */
  public List<String> shippedLibs() throws IOException {
    return Files.readAllLines(home.resolve(SHIPPED_LIST));
  }

  private static final String SHIPPED_LIST = "lib/.shipped-by-jmeter.txt";

  private void install(Path pluginJar, Path libDir) throws IOException {
    assertTrue(Files.isRegularFile(pluginJar), "build the plugin jar first: " + pluginJar);
    if (!Files.exists(home.resolve(SHIPPED_LIST))) {
      try (Stream<Path> shipped = Files.list(home.resolve("lib"))) {
        Files.write(
            home.resolve(SHIPPED_LIST),
            shipped
                .map(p -> p.getFileName().toString())
                .filter(n -> n.endsWith(".jar"))
                .sorted()
                .toList());
      }
    }
    put(pluginJar, home.resolve("lib/ext").resolve(pluginJar.getFileName()));
    try (Stream<Path> jars = Files.list(libDir)) {
      for (Path jar : (Iterable<Path>) jars::iterator) {
        put(jar, home.resolve("lib").resolve(jar.getFileName()));
      }
    }
  }

  /**
   * Copies {@code jar} to {@code target} through a file of its own, renamed over the target: two
   * test classes installing into the one JMeter at once (failsafe's forks) no longer race between
   * REPLACE_EXISTING's delete and create (FileAlreadyExistsException).
   */
  private static void put(Path jar, Path target) throws IOException {
    Path part =
        target.resolveSibling(
            "."
                + target.getFileName()
                + "."
                + ProcessHandle.current().pid()
                + "."
                + System.nanoTime()
                + ".part");
    Files.copy(jar, part, StandardCopyOption.REPLACE_EXISTING);
    Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** The command line that starts JMeter with {@code args}. */
  public List<String> command(List<String> jvmArgs, List<String> args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx512m");
    cmd.addAll(jvmArgs);
    cmd.add("-jar");
    cmd.add(home.resolve("bin").resolve(launcherJar).toString());
    cmd.addAll(args);
    return cmd;
  }

  /** Starts JMeter with {@code args}, its output going to {@code log}. */
  public Process start(List<String> jvmArgs, List<String> args, Path log) throws IOException {
    return new ProcessBuilder(command(jvmArgs, args))
        .directory(home.resolve("bin").toFile())
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
  }

  /** Runs JMeter to the end and returns its exit code; kills it after {@code timeout}. */
  public int run(List<String> args, Path log, Duration timeout) throws Exception {
    Process p = start(List.of(), args, log);
    if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      p.destroyForcibly();
      throw new AssertionError(
          "JMeter did not finish within " + timeout + "; output:\n" + Files.readString(log));
    }
    return p.exitValue();
  }
}
