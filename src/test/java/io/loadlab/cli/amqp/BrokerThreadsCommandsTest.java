package io.loadlab.cli.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import io.loadlab.cli.Main;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code loadlab broker --threads N}: the broker's I/O threads, as the lab reports ran their
 * brokers with {@code --worker-threads}. In a JVM of its own, as a lab runs it; messages flow.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BrokerThreadsCommandsTest {
  @TempDir Path dir;

  @Test
  void theBrokerRunsWithTheThreadsGivenAndMessagesFlow() throws Exception {
    ChildJvmBroker broker =
        ChildJvmBroker.start(
            "threads-broker",
            Pattern.compile("--broker (amqp://\\S+);"),
            Main.class.getName(),
            "broker",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--threads",
            "3");
    try {
      String uri = broker.awaitReady(Duration.ofSeconds(60));
      assertTrue(uri != null, "loadlab broker did not start:\n" + broker.log());
      // Read back from the running acceptor's configuration, not from the option.
      assertTrue(broker.log().contains(", 3 I/O threads;"), broker.log());
      String json =
          BrokerCli.ok(
              dir,
              BrokerCli.run(dir, uri, null, null, "amqp", "throughput", "--count", "300"),
              "artemis");
      assertTrue(json.contains("\"lost\" : 0.0,"), json);
    } finally {
      broker.stop();
    }
  }

  @Test
  void threadsOutOfRangeAreRefusedBeforeTheBrokerStarts() {
    for (String bad : new String[] {"0", "1025", "many"}) {
      CliRun r = CliRun.of("broker", "--port", "0", "--threads", bad, "--duration", "1s");
      assertEquals(2, r.code(), bad + ": " + r.out() + r.err());
      assertTrue(r.err().contains("--threads"), r.err());
      assertEquals(1, r.err().strip().lines().count(), r.err());
      assertTrue(!r.out().contains("listening on"), "nothing started: " + r.out());
    }
  }
}
