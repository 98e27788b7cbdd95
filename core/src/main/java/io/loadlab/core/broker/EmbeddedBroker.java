package io.loadlab.core.broker;

import io.loadlab.core.failure.LoadlabException;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Texts;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.CoreAddressConfiguration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.remoting.impl.netty.TransportConstants;
import org.apache.activemq.artemis.core.security.CheckType;
import org.apache.activemq.artemis.core.security.Role;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.JournalType;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.apache.activemq.artemis.spi.core.security.ActiveMQSecurityManager;

/**
 * An Apache ActiveMQ Artemis broker in this JVM, listening for AMQP 1.0 (and Artemis CORE) on one
 * port. It is what AMQP runs use when no broker is named, what {@code loadlab broker} serves, and
 * what the tests run against. Queues and addresses are created on first use; security is off unless
 * started {@linkplain #startWithLogin(Map) with users}. With a {@link Tls} key store the port
 * speaks TLS only ({@code amqps://}). Its acceptor's I/O threads (Artemis's {@code
 * remotingThreads}: the Netty event loops that read and write every connection) default to 3 per
 * CPU, or are set, as the lab reports set their brokers' worker threads.
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

  /** Most I/O threads a broker may be given (far more than any machine's cores). */
  public static final int MAX_THREADS = 1024;

  private EmbeddedBroker(
      EmbeddedActiveMQ embedded, String host, int port, Path temporaryDir, boolean tls) {
    this.embedded = embedded;
    this.host = host;
    this.port = port;
    this.temporaryDir = temporaryDir;
    this.tls = tls;
  }

  /**
   * The broker's TLS identity: a key store (PKCS12 or JKS) holding its private key and certificate,
   * and the key store's password. {@link #toString()} never shows the password.
   */
  public record Tls(Path keyStore, String password) {
    public Tls {
      if (keyStore == null || !java.nio.file.Files.isReadable(keyStore)) {
        throw new UsageException(
            "--tls-keystore: cannot read '"
                + Texts.cut(keyStore)
                + "'; name a readable PKCS12 or JKS file");
      }
    }

    @Override
    public String toString() {
      return "Tls[keyStore=" + keyStore + "]";
    }
  }

  /**
   * Starts a broker.
   *
   * @param host the address to listen on, e.g. {@code 127.0.0.1} or {@code 0.0.0.0}
   * @param port the port, or 0 for a free one
   * @param persistent keep durable messages in a journal under {@code dataDir}
   * @param dataDir where the journal goes (persistent only; {@code null} for a temporary one)
   * @throws LoadlabException if the port is taken or the broker does not start
   */
  public static EmbeddedBroker start(String host, int port, boolean persistent, Path dataDir) {
    return start(host, port, persistent, dataDir, null);
  }

  /**
   * Starts a broker, as {@link #start(String, int, boolean, Path)} does, whose port speaks TLS with
   * the given identity ({@code null}: plain AMQP).
   */
  public static EmbeddedBroker start(
      String host, int port, boolean persistent, Path dataDir, Tls tls) {
    return start(host, port, persistent, dataDir, tls, null, 0);
  }

  /**
   * Starts a broker as {@link #start(String, int, boolean, Path, Tls)} does with {@code threads}
   * I/O threads on its acceptor (1 to {@value #MAX_THREADS}; 0: Artemis's default, 3 per CPU).
   */
  public static EmbeddedBroker start(
      String host, int port, boolean persistent, Path dataDir, Tls tls, int threads) {
    return start(host, port, persistent, dataDir, tls, null, threads);
  }

  /**
   * Starts a non-persistent broker on a free loopback port that requires a login: only the given
   * users (name to password) may connect, and each may do anything. Anonymous logins are refused.
   * It stands for a lab's broker with security on.
   */
  public static EmbeddedBroker startWithLogin(Map<String, String> users) {
    return start("127.0.0.1", 0, false, null, null, Map.copyOf(users), 0);
  }

  /**
   * Starts a broker as {@link #start(String, int, boolean, Path, Tls)} does that requires a login
   * from one of {@code users} (name to password); each may do anything once logged in, including
   * management. {@code tls} may be null.
   */
  public static EmbeddedBroker startWithLogin(
      String host, int port, boolean persistent, Path dataDir, Tls tls, Map<String, String> users) {
    return start(host, port, persistent, dataDir, tls, Map.copyOf(users), 0);
  }

  /**
   * Starts a broker requiring a login as {@link #startWithLogin(String, int, boolean, Path, Tls,
   * Map)} does, with {@code threads} I/O threads (0: Artemis's default).
   */
  public static EmbeddedBroker startWithLogin(
      String host,
      int port,
      boolean persistent,
      Path dataDir,
      Tls tls,
      Map<String, String> users,
      int threads) {
    return start(host, port, persistent, dataDir, tls, Map.copyOf(users), threads);
  }

  private static EmbeddedBroker start(
      String host,
      int port,
      boolean persistent,
      Path dataDir,
      Tls tls,
      Map<String, String> users,
      int threads) {
    if (port < 0 || port > 65535) {
      throw new UsageException("--port: " + port + " is out of range; use 0 to 65535");
    }
    if (threads < 0 || threads > MAX_THREADS) {
      throw new UsageException(
          "--threads: " + threads + " is out of range; use 1 to " + MAX_THREADS);
    }
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
        return startOn(host, chosen, persistent, dataDir, tls, users, threads);
      } catch (LoadlabException e) {
        last = e;
      }
    }
    throw last;
  }

  /** Starts a non-persistent broker on a free loopback port. */
  public static EmbeddedBroker startLocal() {
    return start("127.0.0.1", 0, false, null);
  }

  private static EmbeddedBroker startOn(
      String host,
      int port,
      boolean persistent,
      Path dataDir,
      Tls tls,
      Map<String, String> users,
      int threads) {
    Path dir = dataDir;
    try {
      if (persistent && dir == null) {
        dir = java.nio.file.Files.createTempDirectory("loadlab-broker");
      }
    } catch (IOException e) {
      throw new LoadlabException("cannot create a broker data directory: " + e.getMessage(), 1);
    }
    Configuration config = new ConfigurationImpl();
    config.setName("loadlab");
    config.setPersistenceEnabled(persistent);
    config.setSecurityEnabled(users != null);
    config.setJMXManagementEnabled(false);
    config.setCriticalAnalyzer(false);
    config.setMaxDiskUsage(-1);
    config.setJournalType(JournalType.NIO);
    if (dir != null) {
      config.setBrokerInstance(dir.toFile());
      config.setJournalDirectory(dir.resolve("journal").toString());
      config.setBindingsDirectory(dir.resolve("bindings").toString());
      config.setPagingDirectory(dir.resolve("paging").toString());
      config.setLargeMessagesDirectory(dir.resolve("large-messages").toString());
      config.setNodeManagerLockDirectory(dir.toString());
    }
    // As Artemis's default broker.xml: dead letters and expired messages have somewhere to go
    // (and the broker does not warn about it for every queue).
    for (String special : new String[] {"DLQ", "ExpiryQueue"}) {
      config.addAddressConfiguration(
          new CoreAddressConfiguration()
              .setName(special)
              .addRoutingType(RoutingType.ANYCAST)
              .addQueueConfiguration(
                  QueueConfiguration.of(special).setRoutingType(RoutingType.ANYCAST)));
    }
    config.addAddressSetting(
        "#",
        new AddressSettings()
            .setDeadLetterAddress(SimpleString.of("DLQ"))
            .setExpiryAddress(SimpleString.of("ExpiryQueue"))
            .setAutoCreateQueues(true)
            .setAutoCreateAddresses(true)
            .setAutoDeleteQueues(false)
            .setAutoDeleteAddresses(false));
    try {
      config.addAcceptorConfiguration(
          "amqp",
          "tcp://"
              + hostForUri(host)
              + ":"
              + port
              + "?protocols=AMQP,CORE;tcpNoDelay=true;useEpoll=true;amqpCredits=1000;amqpLowCredits=300");
      Map<String, Object> params = config.getAcceptorConfigurations().iterator().next().getParams();
      if (threads > 0) {
        params.put(TransportConstants.REMOTING_THREADS_PROPNAME, threads);
      }
      if (tls != null) {
        // Set as parameters, not in the URI: a password may hold ';' or '&'.
        params.put(TransportConstants.SSL_ENABLED_PROP_NAME, true);
        params.put(
            TransportConstants.KEYSTORE_PATH_PROP_NAME, tls.keyStore().toAbsolutePath().toString());
        params.put(TransportConstants.KEYSTORE_PASSWORD_PROP_NAME, tls.password());
        params.put(TransportConstants.KEYSTORE_TYPE_PROP_NAME, keyStoreType(tls.keyStore()));
      }
    } catch (Exception e) {
      throw new UsageException(
          "--host: '" + Texts.cut(host) + "' cannot be listened on; use an IP address");
    }
    EmbeddedActiveMQ embedded = new EmbeddedActiveMQ();
    embedded.setConfiguration(config);
    if (users != null) {
      embedded.setSecurityManager(new Users(users));
    }
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
    return new EmbeddedBroker(embedded, host, port, dataDir == null ? dir : null, tls != null);
  }

  /** The users of a broker that requires a login; each may do anything once logged in. */
  private record Users(Map<String, String> passwords) implements ActiveMQSecurityManager {
    @Override
    public boolean validateUser(String user, String password) {
      return user != null && password != null && password.equals(passwords.get(user));
    }

    @Override
    public boolean validateUserAndRole(
        String user, String password, Set<Role> roles, CheckType checkType) {
      return validateUser(user, password);
    }
  }

  private static String keyStoreType(Path keyStore) {
    String name = keyStore.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
    return name.endsWith(".jks") ? "JKS" : "PKCS12";
  }

  private static String hostForUri(String host) {
    return host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
  }

  /**
   * The URI clients connect to ({@code amqps://} with TLS); a wildcard listen address is given as
   * 127.0.0.1.
   */
  public String amqpUri() {
    String h = host.equals("0.0.0.0") || host.equals("::") ? "127.0.0.1" : hostForUri(host);
    return (tls ? "amqps://" : "amqp://") + h + ":" + port;
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
            .getAcceptor("amqp")
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
                .setAddressFullMessagePolicy(
                    org.apache.activemq.artemis.core.settings.impl.AddressFullMessagePolicy.FAIL));
  }

  /** The names of the broker's queues now. */
  public java.util.List<String> queueNames() {
    return java.util.Arrays.stream(
            embedded.getActiveMQServer().getActiveMQServerControl().getQueueNames())
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
    try (java.util.stream.Stream<Path> paths = java.nio.file.Files.walk(dir)) {
      paths
          .sorted(java.util.Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  java.nio.file.Files.deleteIfExists(p);
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
