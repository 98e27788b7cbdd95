package io.loadlab.cli.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Broker profiles on the command line: recorded, overridable, and refusing what they cannot. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class AmqpProfileCommandsTest {
  @TempDir Path dir;

  @Test
  void theProfileComesFromTheOpenFrameAndIsRecorded() throws Exception {
    CliRun r =
        CliRun.of(
            "amqp",
            "throughput",
            "--count",
            "200",
            "--mode",
            "fanout",
            "--nsubs",
            "2",
            "--output",
            dir.resolve("out").toString());
    assertEquals(0, r.code(), r.out() + r.err());
    String json = Files.readString(dir.resolve("out/result.json"));
    assertTrue(json.matches("(?s).*\"brokerProduct\" : \"[^\"]*artemis[^\"]*\".*"), json);
    assertTrue(json.contains("\"brokerProfile\" : \"artemis\""), json);
    assertTrue(json.contains("\"brokerProfileFrom\" : \"open frame\""), json);
  }

  @Test
  void whatTheNamedProfileCannotDoIsRefusedBeforeAnythingStarts() {
    CliRun tx =
        CliRun.of(
            "amqp",
            "throughput",
            "--broker-profile",
            "rabbitmq3",
            "--tx",
            "10",
            "--output",
            dir.resolve("tx").toString());
    assertEquals(2, tx.code(), tx.err());
    assertEquals(1, tx.err().strip().lines().count(), tx.err());
    assertTrue(tx.err().contains("--tx: RabbitMQ 3.x (profile rabbitmq3) runs no"), tx.err());
    assertFalse(Files.exists(dir.resolve("tx")));
    CliRun bad = CliRun.of("amqp", "latency", "--broker-profile", "kafka");
    assertEquals(2, bad.code(), bad.err());
    assertTrue(bad.err().contains("--broker-profile: 'kafka' is not a broker profile"), bad.err());
  }

  @Test
  void aBrokerThatCreatesNoQueuesGetsTheListToCreate() {
    for (String command : new String[] {"throughput", "latency"}) {
      CliRun r =
          CliRun.of(
              "amqp",
              command,
              "--broker-profile",
              "qpid-broker-j",
              "--count",
              "10",
              "--output",
              dir.resolve(command).toString());
      assertEquals(2, r.code(), r.err());
      assertEquals(1, r.err().strip().lines().count(), r.err());
      assertTrue(
          r.err().contains("creates no queue on demand; create the queues loadlab-"), r.err());
      assertTrue(r.err().contains("--base-name loadlab-"), r.err());
    }
  }
}
