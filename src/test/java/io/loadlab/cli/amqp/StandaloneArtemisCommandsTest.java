package io.loadlab.cli.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import io.loadlab.cli.Main;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A standalone Artemis requiring a login: {@code loadlab broker --users-file} in a JVM of its own
 * (as a lab runs it on the broker host), loaded by runs in this one. Every mode works with the
 * login, queues are gone after the run, and each login problem is named as such (exit 2).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class StandaloneArtemisCommandsTest {
  private static final String PASSWORD = "pw-standalone-7f3";
  private static ChildJvmBroker broker;
  private static String uri;

  /** The broker's users file; JUnit deletes it after {@link #stopBroker()}. */
  @TempDir static Path work;

  @TempDir Path dir;

  @BeforeAll
  static void startBroker() throws Exception {
    Path users = Files.writeString(work.resolve("users"), "# lab users\nalice:" + PASSWORD + "\n");
    broker =
        ChildJvmBroker.start(
            "standalone-broker",
            Pattern.compile("--broker (amqp://\\S+);"),
            Main.class.getName(),
            "broker",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--users-file",
            users.toString());
    uri = broker.awaitReady(Duration.ofSeconds(60));
    String log = broker.log();
    assertTrue(uri != null, "loadlab broker did not start:\n" + log);
    assertTrue(log.contains("login required (1 users)"), log);
    assertFalse(log.contains(PASSWORD), "the password is never printed");
  }

  @AfterAll
  static void stopBroker() throws Exception {
    if (broker != null) {
      broker.stop();
    }
  }

  private CliRun run(String user, String password, String... args) throws Exception {
    return BrokerCli.run(dir, uri, user, password, args);
  }

  private String ok(CliRun r) throws Exception {
    return BrokerCli.ok(dir, r, "artemis");
  }

  @Test
  void everyModeWorksWithTheLoginAndLeavesNoQueue() throws Exception {
    String[][] modes = {
      {"--mode", "shared", "--qt", "2", "--nsubs", "2"},
      {"--mode", "fanout", "--nsubs", "2", "--durable"},
      {"--mode", "topic", "--qt", "2"},
      {"--tx", "10"},
      {"--presettled"},
    };
    for (String[] mode : modes) {
      List<String> args = new ArrayList<>(List.of("amqp", "throughput", "--count", "200"));
      args.addAll(Arrays.asList(mode));
      String json = ok(run("alice", PASSWORD, args.toArray(String[]::new)));
      assertTrue(json.contains("\"lost\" : 0.0,"), json);
      assertFalse(json.contains("queues-kept"), json);
      assertFalse(json.contains("\"queuesDeleted\" : 0.0"), Arrays.toString(mode) + json);
    }
    String latency = ok(run("alice", PASSWORD, "amqp", "latency", "--count", "50"));
    assertTrue(latency.contains("\"queuesDeleted\" : 1.0"), latency);
  }

  @Test
  void loginProblemsAreNamedAsSuch() throws Exception {
    CliRun anonymous = run(null, null, "amqp", "latency", "--count", "10");
    assertEquals(2, anonymous.code(), anonymous.err());
    assertTrue(anonymous.err().contains("refused an anonymous login"), anonymous.err());
    CliRun noPassword = run("alice", null, "amqp", "latency", "--count", "10");
    assertEquals(2, noPassword.code(), noPassword.err());
    assertTrue(noPassword.err().contains("--user"), noPassword.err());
    CliRun wrong = run("alice", "not-the-password", "amqp", "latency", "--count", "10");
    assertEquals(2, wrong.code(), wrong.err());
    assertTrue(wrong.err().contains("refused the login for user 'alice'"), wrong.err());
    for (CliRun r : List.of(anonymous, noPassword, wrong)) {
      assertEquals(1, r.err().strip().lines().count(), r.err());
      assertFalse(r.err().contains("cannot reach"), r.err());
      assertFalse(r.err().contains("not-the-password"), r.err());
    }
  }
}
