package io.loadlab.cli.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import io.loadlab.core.broker.EmbeddedBrokerExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Artemis with security on: a missing user, a missing password and a wrong password are each named
 * as a login problem (exit 2, one line), never as an unreachable broker.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class AmqpLoginCommandsTest {
  @RegisterExtension
  static final EmbeddedBrokerExtension BROKER =
      EmbeddedBrokerExtension.withLogin(Map.of("alice", "s3cret-pw"));

  @TempDir Path dir;

  private CliRun run(String command, String... extra) {
    List<String> all =
        new ArrayList<>(
            List.of(
                "amqp",
                command,
                "--broker",
                BROKER.amqpUri(),
                "--output",
                dir.resolve("out") + ""));
    if (command.equals("throughput")) {
      all.addAll(List.of("--count", "200"));
    } else {
      all.addAll(List.of("--count", "50"));
    }
    all.addAll(Arrays.asList(extra));
    return CliRun.of(all.toArray(String[]::new));
  }

  private Path password(String text) throws Exception {
    Path pw = Files.createTempFile(dir, "pw", "");
    Files.writeString(pw, text + "\n");
    return pw;
  }

  private static void assertLoginProblem(CliRun r, String expected) {
    assertEquals(2, r.code(), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    assertTrue(r.err().contains(expected), r.err());
    assertFalse(r.err().contains("cannot reach"), r.err());
    assertFalse(r.err().contains("Exception"), r.err());
    assertFalse(r.err().contains("s3cret-pw") || r.err().contains("wrong-pw"), r.err());
  }

  @Test
  void missingUserIsALoginProblem() {
    for (String command : new String[] {"throughput", "latency"}) {
      CliRun r = run(command);
      assertLoginProblem(r, "refused an anonymous login");
      assertTrue(r.err().contains("--user and the password in --password-file"), r.err());
    }
  }

  @Test
  void missingPasswordIsRefusedBeforeAnyLogin() {
    CliRun r = run("throughput", "--user", "alice");
    assertLoginProblem(r, "--user: user 'alice' has no password");
    assertFalse(Files.exists(dir.resolve("out/result.json")));
  }

  @Test
  void wrongPasswordIsALoginProblem() throws Exception {
    CliRun r = run("latency", "--user", "alice", "--password-file", password("wrong-pw") + "");
    assertLoginProblem(r, "refused the login for user 'alice'");
  }

  @Test
  void theRightLoginRuns() throws Exception {
    CliRun r = run("throughput", "--user", "alice", "--password-file", password("s3cret-pw") + "");
    assertEquals(0, r.code(), r.out() + r.err());
    // auto: the probe logs in as alice too, and the open frame names Artemis.
    String json = Files.readString(dir.resolve("out/result.json"));
    assertTrue(json.contains("\"brokerProfile\" : \"artemis\""), json);
    assertTrue(json.contains("\"brokerProfileFrom\" : \"open frame\""), json);
  }
}
