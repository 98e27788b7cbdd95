package io.loadlab.cli.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import io.loadlab.core.amqp.AmqpClient;
import io.loadlab.core.amqp.AmqpConnectionSettings;
import io.loadlab.core.amqp.AmqpException;
import io.loadlab.core.amqp.BrokerIdentity;
import io.loadlab.core.amqp.BrokerProfile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Qpid Broker-J 9.2, whose default virtual host creates no queue on demand: runs work with
 * pre-created queues and --base-name, and without them say what to create.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class QpidBrokerJCommandsTest {
  @RegisterExtension
  static final QpidBrokerJ BROKER = new QpidBrokerJ(List.of("lab-0", "lab-1", "lat-1"));

  @TempDir Path dir;

  private CliRun run(String uri, String... args) throws Exception {
    return BrokerCli.run(dir, uri, BROKER.user(), BROKER.password(), args);
  }

  private String ok(CliRun r) throws Exception {
    String json = BrokerCli.ok(dir, r, "qpid-broker-j");
    return json;
  }

  @Test
  void throughputAndLatencyWithPreCreatedQueues() throws Exception {
    String shared =
        ok(
            run(
                BROKER.amqpUri(),
                "amqp",
                "throughput",
                "--count",
                "300",
                "--qt",
                "2",
                "--base-name",
                "lab"));
    assertTrue(shared.contains("\"lost\" : 0.0,"), shared);
    String tx =
        ok(
            run(
                BROKER.amqpUri(),
                "amqp",
                "throughput",
                "--count",
                "300",
                "--tx",
                "10",
                "--base-name",
                "lab"));
    assertTrue(tx.contains("\"lost\" : 0.0,"), tx);
    String fanout =
        ok(
            run(
                BROKER.amqpUri(),
                "amqp",
                "throughput",
                "--count",
                "300",
                "--mode",
                "fanout",
                "--nsubs",
                "2"));
    assertTrue(fanout.contains("\"lost\" : 0.0,"), fanout);
    ok(run(BROKER.amqpUri(), "amqp", "latency", "--count", "100", "--base-name", "lat"));
  }

  @Test
  void autoRecognisesBrokerJWhicheverLoginItOffers() throws Exception {
    for (String uri : List.of(BROKER.amqpUri(), BROKER.plainUri())) {
      String json = ok(run(uri, "amqp", "latency", "--count", "20", "--base-name", "lat"));
      assertTrue(json.contains("\"brokerProfileFrom\" : \"open frame\""), json);
      assertTrue(json.contains("\"brokerVersion\" : \"9.2"), json);
      AmqpConnectionSettings login =
          AmqpConnectionSettings.builder(uri)
              .user(BROKER.user())
              .password(BROKER.password())
              .build();
      BrokerIdentity id = BrokerIdentity.probe(login);
      assertEquals(BrokerProfile.QPID_BROKER_J, BrokerProfile.detect(id), id.toString());
      assertEquals(9, id.majorVersion(), id.toString());
    }
    // The login offers SCRAM-SHA-256 alone: Qpid JMS restricted to PLAIN cannot log in, nor can
    // the probe, which logs in as the run's clients do.
    AmqpConnectionSettings plainOnly =
        AmqpConnectionSettings.builder(BROKER.amqpUri() + "&amqp.saslMechanisms=PLAIN")
            .user(BROKER.user())
            .password(BROKER.password())
            .build();
    assertEquals(BrokerIdentity.UNKNOWN, BrokerIdentity.probe(plainOnly));
  }

  @Test
  void withoutQueuesTheRunSaysWhatToCreate() throws Exception {
    CliRun none = run(BROKER.amqpUri(), "amqp", "throughput", "--count", "10", "--qt", "2");
    assertEquals(2, none.code(), none.err());
    assertEquals(1, none.err().strip().lines().count(), none.err());
    assertTrue(
        none.err()
            .contains(
                "create the queues loadlab-perftest-0, loadlab-perftest-1 on the broker and"
                    + " run with --base-name loadlab-perftest"),
        none.err());
    CliRun missing =
        run(BROKER.amqpUri(), "amqp", "throughput", "--count", "10", "--base-name", "absent");
    assertEquals(2, missing.code(), missing.err());
    assertTrue(missing.err().contains("amqp:not-found"), missing.err());
    assertTrue(missing.err().contains("create the queues absent-0 on the broker"), missing.err());
  }

  @Test
  void theQueuesToCreateAreTheSameFromRunToRun() throws Exception {
    // Under the generic profile the run makes names of its own up and the broker refuses them;
    // what it asks the user to create is the same each time, with the --base-name to give. The
    // second run is a JVM of its own: no library log line, no stack trace, in all it printed.
    String[][] commands = {
      {"throughput", "--qt", "2"}, {"latency"},
    };
    String[] asks = {
      "create the queues loadlab-perftest-0, loadlab-perftest-1 on the broker and run with"
          + " --base-name loadlab-perftest",
      "create the queues loadlab-latency-1 on the broker and run with --base-name loadlab-latency"
    };
    for (int c = 0; c < commands.length; c++) {
      for (int run = 0; run < 2; run++) {
        List<String> args = new java.util.ArrayList<>(List.of("amqp"));
        args.addAll(List.of(commands[c]));
        args.addAll(List.of("--count", "10", "--broker-profile", "generic"));
        String[] all = args.toArray(String[]::new);
        CliRun r =
            run == 0
                ? run(BROKER.amqpUri(), all)
                : BrokerCli.child(dir, BROKER.amqpUri(), BROKER.user(), BROKER.password(), all);
        String printed = r.out() + r.err();
        assertEquals(2, r.code(), printed);
        List<String> refusals = printed.lines().filter(l -> l.startsWith("loadlab: ")).toList();
        assertEquals(1, refusals.size(), printed);
        assertTrue(refusals.get(0).contains("amqp:not-found"), printed);
        assertTrue(refusals.get(0).endsWith(asks[c]), printed);
        assertFalse(printed.contains("Exception") || printed.contains("\tat "), printed);
      }
    }
  }

  @Test
  void anUnknownVirtualHostIsASettingWithTheFix() throws Exception {
    CliRun r = run(BROKER.bareUri(), "amqp", "latency", "--count", "10");
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("has no virtual host"), r.err());
    assertTrue(r.err().contains("amqp.vhost=default"), r.err());
  }

  private boolean exists(String queue) {
    AmqpConnectionSettings settings =
        AmqpConnectionSettings.builder(BROKER.amqpUri())
            .user(BROKER.user())
            .password(BROKER.password())
            .build();
    // A sender creates no queue here: it attaches if the queue exists, else amqp:not-found.
    try (AmqpClient c = AmqpClient.connect(settings)) {
      c.attachProducer("queue://" + queue);
      return true;
    } catch (AmqpException e) {
      assertTrue(
          e.getMessage().contains("not-found")
              || e.getMessage().contains("Not Found")
              || e.getMessage().contains("not found"),
          e.getMessage());
      return false;
    }
  }

  @Test
  void oneQueueMissingDeletesNothingAndTheResultSaysWhatToCreate() throws Exception {
    CliRun r =
        run(
            BROKER.amqpUri(),
            "amqp",
            "throughput",
            "--count",
            "100",
            "--qt",
            "3",
            "--base-name",
            "lab");
    assertEquals(2, r.code(), r.err());
    String json = Files.readString(dir.resolve("out/result.json"));
    assertTrue(json.contains("\"queuesDeleted\" : 0.0"), json);
    assertTrue(json.contains("amqp:not-found"), json);
    assertTrue(json.contains("create the queues lab-0, lab-1, lab-2 on the broker"), json);
    assertTrue(exists("lab-0") && exists("lab-1"), "the user's queues stay");
  }

  @Test
  void queuesTheRunCreatedAreDeletedThePreCreatedOnesKept() throws Exception {
    CliRun created =
        run(
            BROKER.amqpUri(),
            "amqp",
            "throughput",
            "--count",
            "100",
            "--qt",
            "2",
            "--base-name",
            "auto-tp");
    String json = ok(created);
    assertTrue(json.contains("\"queuesDeleted\" : 2.0"), created.err());
    assertFalse(exists("auto-tp-0"));
    assertFalse(exists("auto-tp-1"));
    ok(run(BROKER.amqpUri(), "amqp", "latency", "--count", "20", "--base-name", "auto-lat"));
    assertFalse(exists("auto-lat-1"));
    String kept =
        ok(run(BROKER.amqpUri(), "amqp", "throughput", "--count", "100", "--base-name", "lab"));
    assertTrue(kept.contains("\"queuesDeleted\" : 0.0"), kept);
    assertTrue(exists("lab-0"), "a queue made before the run is never deleted");
    CliRun keep =
        run(
            BROKER.amqpUri(),
            "amqp",
            "throughput",
            "--count",
            "100",
            "--base-name",
            "auto-keep",
            "--keep-queues");
    ok(keep);
    assertTrue(
        keep.err().contains("kept the run's queues (--keep-queues): auto-keep-0"), keep.err());
    assertTrue(exists("auto-keep-0"));
  }
}
