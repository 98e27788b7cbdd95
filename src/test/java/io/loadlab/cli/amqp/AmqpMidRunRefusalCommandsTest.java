package io.loadlab.cli.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import io.loadlab.core.amqp.AmqpClient;
import io.loadlab.core.amqp.AmqpConnectionSettings;
import io.loadlab.core.broker.EmbeddedBrokerExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A refusal the broker sends after setup, on a send (here Artemis at its address limit: {@code
 * amqp:resource-limit-exceeded}), ends the run at once as a setting to change: exit 2 and one line
 * with the broker's condition and the fix, the result kept as failed with the same reason.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class AmqpMidRunRefusalCommandsTest {
  @RegisterExtension static final EmbeddedBrokerExtension BROKER = EmbeddedBrokerExtension.local();

  @TempDir Path dir;

  @Test
  void aSendTheBrokerRefusesMidRunExitsTwoWithTheFix() throws Exception {
    // The queue exists and delivers nothing, so messages pile up until the address is full.
    try (AmqpClient c = AmqpClient.connect(AmqpConnectionSettings.of(BROKER.amqpUri()))) {
      c.subscribe("queue://full-0");
    }
    BROKER.get().pauseQueue("full-0");
    BROKER.get().limitAddress("full-0", 16 * 1024);
    long start = System.nanoTime();
    CliRun r =
        CliRun.of(
            "amqp",
            "throughput",
            "--broker",
            BROKER.amqpUri(),
            "--base-name",
            "full",
            "--size",
            "1024",
            "--count",
            "5000",
            "--receive-timeout",
            "30s",
            "--output",
            dir.resolve("out").toString());
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
    assertEquals(2, r.code(), r.out() + r.err());
    String err = r.err().strip();
    assertEquals(1, err.lines().filter(l -> l.startsWith("loadlab:")).count(), err);
    String line = err.lines().filter(l -> l.startsWith("loadlab:")).findFirst().orElseThrow();
    assertTrue(line.contains("amqp:resource-limit-exceeded"), line);
    assertTrue(line.contains("the broker is at a limit"), line);
    assertTrue(seconds < 30, "failed at once, not after the receive timeout: " + seconds + " s");
    String json = Files.readString(dir.resolve("out/result.json"));
    assertTrue(json.contains("\"status\" : \"failed\""), json);
    assertTrue(json.contains("resource-limit-exceeded"), json);
  }
}
