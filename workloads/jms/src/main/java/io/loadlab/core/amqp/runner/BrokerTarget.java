package io.loadlab.core.amqp.runner;

import io.loadlab.core.amqp.AmqpConnection;
import io.loadlab.core.amqp.AmqpConnectionSettings;
import io.loadlab.core.amqp.BrokerIdentity;
import io.loadlab.core.amqp.BrokerProfile;
import io.loadlab.core.broker.EmbeddedBroker;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.jms.provider.JmsProvider;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The broker a run loads: the one named by {@code --broker}, or an embedded one started now on a
 * free loopback port (persistent if the run's messages are). Closing stops the embedded broker.
 */
final class BrokerTarget implements AutoCloseable {
  /** The slf4j-simple level of Qpid JMS's loggers. */
  static final String CLIENT_LOG = "org.slf4j.simpleLogger.log.org.apache.qpid.jms";

  final EmbeddedBroker embedded;
  final AmqpConnectionSettings settings;
  final BrokerIdentity identity;
  final boolean profileGiven;

  BrokerTarget(AmqpOptions o, int defaultPrefetch, boolean persistent) {
    quietClientLog();
    // Check every option before starting anything.
    JmsProvider provider = ProviderOptions.provider(o);
    JmsProvider consumerProvider = ProviderOptions.consumerProvider(o);
    String uri = ProviderOptions.brokerUrl(o, provider);
    String consumerUri = o.value("consumer-broker");
    boolean embed = uri == null;
    if (embed) {
      ProviderOptions.requireEmbeddable("--provider", provider);
      if (consumerProvider != null && consumerUri == null) {
        ProviderOptions.requireEmbeddable("--consumer-provider", consumerProvider);
      }
    }
    AmqpConnectionSettings checked =
        settingsFor(
            provider, embed ? provider.embeddedUrl("127.0.0.1", 5672) : uri, o, defaultPrefetch);
    JmsProvider consumerSide = consumerProvider == null ? provider : consumerProvider;
    boolean mixed = consumerProvider != null || consumerUri != null;
    if (mixed && (consumerUri != null || !embed)) {
      // The consumers' own broker is checked before an embedded one starts, too.
      consumerSettings(consumerSide, consumerUri == null ? uri : consumerUri, o, defaultPrefetch);
    }
    this.embedded = embed ? EmbeddedBroker.start("127.0.0.1", 0, persistent, null) : null;
    AmqpConnectionSettings opened =
        embedded == null
            ? checked
            : settingsFor(provider, embedded.urlFor(provider), o, defaultPrefetch);
    if (mixed) {
      String url =
          consumerUri != null
              ? consumerUri
              : embedded != null ? embedded.urlFor(consumerSide) : uri;
      opened = opened.withConsumer(consumerSettings(consumerSide, url, o, defaultPrefetch));
    }
    try {
      // Fail with one line (exit 3, or 2 for a refused login) before any run output if the
      // broker is not there.
      AmqpConnection.open(opened).close();
      if (opened.mixed()) {
        AmqpConnection.open(opened.consumer()).close();
      }
    } catch (RuntimeException e) {
      close();
      throw e;
    }
    // Only an AMQP 1.0 provider can ask the broker who it is (its open frame); the others run
    // with the profile given, else generic (plain names).
    this.identity = provider.speaksAmqp10() ? BrokerIdentity.probe(opened) : BrokerIdentity.UNKNOWN;
    BrokerProfile given = o.profile();
    this.profileGiven = given != null;
    this.settings = opened.withProfile(given != null ? given : BrokerProfile.detect(identity));
  }

  /**
   * Keeps Qpid JMS's own log lines out of the command line's output (before its first class loads):
   * on a refusal it warns with a stack trace (a transaction coordinator the broker never answered,
   * the rollback of a session that never opened), and loadlab says what failed itself, in one line.
   * A {@code -D}{@value #CLIENT_LOG}{@code =LEVEL} given to the JVM (LOADLAB_JAVA_OPTS) wins.
   */
  static void quietClientLog() {
    if (System.getProperty(CLIENT_LOG) == null) {
      System.setProperty(CLIENT_LOG, "off");
    }
  }

  /**
   * Refuses a run whose queues a broker without queue creation would not have: with no {@code
   * --base-name} the run's names are new, so it lists the queues to create and the option to name
   * them.
   */
  void requireQueues(AmqpOptions o, String example, List<String> queues) {
    BrokerProfile p = settings.profile();
    if (p.autoCreate() || o.has("base-name")) {
      return;
    }
    throw new UsageException(
        "--base-name: "
            + p.brokerName()
            + " (profile "
            + p
            + ") creates no queue on demand; create the queues "
            + String.join(", ", queues)
            + " on the broker and run with --base-name "
            + example);
  }

  /** Records the broker, the providers, its identity and profile in a run's configuration. */
  void record(Map<String, Object> config) {
    config.put("broker", describe());
    ProviderOptions.record(config, "provider", settings.provider());
    if (settings.mixed()) {
      ProviderOptions.record(config, "consumerProvider", settings.consumer().provider());
      config.put("consumerBroker", settings.consumer().describe());
    }
    config.put("brokerProduct", identity.product());
    config.put("brokerVersion", identity.version());
    config.put("brokerProfile", settings.profile().label());
    config.put(
        "brokerProfileFrom",
        profileGiven
            ? "--broker-profile"
            : settings.provider().speaksAmqp10() ? "open frame" : "default");
  }

  private static AmqpConnectionSettings consumerSettings(
      JmsProvider provider, String url, AmqpOptions o, int defaultPrefetch) {
    try {
      return settingsFor(provider, url, o, defaultPrefetch);
    } catch (UsageException e) {
      if (e.getMessage().startsWith("--broker:") && o.value("consumer-broker") == null) {
        throw new UsageException(
            "--consumer-broker: the consumers' provider "
                + provider.name()
                + " needs its own URL of the broker ("
                + e.getMessage().substring("--broker: ".length())
                + ")");
      }
      if (e.getMessage().startsWith("--broker:")) {
        // The value is --consumer-broker's: name the option the user gave.
        throw new UsageException(
            "--consumer-broker:" + e.getMessage().substring("--broker:".length()));
      }
      throw e;
    }
  }

  private static AmqpConnectionSettings settingsFor(
      JmsProvider provider, String uri, AmqpOptions o, int defaultPrefetch) {
    return AmqpConnectionSettings.builder(provider, uri)
        .profile(o.profile())
        .user(o.value("user"))
        .passwordFrom(o.path("password-file"))
        .trustStore(trustStore(o))
        .trustStorePasswordFrom(o.path("trust-store-password-file"))
        .prefetch(o.prefetch(defaultPrefetch))
        .presettled(o.has("presettled"))
        .tcpNoDelay(o.onOff("tcp-nodelay", true))
        .waitStrategy(o.waitStrategy())
        .maxFrameSize(o.maxFrameSize())
        .build();
  }

  private static Path trustStore(AmqpOptions o) {
    Path store = o.path("trust-store");
    if (store == null && o.has("trust-store-password-file")) {
      throw new UsageException(
          "--trust-store-password-file: only used with --trust-store; add --trust-store FILE");
    }
    return store;
  }

  /** How the broker is described in results: never with a password. */
  String describe() {
    return embedded == null
        ? settings.describe()
        : "embedded Artemis at " + embedded.urlFor(settings.provider());
  }

  @Override
  public void close() {
    if (embedded != null) {
      embedded.close();
    }
  }
}
