package io.loadlab.cli.jmeter;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Texts;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * How to start an installed Apache JMeter: its {@code bin/jmeter} script, or, in a home without the
 * scripts (as jmeter-maven-plugin assembles it), {@code java -jar bin/ApacheJMeter-*.jar} with this
 * JVM. Found from {@code --jmeter}, else {@code JMETER_HOME}, else {@code jmeter} on the {@code
 * PATH}.
 *
 * @param command the words that start JMeter, before its own arguments
 * @param source where it was found, for messages and the result's configuration
 */
public record JmeterLauncher(List<String> command, String source) {
  /** The environment variable naming a JMeter home. */
  public static final String HOME_VARIABLE = "JMETER_HOME";

  private static final String FIX =
      "install Apache JMeter 5.6+ (https://jmeter.apache.org) and give --jmeter"
          + " /path/to/apache-jmeter-5.6.3, or set JMETER_HOME";

  /**
   * Finds JMeter.
   *
   * @param option the {@code --jmeter} value (a JMeter home, its {@code bin/jmeter}, or its {@code
   *     ApacheJMeter.jar}), or null
   * @throws UsageException naming the option or variable and the fix if there is none
   */
  public static JmeterLauncher find(String option, Map<String, String> env) {
    if (option != null) {
      JmeterLauncher l = at(Path.of(option), "--jmeter " + option);
      if (l == null) {
        throw new UsageException(
            "--jmeter: '"
                + Texts.cut(option)
                + "' is neither a JMeter home (with bin/jmeter or bin/ApacheJMeter*.jar), its"
                + " bin/jmeter nor its ApacheJMeter jar; "
                + FIX);
      }
      return l;
    }
    String home = env.get(HOME_VARIABLE);
    if (home != null && !home.isBlank()) {
      JmeterLauncher l = at(Path.of(home), HOME_VARIABLE + "=" + home);
      if (l == null) {
        throw new UsageException(
            HOME_VARIABLE
                + ": '"
                + Texts.cut(home)
                + "' is not a JMeter home (no bin/jmeter or bin/ApacheJMeter*.jar); fix it, or"
                + " give --jmeter /path/to/apache-jmeter-5.6.3");
      }
      return l;
    }
    String path = env.getOrDefault("PATH", "");
    for (String dir : path.split(File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      Path script = Path.of(dir, "jmeter");
      if (Files.isRegularFile(script) && Files.isExecutable(script)) {
        return new JmeterLauncher(List.of(script.toString()), "jmeter on PATH (" + script + ")");
      }
    }
    throw new UsageException(
        "--jmeter: JMeter not found (no JMETER_HOME, no jmeter on PATH); " + FIX);
  }

  private static JmeterLauncher at(Path p, String source) {
    if (Files.isDirectory(p)) {
      Path script = p.resolve("bin").resolve("jmeter");
      if (Files.isRegularFile(script) && Files.isExecutable(script)) {
        return new JmeterLauncher(List.of(script.toString()), source);
      }
      Path jar = launcherJar(p.resolve("bin"));
      return jar == null ? null : java(jar, source);
    }
    if (Files.isRegularFile(p)) {
      String name = p.getFileName().toString();
      if (name.startsWith("ApacheJMeter") && name.endsWith(".jar")) {
        return java(p, source);
      }
      if (Files.isExecutable(p)) {
        return new JmeterLauncher(List.of(p.toString()), source);
      }
    }
    return null;
  }

  private static JmeterLauncher java(Path jar, String source) {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return new JmeterLauncher(List.of(java, "-jar", jar.toAbsolutePath().toString()), source);
  }

  /** {@code bin/ApacheJMeter.jar} or {@code bin/ApacheJMeter-<version>.jar}, or null. */
  private static Path launcherJar(Path bin) {
    if (!Files.isDirectory(bin)) {
      return null;
    }
    try (Stream<Path> files = Files.list(bin)) {
      return files
          .filter(
              f -> {
                String n = f.getFileName().toString();
                return n.startsWith("ApacheJMeter") && n.endsWith(".jar");
              })
          .sorted()
          .findFirst()
          .orElse(null);
    } catch (IOException e) {
      return null;
    }
  }

  /** The directory JMeter is started in: its {@code bin} for a jar (it finds its files there). */
  public Path workingDirectory() {
    if (command.size() == 3 && command.get(1).equals("-jar")) {
      return Path.of(command.get(2)).getParent();
    }
    return null;
  }
}
