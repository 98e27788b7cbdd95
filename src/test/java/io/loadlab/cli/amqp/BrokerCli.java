package io.loadlab.cli.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Command-line runs against a broker of a test's own (RabbitMQ, Qpid Broker-J, a standalone
 * Artemis), as a lab engineer gives them: the login from a password file, the result in {@code
 * dir/out}.
 */
final class BrokerCli {
  private BrokerCli() {}

  /**
   * Runs {@code loadlab args... --broker uri --user user --password-file … --output dir/out}; a
   * null user or password leaves its option out.
   */
  static CliRun run(Path dir, String uri, String user, String password, String... args)
      throws IOException {
    return CliRun.of(arguments(dir, uri, user, password, args).toArray(String[]::new));
  }

  /**
   * Runs the same in a JVM of its own, as a user runs it; the run's {@code out} is everything the
   * process printed on either stream (library log lines included), its {@code err} empty.
   */
  static CliRun child(Path dir, String uri, String user, String password, String... args)
      throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-cp"));
    cmd.add(System.getProperty("java.class.path"));
    cmd.add("io.loadlab.cli.Main");
    cmd.addAll(arguments(dir, uri, user, password, args));
    Path log = dir.resolve("child.log");
    Process p =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    try {
      assertTrue(p.waitFor(120, TimeUnit.SECONDS), "loadlab did not end: " + Files.readString(log));
    } finally {
      p.destroyForcibly();
    }
    return new CliRun(p.exitValue(), Files.readString(log), "");
  }

  private static List<String> arguments(
      Path dir, String uri, String user, String password, String... args) throws IOException {
    List<String> all = new ArrayList<>(Arrays.asList(args));
    all.addAll(List.of("--broker", uri));
    if (user != null) {
      all.addAll(List.of("--user", user));
    }
    if (password != null) {
      Path pw = Files.writeString(dir.resolve("pw"), password + "\n");
      all.addAll(List.of("--password-file", pw.toString()));
    }
    all.addAll(List.of("--output", dir.resolve("out").toString()));
    return all;
  }

  /** Asserts the run ended ok under the broker profile given; returns its result.json. */
  static String ok(Path dir, CliRun r, String profile) throws IOException {
    assertEquals(0, r.code(), r.out() + r.err());
    String json = Files.readString(dir.resolve("out/result.json"));
    assertTrue(json.contains("\"brokerProfile\" : \"" + profile + "\""), json);
    assertTrue(json.contains("\"status\" : \"ok\""), json);
    return json;
  }
}
