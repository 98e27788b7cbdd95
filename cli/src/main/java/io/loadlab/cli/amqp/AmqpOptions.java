package io.loadlab.cli.amqp;

import io.loadlab.cli.OptionDefs;
import io.loadlab.core.amqp.AmqpConnection;
import io.loadlab.core.amqp.AmqpConnectionSettings;
import io.loadlab.core.amqp.BrokerIdentity;
import io.loadlab.core.amqp.BrokerProfile;
import io.loadlab.core.amqp.WaitStrategy;
import io.loadlab.core.broker.EmbeddedBroker;
import io.loadlab.core.jms.provider.JmsProvider;
import io.loadlab.core.util.Numerals;
import io.loadlab.core.util.Sizes;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;

/**
 * The options both AMQP load commands share: which broker (the embedded one by default), the
 * credentials, TLS, link credit and settlement, and how clients connect.
 */
final class AmqpOptions {
  private AmqpOptions() {}

  /** The profile named by --broker-profile, or null for auto (asked from the broker). */
  static BrokerProfile profile(CommandLine cmd) {
    String v = cmd.getOptionValue("broker-profile");
    return v == null || v.strip().equalsIgnoreCase("auto")
        ? null
        : BrokerProfile.parse("--broker-profile", v);
  }

  /**
   * Refuses a run whose queues a broker without queue creation would not have: with no {@code
   * --base-name} the run's names are new, so it lists the queues to create and the option to name
   * them.
   */
  static void requireQueues(Target target, CommandLine cmd, String example, List<String> queues) {
    BrokerProfile p = target.settings.profile();
    if (p.autoCreate() || cmd.hasOption("base-name")) {
      return;
    }
    throw new io.loadlab.core.failure.UsageException(
        "--base-name: "
            + p.brokerName()
            + " (profile "
            + p
            + ") creates no queue on demand; create the queues "
            + String.join(", ", queues)
            + " on the broker and run with --base-name "
            + example);
  }

  /** The slf4j-simple level of Qpid JMS's loggers. */
  static final String CLIENT_LOG = "org.slf4j.simpleLogger.log.org.apache.qpid.jms";

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

  static List<Integer> sizes(CommandLine cmd, String defaultValue) {
    return Sizes.parseBytesList("--size", cmd.getOptionValue("size", defaultValue), 0).stream()
        .map(
            v -> {
              if (v > 100L << 20) {
                throw new io.loadlab.core.failure.UsageException(
                    "--size: " + v + " is too large; use at most 100M");
              }
              return v.intValue();
            })
        .toList();
  }

  static WaitStrategy waitStrategy(CommandLine cmd) {
    String text = cmd.getOptionValue("wait-strategy");
    return text == null ? WaitStrategy.AUTO : WaitStrategy.parse("--wait-strategy", text);
  }

  static int maxFrameSize(CommandLine cmd) {
    String text = cmd.getOptionValue("max-frame-size");
    if (text == null) {
      return -1;
    }
    long bytes = Sizes.parseBytes("--max-frame-size", text);
    if (bytes > Integer.MAX_VALUE) {
      throw new io.loadlab.core.failure.UsageException(
          "--max-frame-size: " + bytes + " is too large; use at most 2G");
    }
    return (int) bytes; // the least is checked with the other connection settings
  }

  /** Records the connection settings in a run's configuration. */
  static void record(Map<String, Object> config, AmqpConnectionSettings connection) {
    config.put("prefetch", connection.prefetch());
    config.put("presettled", connection.presettled());
    config.put("tcpNoDelay", connection.tcpNoDelay());
    config.put("waitStrategy", connection.waitStrategy().label());
    if (connection.maxFrameSize() > 0) {
      config.put("maxFrameSize", connection.maxFrameSize());
    }
  }

  /** The --prefetch given (0 to 1,000,000), or {@code defaultPrefetch} without it. */
  static int prefetch(CommandLine cmd, int defaultPrefetch) {
    String prefetch = cmd.getOptionValue("prefetch");
    return prefetch == null
        ? defaultPrefetch
        : Sizes.parseInt("--prefetch", prefetch, 0, 1_000_000);
  }

  static int intOption(CommandLine cmd, String name, int defaultValue, int min, int max) {
    String v = cmd.getOptionValue(name);
    return v == null ? defaultValue : Sizes.parseInt("--" + name, v, min, max);
  }

  static long longOption(CommandLine cmd, String name, long defaultValue, long min) {
    String v = cmd.getOptionValue(name);
    if (v == null) {
      return defaultValue;
    }
    return Numerals.parseLong("--" + name, v, min, Long.MAX_VALUE);
  }

  /**
   * The broker to load: the one named by {@code --broker}, or an embedded one started now on a free
   * loopback port (persistent if the run's messages are). Closing stops the embedded broker.
   */
  static final class Target implements AutoCloseable {
    final EmbeddedBroker embedded;
    final AmqpConnectionSettings settings;
    final BrokerIdentity identity;
    final boolean profileGiven;

    Target(CommandLine cmd, int defaultPrefetch, boolean persistent) {
      quietClientLog();
      // Check every option before starting anything.
      JmsProvider provider = ProviderOptions.provider(cmd);
      JmsProvider consumerProvider = ProviderOptions.consumerProvider(cmd);
      String uri = ProviderOptions.brokerUrl(cmd, provider);
      String consumerUri = cmd.getOptionValue("consumer-broker");
      boolean embed = uri == null;
      if (embed) {
        ProviderOptions.requireEmbeddable("--provider", provider);
        if (consumerProvider != null && consumerUri == null) {
          ProviderOptions.requireEmbeddable("--consumer-provider", consumerProvider);
        }
      }
      AmqpConnectionSettings checked =
          settingsFor(
              provider,
              embed ? provider.embeddedUrl("127.0.0.1", 5672) : uri,
              cmd,
              defaultPrefetch);
      JmsProvider consumerSide = consumerProvider == null ? provider : consumerProvider;
      boolean mixed = consumerProvider != null || consumerUri != null;
      if (mixed && (consumerUri != null || !embed)) {
        // The consumers' own broker is checked before an embedded one starts, too.
        consumerSettings(
            consumerSide, consumerUri == null ? uri : consumerUri, cmd, defaultPrefetch);
      }
      this.embedded = embed ? EmbeddedBroker.start("127.0.0.1", 0, persistent, null) : null;
      AmqpConnectionSettings opened =
          embedded == null
              ? checked
              : settingsFor(provider, embedded.urlFor(provider), cmd, defaultPrefetch);
      if (mixed) {
        String url =
            consumerUri != null
                ? consumerUri
                : embedded != null ? embedded.urlFor(consumerSide) : uri;
        opened = opened.withConsumer(consumerSettings(consumerSide, url, cmd, defaultPrefetch));
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
      this.identity =
          provider.speaksAmqp10() ? BrokerIdentity.probe(opened) : BrokerIdentity.UNKNOWN;
      BrokerProfile given = profile(cmd);
      this.profileGiven = given != null;
      this.settings = opened.withProfile(given != null ? given : BrokerProfile.detect(identity));
    }

    /** Records the providers, the broker's identity and profile in a run's configuration. */
    void record(Map<String, Object> config) {
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
        JmsProvider provider, String url, CommandLine cmd, int defaultPrefetch) {
      try {
        return settingsFor(provider, url, cmd, defaultPrefetch);
      } catch (io.loadlab.core.failure.UsageException e) {
        if (e.getMessage().startsWith("--broker:")
            && cmd.getOptionValue("consumer-broker") == null) {
          throw new io.loadlab.core.failure.UsageException(
              "--consumer-broker: the consumers' provider "
                  + provider.name()
                  + " needs its own URL of the broker ("
                  + e.getMessage().substring("--broker: ".length())
                  + ")");
        }
        if (e.getMessage().startsWith("--broker:")) {
          // The value is --consumer-broker's: name the option the user gave.
          throw new io.loadlab.core.failure.UsageException(
              "--consumer-broker:" + e.getMessage().substring("--broker:".length()));
        }
        throw e;
      }
    }

    private static AmqpConnectionSettings settingsFor(
        JmsProvider provider, String uri, CommandLine cmd, int defaultPrefetch) {
      return AmqpConnectionSettings.builder(provider, uri)
          .profile(profile(cmd))
          .user(cmd.getOptionValue("user"))
          .passwordFrom(path(cmd, "password-file"))
          .trustStore(trustStore(cmd))
          .trustStorePasswordFrom(path(cmd, "trust-store-password-file"))
          .prefetch(prefetch(cmd, defaultPrefetch))
          .presettled(cmd.hasOption("presettled"))
          .tcpNoDelay(OptionDefs.onOff(cmd, "tcp-nodelay", true))
          .waitStrategy(waitStrategy(cmd))
          .maxFrameSize(maxFrameSize(cmd))
          .build();
    }

    private static Path trustStore(CommandLine cmd) {
      Path store = path(cmd, "trust-store");
      if (store == null && cmd.hasOption("trust-store-password-file")) {
        throw new io.loadlab.core.failure.UsageException(
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

  static Path path(CommandLine cmd, String option) {
    String v = cmd.getOptionValue(option);
    return v == null ? null : Path.of(v);
  }
}
