package io.loadlab.cli.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import io.loadlab.core.broker.EmbeddedBrokerExtension;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The messaging commands on JMS providers other than Qpid JMS: {@code --provider artemis} against
 * the embedded broker's CORE protocol, a mixed-protocol run (CORE in, AMQP 1.0 out), the JNDI path
 * with Artemis's Jakarta client loaded only from a directory outside loadlab's class path (in a JVM
 * of its own whose class path lacks it), and what is refused before anything starts.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ProviderCommandsTest {
  @RegisterExtension static final EmbeddedBrokerExtension BROKER = EmbeddedBrokerExtension.local();

  /** A class of Artemis's Jakarta JMS client, which the JNDI run must load from its directory. */
  private static final String ARTEMIS_CLIENT_CLASS =
      "org/apache/activemq/artemis/jms/client/ActiveMQConnectionFactory.class";

  @TempDir Path dir;

  private String ok(CliRun r) throws Exception {
    assertEquals(0, r.code(), r.out() + r.err());
    String json = Files.readString(dir.resolve("out/result.json"));
    assertTrue(json.contains("\"status\" : \"ok\""), json);
    return json;
  }

  private String[] out(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--output", dir.resolve("out").toString()));
    return all.toArray(String[]::new);
  }

  @Test
  void artemisCoreThroughputAndLatencyAgainstTheEmbeddedBrokerLoseNothing() throws Exception {
    String json =
        ok(
            CliRun.of(
                out(
                    "amqp",
                    "throughput",
                    "--provider",
                    "artemis",
                    "--count",
                    "500",
                    "--npubs",
                    "2")));
    assertTrue(json.contains("\"provider\" : \"artemis\""), json);
    assertTrue(json.contains("\"providerClient\" : \"artemis-jakarta-client 2."), json);
    assertTrue(json.contains("\"providerProtocol\" : \"CORE\""), json);
    assertTrue(json.contains("\"lost\" : 0.0"), json);
    json =
        ok(
            CliRun.of(
                out(
                    "jms",
                    "latency",
                    "--provider",
                    "artemis",
                    "--count",
                    "200",
                    "--rate",
                    "200",
                    "--rate-tolerance",
                    "10%")));
    assertTrue(json.contains("\"providerProtocol\" : \"CORE\""), json);
    // jms is the group's other name, for campaigns too.
    io.loadlab.cli.Main.check(List.of("jms", "throughput", "--provider", "artemis"));
    assertEquals(
        io.loadlab.core.workload.Workloads.installed().optionsOf("amqp latency").markdown(),
        io.loadlab.core.workload.Workloads.installed().optionsOf("jms latency").markdown());
  }

  @Test
  void coreInAmqpOutOnOneBrokerLosesNothing() throws Exception {
    String core = BROKER.get().amqpUri().replace("amqp://", "tcp://");
    String json =
        ok(
            CliRun.of(
                out(
                    "amqp",
                    "throughput",
                    "--provider",
                    "artemis",
                    "--broker",
                    core,
                    "--consumer-provider",
                    "qpid-jms",
                    "--consumer-broker",
                    BROKER.get().amqpUri(),
                    "--count",
                    "500")));
    assertTrue(json.contains("\"consumerProvider\" : \"qpid-jms\""), json);
    assertTrue(json.contains("\"consumerProviderProtocol\" : \"AMQP 1.0\""), json);
    assertTrue(json.contains("\"lost\" : 0.0"), json);
  }

  @Test
  void badProviderChoicesAreRefusedInOneLineBeforeAnythingStarts() {
    String[][] cases = {
      {"amqp", "throughput", "--provider", "ibm-mq"},
      {"amqp", "throughput", "--provider", "artemis", "--presettled"},
      {"amqp", "latency", "--provider", "activemq", "--wait-strategy", "balanced"},
      {"amqp", "latency", "--provider", "rabbitmq"},
      {"amqp", "throughput", "--consumer-provider", "artemis", "--single-connection"},
      {"amqp", "throughput", "--provider-jars", "/tmp"},
      {"amqp", "latency", "--provider", "artemis", "--broker", "amqp://127.0.0.1:5672"},
    };
    String[] named = {
      "--provider: 'ibm-mq' is not a JMS provider; use qpid-jms, artemis, activemq, rabbitmq",
      "--presettled: provider artemis has no presettled delivery",
      "--wait-strategy: provider activemq has no",
      "--provider: provider rabbitmq (AMQP 0-9-1) needs a broker of its own",
      "--single-connection:",
      "--provider-jars: only used with --jndi",
      "--broker: 'amqp://127.0.0.1:5672' is not a URL artemis takes",
    };
    for (int i = 0; i < cases.length; i++) {
      CliRun r = CliRun.of(cases[i]);
      assertEquals(2, r.code(), String.join(" ", cases[i]) + ": " + r.out() + r.err());
      assertTrue(r.err().contains(named[i]), r.err());
      assertEquals(1, r.err().strip().lines().count(), r.err());
    }
  }

  @Test
  void theExampleCampaignComparingProvidersChecksAgainstTheCommandsOptions() {
    Path campaign =
        Path.of(System.getProperty("user.dir"))
            .resolveSibling("examples/jms-providers/campaign.yaml");
    CliRun r = CliRun.of("campaign", "plan", campaign.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(
        r.out()
            .contains(
                "loadlab jms throughput --provider artemis --broker tcp://127.0.0.1:61616"
                    + " --consumer-provider qpid-jms --consumer-broker amqp://127.0.0.1:61616"),
        r.out());
  }

  @Test
  void aProviderThatCannotReachItsBrokerExitsWith3AndItsReason() {
    CliRun r =
        CliRun.of("amqp", "latency", "--provider", "activemq", "--broker", "tcp://127.0.0.1:1");
    assertEquals(3, r.code(), r.out() + r.err());
    assertTrue(r.err().contains("through activemq (Connection refused"), r.err());
  }

  /** The test JVM's class path, split; the one entry that holds Artemis's Jakarta client. */
  private static List<String> classPath() {
    return List.of(System.getProperty("java.class.path").split(File.pathSeparator));
  }

  private static boolean holds(String entry, String classFile) throws Exception {
    Path p = Path.of(entry);
    if (Files.isDirectory(p)) {
      return Files.exists(p.resolve(classFile));
    }
    if (!Files.isRegularFile(p)) {
      return false;
    }
    try (JarFile jar = new JarFile(p.toFile())) {
      return jar.getEntry(classFile) != null;
    }
  }

  private CliRun child(List<String> classPath, String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-cp"));
    cmd.add(String.join(File.pathSeparator, classPath));
    cmd.add("io.loadlab.cli.Main");
    cmd.addAll(List.of(args));
    Path log = dir.resolve("child-" + System.nanoTime() + ".log");
    Process p =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    try {
      assertTrue(p.waitFor(150, TimeUnit.SECONDS), "loadlab did not end: " + Files.readString(log));
    } finally {
      p.destroyForcibly();
    }
    return new CliRun(p.exitValue(), Files.readString(log), "");
  }

  @Test
  void anyProviderThroughJndiWithItsJarsOutsideTheClassPath() throws Exception {
    // Artemis's Jakarta client moves from the class path to a directory of its own.
    List<String> without = new ArrayList<>();
    Path jars = Files.createDirectories(dir.resolve("provider-jars"));
    for (String entry : classPath()) {
      if (entry.contains("artemis-jakarta-client")) {
        Files.copy(Path.of(entry), jars.resolve(Path.of(entry).getFileName()));
      } else {
        without.add(entry);
      }
    }
    assertEquals(1, Files.list(jars).count(), "artemis-jakarta-client on the test's class path");
    for (String entry : without) {
      assertFalse(holds(entry, ARTEMIS_CLIENT_CLASS), entry + " holds the client");
    }
    String core = BROKER.get().amqpUri().replace("amqp://", "tcp://");
    Path jndi =
        Files.writeString(
            dir.resolve("jndi.properties"),
            "java.naming.factory.initial="
                + "org.apache.activemq.artemis.jndi.ActiveMQInitialContextFactory\n"
                + "java.naming.provider.url="
                + core
                + "\n"
                + "connectionFactory.LoadFactory="
                + core
                + "\n"
                + "loadlab.connectionFactory=LoadFactory\n");
    String outDir = dir.resolve("out").toString();
    CliRun r =
        child(
            without,
            "amqp",
            "throughput",
            "--jndi",
            jndi.toString(),
            "--provider-jars",
            jars.toString(),
            "--count",
            "500",
            "--output",
            outDir);
    assertEquals(0, r.code(), r.out());
    String json = Files.readString(dir.resolve("out/result.json"));
    assertTrue(json.contains("\"provider\" : \"jndi\""), json);
    assertTrue(json.contains("\"providerClient\" : \"artemis-jakarta-client-2."), json);
    assertTrue(json.contains("\"lost\" : 0.0"), json);

    // The same file, with a name nothing is bound to, and a class the directory lacks.
    Files.writeString(
        jndi,
        Files.readString(jndi).replace("=LoadFactory", "=NoSuchFactory"),
        java.nio.file.StandardOpenOption.TRUNCATE_EXISTING);
    r =
        child(
            without,
            "amqp",
            "latency",
            "--jndi",
            jndi.toString(),
            "--provider-jars",
            jars.toString());
    assertEquals(2, r.code(), r.out());
    assertTrue(r.out().contains("--jndi: nothing is bound to 'NoSuchFactory'"), r.out());
    Path empty = Files.createDirectories(dir.resolve("other-jars"));
    Files.copy(
        without.stream().filter(e -> e.endsWith(".jar")).map(Path::of).findFirst().get(),
        empty.resolve("unrelated.jar"));
    r =
        child(
            without,
            "amqp",
            "latency",
            "--jndi",
            jndi.toString(),
            "--provider-jars",
            empty.toString());
    assertEquals(2, r.code(), r.out());
    assertTrue(
        r.out()
            .contains(
                "--provider-jars: no class org.apache.activemq.artemis.jndi.ActiveMQInitialContextFactory"),
        r.out());
  }
}
