package io.loadlab.core.broker;

import io.loadlab.core.failure.LoadlabException;
import io.loadlab.core.failure.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.remoting.impl.netty.TransportConstants;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.core.settings.impl.AddressFullMessagePolicy;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;

/**
 * An Apache ActiveMQ Artemis broker in this JVM, listening for AMQP 1.0 (and Artemis CORE) on one
 * port. It is what AMQP runs use when no broker is named, what {@code loadlab broker} serves, and
 * what the tests run against. Queues and addresses are created on first use; security is off unless
 * started {@linkplain BrokerOptions#withLogins(Map) with users}. With a {@link BrokerTls} key store
 * the port speaks TLS only ({@code amqps://}). Its acceptor's I/O threads default to 3 per CPU, or
 * are set, as the lab reports set their brokers' worker threads ({@link BrokerOptions#threads()}).
 *
 * <p>The broker's own logging is kept at WARN unless the {@code org.slf4j.simpleLogger.log.*}
 * properties say otherwise.
 */
public final class EmbeddedBroker implements AutoCloseable {
  static {
    quiet("org.apache.activemq");
    quiet("org.apache.activemq.audit");
  }

  private final EmbeddedActiveMQ embedded;
  private final String host;
  private final int port;
  private final Path temporaryDir;
  private final boolean tls;

  private EmbeddedBroker(
      EmbeddedActiveMQ embedded, String host, int port, Path temporaryDir, boolean tls) {
    this.embedded = embedded;
    this.host = host;
    this.port = port;
    this.temporaryDir = temporaryDir;
    this.tls = tls;
  }

  /**
   * Starts a broker as {@code options} say.
   *
   * @throws UsageException if the port is in use or the host cannot be listened on
   * @throws LoadlabException if the broker does not start
   */
  public static EmbeddedBroker start(BrokerOptions options) {
    String host = options.host();
    int port = options.port();
    if (port != 0 && !ListenPorts.canListen(host, port)) {
      throw new UsageException(
          "--port: "
              + host
              + ":"
              + port
              + " is in use (another broker?); stop it or choose another --port, 0 for a free one");
    }
    int attempts = port == 0 ? 5 : 1;
    LoadlabException last = null;
    for (int i = 0; i < attempts; i++) {
      int chosen = port == 0 ? ListenPorts.freePort(host) : port;
      try {
        return startOn(options, chosen);
      } catch (LoadlabException e) {
        last = e;
      }
    }
    throw last;
  }

  /**
   * Starts a plain AMQP broker open to anonymous logins, as {@link #start(BrokerOptions)} does.
   *
   * @param host the address to listen on, e.g. {@code 127.0.0.1} or {@code 0.0.0.0}
   * @param port the port, or 0 for a free one
   * @param persistent keep durable messages in a journal under {@code dataDir}
   * @param dataDir where the journal goes (persistent only; {@code null} for a temporary one)
   */
  public static EmbeddedBroker start(String host, int port, boolean persistent, Path dataDir) {
    return start(new BrokerOptions(host, port, persistent, dataDir, null, null, 0));
  }

  /** Starts a non-persistent broker on a free loopback port. */
  public static EmbeddedBroker startLocal() {
    return start(BrokerOptions.on("127.0.0.1", 0));
  }

  /**
   * Starts a non-persistent broker on a free loopback port that requires a login: only the given
   * users (name to password) may connect, and each may do anything. Anonymous logins are refused.
   * It stands for a lab's broker with security on.
   */
  public static EmbeddedBroker startWithLogin(Map<String, String> users) {
    return start(BrokerOptions.on("127.0.0.1", 0).withLogins(users));
  }

  private static EmbeddedBroker startOn(BrokerOptions options, int port) {
    Path dir = options.dataDir();
    try {
      if (options.persistent() && dir == null) {
        dir = Files.createTempDirectory("loadlab-broker");
      }
    } catch (IOException e) {
      throw new LoadlabException("cannot create a broker data directory: " + e.getMessage(), 1);
    }
    EmbeddedActiveMQ embedded = new EmbeddedActiveMQ();
    embedded.setConfiguration(BrokerConfiguration.of(options, port, dir));
    if (options.users() != null) {
      embedded.setSecurityManager(new BrokerLogins(options.users()));
    }
    String host = options.host();
    try {
      embedded.start();
    } catch (Exception e) {
      stopQuietly(embedded);
      throw new LoadlabException(
          "the embedded broker did not start on " + host + ":" + port + ": " + e.getMessage(),
          1,
          e);
    }
    ActiveMQServer server = embedded.getActiveMQServer();
    boolean listening =
        server.getRemotingService().getAcceptors().values().stream().allMatch(a -> a.isStarted());
    if (!server.isActive() || !listening) {
      stopQuietly(embedded);
      throw new LoadlabException(
          "the embedded broker could not listen on "
              + host
              + ":"
              + port
              + " (is the port taken?); use another --port",
          1);
    }
    Path temporary = options.dataDir() == null ? dir : null;
    return new EmbeddedBroker(embedded, host, port, temporary, options.tls() != null);
  }

  /**
   * The URI clients connect to ({@code amqps://} with TLS); a wildcard listen address is given as
   * 127.0.0.1.
   */
  public String amqpUri() {
    String h =
        host.equals("0.0.0.0") || host.equals("::")
            ? "127.0.0.1"
            : BrokerConfiguration.hostForUri(host);
    return (tls ? "amqps://" : "amqp://") + h + ":" + port;
  }

  /**
   * The URL a JMS provider connects to this broker with (its one acceptor serves AMQP and CORE), or
   * {@code null} if the provider's protocol is not among them or the port speaks TLS.
   */
  public String urlFor(io.loadlab.core.jms.provider.JmsProvider provider) {
    if (provider.speaksAmqp10()) {
      return amqpUri();
    }
    if (tls) {
      return null;
    }
    String h =
        host.equals("0.0.0.0") || host.equals("::")
            ? "127.0.0.1"
            : BrokerConfiguration.hostForUri(host);
    return provider.embeddedUrl(h, port);
  }

  /** True if the port speaks TLS only. */
  public boolean isTls() {
    return tls;
  }

  /** The port it listens on. */
  public int port() {
    return port;
  }

  /**
   * The I/O threads its acceptor was started with: as its configuration says, else Artemis's
   * default of 3 per CPU.
   */
  public int ioThreads() {
    Object set =
        embedded
            .getActiveMQServer()
            .getRemotingService()
            .getAcceptor(BrokerConfiguration.ACCEPTOR)
            .getConfiguration()
            .get(TransportConstants.REMOTING_THREADS_PROPNAME);
    return set == null
        ? 3 * Runtime.getRuntime().availableProcessors()
        : Integer.parseInt(set.toString());
  }

  /** The messages waiting in a queue, or -1 if there is no such queue. */
  public long messageCount(String queue) {
    Queue q = queue(queue);
    return q == null ? -1 : q.getMessageCount();
  }

  /**
   * Refuses messages to an address once it holds {@code maxBytes} (address-full policy FAIL), as a
   * broker at its limit does: senders then get {@code amqp:resource-limit-exceeded}.
   */
  public void limitAddress(String address, long maxBytes) {
    embedded
        .getActiveMQServer()
        .getAddressSettingsRepository()
        .addMatch(
            address,
            new AddressSettings()
                .setMaxSizeBytes(maxBytes)
                .setAddressFullMessagePolicy(AddressFullMessagePolicy.FAIL));
  }

  /**
   * Creates no queue or address matching {@code match} on demand (auto-create off), as Qpid
   * Broker-J and a locked-down Artemis do: a client then gets {@code amqp:not-found}.
   */
  public void refuseAutoCreate(String match) {
    embedded
        .getActiveMQServer()
        .getAddressSettingsRepository()
        .addMatch(
            match, new AddressSettings().setAutoCreateQueues(false).setAutoCreateAddresses(false));
  }

  /** The names of the broker's queues now. */
  public List<String> queueNames() {
    return Arrays.stream(embedded.getActiveMQServer().getActiveMQServerControl().getQueueNames())
        .sorted()
        .toList();
  }

  /** True if the broker has an address of that name (a topic's, or a queue's). */
  public boolean hasAddress(String name) {
    return embedded.getActiveMQServer().getAddressInfo(SimpleString.of(name)) != null;
  }

  /** Stops delivery from a queue (messages still arrive and wait), as a stalled broker would. */
  public void pauseQueue(String queue) {
    Queue q = queue(queue);
    if (q == null) {
      throw new IllegalArgumentException("no queue named " + queue);
    }
    q.pause();
  }

  /** Resumes delivery from a queue paused with {@link #pauseQueue(String)}. */
  public void resumeQueue(String queue) {
    Queue q = queue(queue);
    if (q == null) {
      throw new IllegalArgumentException("no queue named " + queue);
    }
    q.resume();
  }

  private Queue queue(String name) {
    return embedded.getActiveMQServer().locateQueue(SimpleString.of(name));
  }

  /** Stops the broker; connected clients see their connections drop. */
  @Override
  public void close() {
    stopQuietly(embedded);
    if (temporaryDir != null) {
      deleteQuietly(temporaryDir);
    }
  }

  private static void deleteQuietly(Path dir) {
    try (Stream<Path> paths = Files.walk(dir)) {
      paths
          .sorted(Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  Files.deleteIfExists(p);
                } catch (IOException e) {
                  // Left behind in the temporary directory.
                }
              });
    } catch (IOException e) {
      // Left behind in the temporary directory.
    }
  }

  private static void stopQuietly(EmbeddedActiveMQ embedded) {
    try {
      embedded.stop();
    } catch (Exception e) {
      // Stopping a broker that did not fully start.
    }
  }

  private static void quiet(String logger) {
    String key = "org.slf4j.simpleLogger.log." + logger;
    if (System.getProperty(key) == null) {
      System.setProperty(key, "warn");
    }
  }
}
