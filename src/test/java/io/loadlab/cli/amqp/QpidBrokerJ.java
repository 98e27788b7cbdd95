package io.loadlab.cli.amqp;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.qpid.server.SystemLauncher;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Qpid Broker-J 9.2 (Maven Central) in a child JVM of the test's own, on two free loopback ports
 * (one whose login is SCRAM-SHA-256, one PLAIN), in memory, with one user and pre-created queues on
 * its default virtual host (which creates no others but those named {@code auto-…}, made when a
 * consumer attaches). A child JVM keeps the broker's libraries and logging out of the tests' JVM.
 * Its temporary directory ({@code loadlab-broker-j…}) is deleted when it stops, also when it failed
 * to start.
 */
final class QpidBrokerJ implements BeforeAllCallback, AfterAllCallback {
  private final List<String> queues;
  private final String password = "pw-" + UUID.randomUUID();
  private ChildJvmBroker process;
  private int port;
  private int plainPort;
  private Path work;

  QpidBrokerJ(List<String> queues) {
    this.queues = queues;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    try {
      start();
    } catch (Exception | Error e) {
      // Whatever was made before the failure goes now, not left to a later afterAll.
      try {
        afterAll(context);
      } catch (Exception cleanup) {
        e.addSuppressed(cleanup);
      }
      throw e;
    }
  }

  private void start() throws Exception {
    try (ServerSocket s = new ServerSocket(0);
        ServerSocket t = new ServerSocket(0)) {
      port = s.getLocalPort();
      plainPort = t.getLocalPort();
    }
    work = Files.createTempDirectory("loadlab-broker-j");
    Files.writeString(work.resolve("config.json"), config());
    process =
        ChildJvmBroker.start(
            "broker-j", Pattern.compile("BRK-1004"), QpidBrokerJ.class.getName(), work.toString());
    if (process.awaitReady(Duration.ofSeconds(90)) == null) {
      throw new IllegalStateException("Qpid Broker-J did not start:\n" + process.log());
    }
  }

  private String config() throws Exception {
    ObjectMapper json = new ObjectMapper();
    List<Map<String, Object>> qs = new ArrayList<>();
    for (String q : queues) {
      qs.add(Map.of("name", q));
    }
    // Queues named auto-… are made when a consumer attaches (none when a sender does), as a lab
    // may configure it: the runs that create their queues.
    Map<String, Object> autoCreate =
        Map.of(
            "pattern",
            "auto-.*",
            "nodeType",
            "Queue",
            "createdOnPublish",
            false,
            "createdOnConsume",
            true);
    Map<String, Object> virtualHost =
        Map.of("type", "Memory", "queues", qs, "nodeAutoCreationPolicies", List.of(autoCreate));
    Map<String, Object> broker = new HashMap<>();
    broker.put("name", "broker");
    broker.put("modelVersion", "9.0");
    // Two logins, as labs run Broker-J: "scram" as shipped (PLAIN only over TLS), narrowed to
    // SCRAM-SHA-256, which Qpid JMS then picks; "plain" offering PLAIN alone on a port of its own.
    broker.put(
        "authenticationproviders",
        List.of(
            provider("scram", List.of("PLAIN"), List.of("CRAM-MD5", "SCRAM-SHA-1")),
            provider("plain", List.of(), List.of("CRAM-MD5", "SCRAM-SHA-1", "SCRAM-SHA-256"))));
    broker.put(
        "ports", List.of(port("AMQP", port, "scram"), port("AMQP_PLAIN", plainPort, "plain")));
    broker.put(
        "virtualhostnodes",
        List.of(
            Map.of(
                "name", "default",
                "type", "Memory",
                "defaultVirtualHostNode", "true",
                "virtualHostInitialConfiguration", json.writeValueAsString(virtualHost))));
    return json.writeValueAsString(broker);
  }

  private Map<String, Object> provider(
      String name, List<String> secureOnlyMechanisms, List<String> disabledMechanisms) {
    return Map.of(
        "name",
        name,
        "type",
        "Plain",
        "secureOnlyMechanisms",
        secureOnlyMechanisms,
        "disabledMechanisms",
        disabledMechanisms,
        "users",
        List.of(Map.of("name", "loadlab", "password", password, "type", "managed")));
  }

  private static Map<String, Object> port(String name, int number, String login) {
    return Map.of(
        "name",
        name,
        "port",
        number,
        "bindingAddress",
        "127.0.0.1",
        "protocols",
        List.of("AMQP_1_0"),
        "authenticationProvider",
        login,
        "virtualhostaliases",
        List.of(
            Map.of("name", "defaultAlias", "type", "defaultAlias"),
            Map.of("name", "nameAlias", "type", "nameAlias")));
  }

  /**
   * The broker's URI as a lab would give it (its default virtual host named): a port whose login
   * offers SCRAM-SHA-256 alone, as Broker-J offers no PLAIN without TLS unless told to.
   */
  String amqpUri() {
    return "amqp://127.0.0.1:" + port + "?amqp.vhost=default";
  }

  /** A port of the same broker whose login offers PLAIN alone. */
  String plainUri() {
    return "amqp://127.0.0.1:" + plainPort + "?amqp.vhost=default";
  }

  /** The URI without the virtual host: Broker-J does not know the host name 127.0.0.1. */
  String bareUri() {
    return "amqp://127.0.0.1:" + port;
  }

  String user() {
    return "loadlab";
  }

  String password() {
    return password;
  }

  /**
   * Stops the broker, then deletes its directory (once it has ended, so nothing writes there any
   * more); the directory goes even if stopping failed. Safe to call again: JUnit calls it after a
   * failed {@link #beforeAll} too.
   */
  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    try {
      if (process != null) {
        ChildJvmBroker stopping = process;
        process = null;
        stopping.stop();
      }
    } finally {
      if (work != null) {
        Path dir = work;
        work = null;
        deleteTree(dir);
      }
    }
  }

  /** Deletes {@code root} and everything below it, deepest first. */
  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  /** The child JVM: starts the broker from the configuration in the directory given. */
  public static void main(String[] args) throws Exception {
    Path work = Path.of(args[0]);
    Map<String, Object> attributes = new HashMap<>();
    attributes.put("type", "Memory");
    attributes.put("initialConfigurationLocation", work.resolve("config.json").toUri().toString());
    attributes.put("qpid.work_dir", work.toString());
    attributes.put("startupLoggedToSystemOut", true);
    new SystemLauncher().startup(attributes);
  }
}
