package io.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.broker.EmbeddedBroker;
import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.net.NetServer;
import io.loadlab.core.net.NetSocketOptions;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Runs every example plan in {@code src/test/jmeter} with the real JMeter 5.6.3 assembled by
 * jmeter-maven-plugin, in non-GUI mode, against embedded targets started here, and checks the JTL
 * (sample counts, success, no errors) and loadlab's own results written by the listener.
 *
 * <p>Each plan is a JMeter JVM of its own, mostly starting up and waiting: the tests run two at a
 * time (the failsafe configuration's parallelism), except those that share a queue on the broker or
 * a plan's output directory, which hold the same {@link ResourceLock}.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@Execution(ExecutionMode.CONCURRENT)
class ExamplePlansIT {
  /** The net-rr plan's output directory, written by both runs of it. */
  private static final String NET_RR_DIR = "example-runs/net-rr";

  /** The latency plan's queue, loadlab.latency, on the one broker. */
  private static final String LATENCY_QUEUE = "broker queue loadlab.latency";

  /** The throughput plans' queue, loadlab.throughput, on the one broker. */
  private static final String THROUGHPUT_QUEUE = "broker queue loadlab.throughput";

  private static RealJMeter jmeter;
  private static NetServer net;
  private static EmbeddedBroker broker;
  private static Path out;

  @BeforeAll
  static void setUp() throws Exception {
    jmeter = RealJMeter.installed();
    net = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS);
    broker = EmbeddedBroker.startLocal();
    out = Files.createDirectories(Path.of("target", "example-runs").toAbsolutePath());
  }

  @AfterAll
  static void tearDown() {
    if (net != null) {
      net.close();
    }
    if (broker != null) {
      broker.close();
    }
  }

  private static String duration() {
    return System.getProperty("loadlab.it.duration", "3");
  }

  /** Runs a plan; returns its JTL. */
  private static Jtl run(String plan, String... properties) throws Exception {
    return run(Path.of(System.getProperty("loadlab.plans"), plan), properties);
  }

  /** Runs a plan file; returns its JTL (jmeter.log is beside it). */
  private static Jtl run(Path planFile, String... properties) throws Exception {
    String plan = planFile.getFileName().toString();
    Path dir = Files.createDirectories(out.resolve(plan.replace(".jmx", "")));
    Path jtl = dir.resolve("results.jtl");
    Files.deleteIfExists(jtl);
    List<String> args = new ArrayList<>();
    args.addAll(
        List.of(
            "-n",
            "-t",
            planFile.toString(),
            "-l",
            jtl.toString(),
            "-j",
            dir.resolve("jmeter.log").toString(),
            "-Jduration=" + duration(),
            "-Jloadlab.results=" + dir.resolve("loadlab")));
    for (String p : properties) {
      args.add("-J" + p);
    }
    Path console = dir.resolve("console.txt");
    int exit = jmeter.run(args, console, Duration.ofSeconds(150));
    assertEquals(0, exit, "jmeter exit code; output:\n" + Files.readString(console));
    assertTrue(Files.exists(jtl), "no JTL; output:\n" + Files.readString(console));
    return Jtl.read(jtl);
  }

  /** Checks loadlab's results agree with the JTL for {@code label}. */
  private static void assertLoadlabResults(
      String plan, String subdir, String workload, String label, Jtl jtl) throws Exception {
    Path json = out.resolve(plan).resolve("loadlab").resolve(subdir).resolve("result.json");
    RunResult result = ResultJson.read(json);
    assertEquals(workload, result.workload());
    assertEquals(RunStatus.OK, result.status(), result.statusReason());
    OperationStats op = result.totals().get(label);
    assertEquals(jtl.label(label).size(), op.count(), "loadlab and the JTL count the same samples");
    assertTrue(Files.size(json.resolveSibling("histograms.hlog")) > 0);
  }

  private static void assertAllSucceeded(Jtl jtl) {
    assertTrue(jtl.failures().isEmpty(), "failed samples: " + jtl.failures());
  }

  @Test
  @ResourceLock(NET_RR_DIR)
  void networkRr() throws Exception {
    Jtl jtl = run("net-rr.jmx", "net.port=" + net.port(), "threads=2", "response_size=100");
    List<Map<String, String>> rr = jtl.label("rr");
    assertTrue(rr.size() > 100, "rr samples: " + rr.size());
    assertAllSucceeded(jtl);
    assertTrue(rr.stream().allMatch(r -> "100".equals(r.get("bytes"))));
    assertLoadlabResults("net-rr", "net-rr", "net rr", "rr", jtl);
  }

  @Test
  void networkCrr() throws Exception {
    long before = net.stats().transactions();
    Jtl jtl = run("net-crr.jmx", "net.port=" + net.port(), "threads=2", "response_size=100");
    List<Map<String, String>> crr = jtl.label("crr");
    assertTrue(crr.size() > 20, "crr samples: " + crr.size());
    assertAllSucceeded(jtl);
    assertTrue(crr.stream().allMatch(r -> "100".equals(r.get("bytes"))));
    assertTrue(net.stats().transactions() - before >= crr.size(), "the server answered each");
    assertLoadlabResults("net-crr", "net-crr", "net crr", "crr", jtl);
  }

  @Test
  @ResourceLock(NET_RR_DIR)
  void networkRrOverUdp() throws Exception {
    long before = net.stats().transactions();
    Jtl jtl =
        run(
            "net-rr.jmx",
            "net.port=" + net.port(),
            "threads=2",
            "protocol=UDP",
            "udp_timeout_ms=5000", // a loaded build machine can hold a response past 200 ms
            "request_size=14",
            "response_size=100",
            "loadlab.results=" + out.resolve("net-rr-udp"));
    List<Map<String, String>> rr = jtl.label("rr");
    assertTrue(rr.size() > 100, "rr samples: " + rr.size());
    assertAllSucceeded(jtl);
    assertTrue(rr.stream().allMatch(r -> "100".equals(r.get("bytes"))));
    assertTrue(net.stats().transactions() - before >= rr.size(), "the server answered over UDP");
  }

  @Test
  @ResourceLock(LATENCY_QUEUE)
  void aMisspelledPropertyInAHandWrittenPlanIsNamedInJmeterLog() throws Exception {
    String plan =
        Files.readString(Path.of(System.getProperty("loadlab.plans"), "amqp-latency.jmx"));
    String connection = "<stringProp name=\"prefetch\">-1</stringProp>";
    assertTrue(plan.contains(connection), "the example plan's AMQP Connection");
    // As a hand-written plan might: one property of the AMQP Connection misspelled.
    Path misspelled =
        Files.writeString(
            out.resolve("amqp-misspelled.jmx"),
            plan.replace(
                connection, connection + "\n        <boolProp name=\"presetled\">true</boolProp>"));
    Jtl jtl = run(misspelled, "amqp.uri=" + broker.amqpUri(), "threads=1", "rate=20");
    assertAllSucceeded(jtl);
    String log = Files.readString(out.resolve("amqp-misspelled").resolve("jmeter.log"));
    List<String> warnings =
        log.lines().filter(l -> l.contains("unknown property 'presetled'")).toList();
    assertEquals(1, warnings.size(), "one warning, once per element:\n" + log);
    assertTrue(warnings.get(0).contains(" WARN "), warnings.get(0));
    assertTrue(
        warnings
            .get(0)
            .contains(
                "AmqpConnectionConfig 'AMQP Connection': unknown property 'presetled' (ignored);"
                    + " did you mean 'presettled'?"),
        warnings.get(0));
  }

  @Test
  @ResourceLock(LATENCY_QUEUE)
  void amqpLatencyAtAConstantRate() throws Exception {
    Jtl jtl = run("amqp-latency.jmx", "amqp.uri=" + broker.amqpUri(), "threads=2", "rate=50");
    List<Map<String, String>> rt = jtl.label("round trip");
    int seconds = Integer.parseInt(duration());
    // The timer holds the rate to 50 per second at most; on a busy build machine the first round
    // trips (connection set-up) can take most of a short run, so the floor is one per thread.
    assertTrue(rt.size() >= 2 && rt.size() <= 50 * seconds + 10, "round trips: " + rt.size());
    assertEquals(2, rt.stream().map(r -> r.get("threadName")).distinct().count());
    assertAllSucceeded(jtl);
    assertLoadlabResults("amqp-latency", "amqp-latency", "amqp latency", "round trip", jtl);
  }

  @Test
  @ResourceLock(THROUGHPUT_QUEUE)
  void jmsThroughputThroughArtemisCoreConsumesEveryMessage() throws Exception {
    Jtl jtl =
        run(
            "jms-artemis-core-throughput.jmx",
            "amqp.uri=" + broker.amqpUri().replace("amqp://", "tcp://"),
            "publishers=2",
            "consumers=1",
            "rate=2000",
            "messages=300",
            "consume_messages=600",
            "receive_timeout_ms=30000",
            "duration=60",
            "drain=3");
    List<Map<String, String>> published = jtl.label("publish");
    long consumed = jtl.label("consume").stream().filter(r -> !"0".equals(r.get("bytes"))).count();
    assertEquals(600, published.size(), "published");
    assertAllSucceeded(jtl);
    assertEquals(published.size(), consumed, "every published message was consumed");
  }

  @Test
  @ResourceLock(THROUGHPUT_QUEUE)
  void amqpThroughputEveryPublishedMessageIsConsumed() throws Exception {
    Jtl jtl =
        run(
            "amqp-throughput.jmx",
            "amqp.uri=" + broker.amqpUri(),
            "publishers=2",
            "consumers=1",
            "rate=2000",
            // A count, not a time: a loaded build machine can take 7 s to connect (the first
            // sample), so each publisher sends 300 messages and the consumer takes all 600, waiting
            // for each as long as it may take; the duration is only a cap.
            "messages=300",
            "consume_messages=600",
            "receive_timeout_ms=30000",
            "duration=60",
            "drain=3");
    List<Map<String, String>> published = jtl.label("publish");
    long consumed = jtl.label("consume").stream().filter(r -> !"0".equals(r.get("bytes"))).count();
    assertEquals(600, published.size(), "published");
    assertAllSucceeded(jtl);
    assertEquals(published.size(), consumed, "every published message was consumed");
    assertLoadlabResults("amqp-throughput", "amqp-throughput", "amqp throughput", "publish", jtl);
  }

  @Test
  void ds2StepsEachASamplerOfItsOwn() throws Exception {
    DatabaseTarget db = TestDatabase.ds2();
    Jtl jtl =
        run(
            "ds2-steps.jmx",
            "ds2.url=" + db.url(),
            "ds2.user=" + (db.user() == null ? "" : db.user()),
            "ds2.size=" + TestDatabase.SIZE,
            "threads=2");
    for (String label : List.of("new customer", "login", "browse", "purchase")) {
      assertTrue(jtl.label(label).size() >= 2, label + ": " + jtl.label(label).size());
    }
    assertAllSucceeded(jtl);
    assertLoadlabResults("ds2-steps", "ds2-steps", "ds2", "purchase", jtl);
  }

  @Test
  void ds2Orders() throws Exception {
    DatabaseTarget db = TestDatabase.ds2();
    Jtl jtl =
        run(
            "ds2.jmx",
            "ds2.url=" + db.url(),
            "ds2.user=" + (db.user() == null ? "" : db.user()),
            "ds2.size=" + TestDatabase.SIZE,
            "threads=20");
    List<Map<String, String>> orders = jtl.label("order");
    assertTrue(orders.size() >= 20, "orders: " + orders.size());
    assertAllSucceeded(jtl);
    assertEquals(20, orders.stream().map(r -> r.get("threadName")).distinct().count());
    assertLoadlabResults("ds2", "ds2", "ds2", "order", jtl);
  }
}
