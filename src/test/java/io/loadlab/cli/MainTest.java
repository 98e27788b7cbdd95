package io.loadlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class MainTest {
  static CliRun run(String... args) {
    return CliRun.of(args);
  }

  @Test
  void helpListsCommands() {
    CliRun o = run("--help");
    assertEquals(0, o.code());
    assertTrue(o.out().contains("demo"), o.out());
    assertTrue(o.out().contains("usage: loadlab <command>"), o.out());
  }

  @Test
  void java17SocketsWaitInOneBlockingRead() {
    String key = "jdk.net.usePlainSocketImpl";
    String before = System.getProperty(key);
    try {
      System.clearProperty(key);
      Main.preferBlockingSocketReads();
      assertEquals(
          Runtime.version().feature() == 17 ? "true" : null,
          System.getProperty(key),
          "Java " + Runtime.version().feature());
      System.setProperty(key, "false");
      Main.preferBlockingSocketReads();
      assertEquals("false", System.getProperty(key), "a value the user set stays");
    } finally {
      if (before == null) {
        System.clearProperty(key);
      } else {
        System.setProperty(key, before);
      }
    }
  }

  @Test
  void versionPrintsVersion() {
    CliRun o = run("--version");
    assertEquals(0, o.code());
    assertTrue(o.out().startsWith("loadlab "), o.out());
  }

  @Test
  void commandHelpListsSharedOptions() {
    CliRun o = run("demo", "--help");
    assertEquals(0, o.code());
    assertTrue(o.out().contains("--only"), o.out());
  }

  @Test
  void unknownCommandIsOneLineExitTwo() {
    CliRun o = run("frobnicate");
    assertEquals(2, o.code());
    assertEquals(1, o.err().strip().lines().count(), o.err());
    assertTrue(o.err().contains("unknown command 'frobnicate'"), o.err());
  }

  @Test
  void unknownOptionIsOneLineExitTwoWithoutStackTrace() {
    CliRun o = run("demo", "--bogus");
    assertEquals(2, o.code());
    assertTrue(o.err().contains("unknown option '--bogus'"), o.err());
    assertFalse(o.err().contains("\tat "), o.err());
  }

  @Test
  void badDurationNamesTheOption() {
    CliRun o = run("demo", "--duration", "10x");
    assertEquals(2, o.code());
    assertTrue(o.err().contains("--duration: '10x' is not a duration"), o.err());
  }

  @Test
  void debugShowsTheStackTrace() {
    CliRun o = run("demo", "--duration", "10x", "--debug");
    assertEquals(2, o.code());
    assertTrue(o.err().contains("\tat "), o.err());
  }

  @Test
  void everyGroupListsItsCommandsOnHelpAndNamesThemInOneLineWhenBare() {
    List<String> groups =
        Commands.all().stream()
            .filter(c -> c.path().length > 1)
            .map(c -> c.path()[0])
            .distinct()
            .toList();
    assertTrue(groups.containsAll(List.of("amqp", "net", "ds2", "provision", "lab", "campaign")));
    for (String group : groups) {
      CliRun help = run(group, "--help");
      assertEquals(0, help.code(), group + ": " + help.err());
      assertTrue(help.out().contains("usage: loadlab " + group + " <command>"), help.out());
      List<String> commands =
          Commands.all().stream()
              .filter(c -> c.path().length > 1 && c.path()[0].equals(group))
              .map(c -> c.path()[1])
              .toList();
      for (String command : commands) {
        assertTrue(help.out().contains("  " + group + " " + command + " "), help.out());
      }
      // Bare: bad input, told in one line that names every command of the group.
      CliRun bare = run(group);
      assertEquals(2, bare.code(), group);
      assertEquals("", bare.out(), group);
      assertEquals(1, bare.err().strip().lines().count(), bare.err());
      assertTrue(bare.err().startsWith("loadlab: " + group + ": name a command: "), bare.err());
      for (String command : commands) {
        assertTrue(bare.err().matches("(?s).*[ :,]" + command + "[ ,'].*"), bare.err());
      }
      assertTrue(bare.err().contains("'loadlab " + group + " --help'"), bare.err());
    }
    CliRun unknown = run("amqp", "frob");
    assertEquals(2, unknown.code());
    assertEquals(1, unknown.err().strip().lines().count(), unknown.err());
    assertTrue(unknown.err().contains("loadlab amqp --help"), unknown.err());
  }

  @Test
  void optionPrefixesAreNotAcceptedAndSecretsAreNotEchoed() {
    CliRun prefix = run("net", "rr", "--dur", "1s");
    assertEquals(2, prefix.code());
    assertTrue(prefix.err().contains("unknown option '--dur'"), prefix.err());
    assertTrue(prefix.err().contains("--duration"), "a hint: " + prefix.err());
    for (String[] args :
        new String[][] {
          {"amqp", "throughput", "--password", "hunter2"},
          {"amqp", "throughput", "--password=hunter2"},
          {"ds2", "run", "--passwd", "hunter2"},
          {"amqp", "throughput", "--password-file", "hunter2"}
        }) {
      CliRun o = run(args);
      assertEquals(2, o.code(), String.join(" ", args) + ": " + o.err());
      assertEquals(1, o.err().strip().lines().count(), o.err());
      assertFalse(o.err().contains("hunter2"), o.err());
      assertFalse(o.out().contains("hunter2"), o.out());
    }
  }

  @Test
  void aSingleValuedOptionGivenTwiceIsRefused() {
    CliRun o =
        run("amqp", "throughput", "--broker", "amqp://127.0.0.1:1", "--broker", "amqp://b:2");
    assertEquals(2, o.code());
    assertEquals(1, o.err().strip().lines().count(), o.err());
    assertTrue(o.err().contains("--broker is given 2 times"), o.err());
  }

  @Test
  void aPasswordInsideAUrlIsRefusedPointingToTheFileOrEnvironment() {
    for (String[] args :
        new String[][] {
          {"amqp", "throughput", "--broker", "amqp://alice:pw@127.0.0.1:1"},
          {"amqp", "latency", "--broker", "amqp://127.0.0.1:1?jms.password=pw"},
          {"ds2", "run", "--url", "jdbc:postgresql://127.0.0.1:1/ds2?user=a&password=pw"},
          {"ds2", "check", "--url", "jdbc:sqlserver://h:1;user=a;password=pw"}
        }) {
      CliRun o = run(args);
      assertEquals(2, o.code(), String.join(" ", args) + ": " + o.err());
      assertEquals(1, o.err().strip().lines().count(), o.err());
      assertTrue(o.err().contains("--password-file"), o.err());
      assertTrue(o.err().contains("LOADLAB_"), o.err());
      assertFalse(o.err().contains("pw@") || o.err().contains("=pw"), o.err());
    }
  }

  @Test
  void incompleteBrokerUrisAreRefusedNeverCompletedToLocalhost() {
    for (String uri :
        new String[] {
          "amqp://", "amqp://127.0.0.1:notaport", "amqp://:5672", "amqp://h:70000", "failover:("
        }) {
      CliRun o = run("amqp", "throughput", "--broker", uri);
      assertEquals(2, o.code(), uri + ": " + o.err());
      assertEquals(1, o.err().strip().lines().count(), o.err());
      assertTrue(o.err().contains("--broker"), o.err());
    }
  }

  @Test
  void anEmptySecretFileIsRefused(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    java.nio.file.Path empty = java.nio.file.Files.writeString(dir.resolve("pw"), "\n");
    CliRun o = run("amqp", "throughput", "--password-file", empty.toString(), "--duration", "1s");
    assertEquals(2, o.code(), o.err());
    assertTrue(o.err().contains("--password-file: the file it names is empty"), o.err());
  }

  @Test
  void overflowingNumbersAreOneLine() {
    CliRun o = run("net", "rr", "--duration", "99999999999999999999h");
    assertEquals(2, o.code());
    assertTrue(o.err().contains("--duration"), o.err());
    CliRun size = run("amqp", "throughput", "--size", "999999999999G");
    assertEquals(2, size.code());
    assertTrue(size.err().contains("--size"), size.err());
  }

  @Test
  void runningOutOfMemoryIsOneLineWithItsLimitAndTheWaysOut() {
    String line = Main.outOfMemory(new OutOfMemoryError("Java heap space"));
    long maxMiB = Runtime.getRuntime().maxMemory() >> 20;
    assertTrue(
        line.startsWith("out of memory (Java heap space, at most " + maxMiB + " MiB here)"), line);
    assertTrue(line.contains("LOADLAB_JAVA_OPTS=-Xmx") && line.contains("fewer users"), line);
    assertFalse(line.contains("\n"), line);
  }
}
