package io.loadlab.cli.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import io.loadlab.core.amqp.AmqpClient;
import io.loadlab.core.amqp.AmqpConnectionSettings;
import io.loadlab.core.broker.EmbeddedBroker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A broker that creates one of the run's queues not on demand (an Artemis with auto-create off for
 * it, as Qpid Broker-J is for all): the run fails before it starts, deletes nothing (the two queues
 * the user made stay, the third never existed) and its result.json says why in one line.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class AmqpMissingQueueCommandsTest {
  @TempDir Path dir;

  @Test
  void oneQueueMissingCountsNoDeletionAndTheReasonIsInResultJson() throws Exception {
    try (EmbeddedBroker broker = EmbeddedBroker.startLocal()) {
      broker.refuseAutoCreate("lab-2");
      try (AmqpClient c = AmqpClient.connect(AmqpConnectionSettings.of(broker.amqpUri()))) {
        c.subscribe("queue://lab-0");
        c.subscribe("queue://lab-1");
      }
      Path out = dir.resolve("out");
      CliRun r =
          CliRun.of(
              "amqp",
              "throughput",
              "--broker",
              broker.amqpUri(),
              "--count",
              "100",
              "--qt",
              "3",
              "--base-name",
              "lab",
              "--output",
              out.toString());
      assertEquals(2, r.code(), r.out() + r.err());
      assertEquals(1, r.err().strip().lines().count(), r.err());
      assertTrue(r.err().contains("amqp:not-found"), r.err());
      String json = Files.readString(out.resolve("result.json"));
      assertTrue(json.contains("\"status\" : \"failed\""), json);
      assertTrue(json.contains("\"queuesDeleted\" : 0.0"), json);
      assertTrue(json.contains("amqp:not-found"), json);
      assertTrue(json.contains("lab-2"), json);
      assertNotEquals(-1, broker.messageCount("lab-0"), "the user's queue stays");
      assertNotEquals(-1, broker.messageCount("lab-1"), "the user's queue stays");
    }
  }
}
