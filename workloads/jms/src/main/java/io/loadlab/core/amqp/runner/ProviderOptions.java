package io.loadlab.core.amqp.runner;

import io.loadlab.core.amqp.AmqpConnectionSettings;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.jms.provider.JmsProvider;
import io.loadlab.core.jms.providers.JndiProvider;
import io.loadlab.core.jms.providers.Providers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The messaging commands' choice of JMS provider: {@code --provider} (a built-in), or {@code
 * --jndi} with {@code --provider-jars} (any other), and the consumers' own ({@code
 * --consumer-provider}).
 */
final class ProviderOptions {
  private ProviderOptions() {}

  /** The publishers' provider (and the consumers', unless {@link #consumerProvider} names one). */
  static JmsProvider provider(AmqpOptions o) {
    String jndi = o.value("jndi");
    if (jndi == null) {
      if (o.has("provider-jars")) {
        throw new UsageException(
            "--provider-jars: only used with --jndi; add --jndi FILE or drop --provider-jars");
      }
      String name = o.value("provider");
      return name == null ? Providers.defaultProvider() : Providers.named("--provider", name);
    }
    if (o.has("provider")) {
      throw new UsageException(
          "--jndi: replaces --provider (the JNDI file names the provider); give one of them");
    }
    return JndiProvider.load(Path.of(jndi), jars(o), o.value("broker"));
  }

  /**
   * Settings for checking the options before anything starts: the provider (and the consumers')
   * with an example URL in its syntax, and the settings only some providers honour, so that one it
   * lacks is refused now.
   */
  static AmqpConnectionSettings checked(AmqpOptions o) {
    JmsProvider provider = provider(o);
    JmsProvider consumer = consumerProvider(o);
    if ((consumer != null || o.has("consumer-broker")) && o.has("single-connection")) {
      throw new UsageException(
          "--single-connection: consumers through another provider or URL need connections of"
              + " their own; drop --single-connection or --consumer-provider");
    }
    AmqpConnectionSettings c = example(provider, o);
    return consumer == null ? c : c.withConsumer(example(consumer, o));
  }

  private static AmqpConnectionSettings example(JmsProvider provider, AmqpOptions o) {
    String url =
        switch (provider.name()) {
          case "artemis", "activemq" -> "tcp://127.0.0.1:61616";
          default -> "amqp://127.0.0.1:5672";
        };
    return AmqpConnectionSettings.builder(provider, url)
        .profile(o.profile())
        .presettled(o.has("presettled"))
        .tcpNoDelay(o.onOff("tcp-nodelay", true))
        .waitStrategy(o.waitStrategy())
        .maxFrameSize(o.maxFrameSize())
        .prefetch(o.prefetch(-1)) // checked here; its default is the command's
        .build();
  }

  /** The consumers' provider where it differs, else {@code null}. */
  static JmsProvider consumerProvider(AmqpOptions o) {
    String name = o.value("consumer-provider");
    return name == null ? null : Providers.named("--consumer-provider", name);
  }

  /**
   * The broker URL: {@code --broker}, a JNDI file's provider URL, or {@code null} for the embedded
   * broker.
   */
  static String brokerUrl(AmqpOptions o, JmsProvider provider) {
    if (provider instanceof JndiProvider jndi) {
      return jndi.url();
    }
    return o.value("broker");
  }

  /** Refuses a provider the embedded broker cannot serve when no broker is named. */
  static void requireEmbeddable(String option, JmsProvider provider) {
    if (provider.embeddedUrl("127.0.0.1", 5672) == null) {
      throw new UsageException(
          option
              + ": provider "
              + provider.name()
              + " ("
              + provider.protocol()
              + ") needs a broker of its own: the embedded Artemis serves qpid-jms and artemis;"
              + " give --broker URL"
              + (option.equals("--consumer-provider") ? " and --consumer-broker URL" : ""));
    }
  }

  /** Records a provider's name, client and protocol under {@code key}, {@code keyClient}, … */
  static void record(Map<String, Object> config, String key, JmsProvider provider) {
    config.put(key, provider.name());
    config.put(key + "Client", provider.clientVersion());
    config.put(key + "Protocol", provider.protocol());
  }

  /**
   * The directory of the JNDI provider's jars: {@code --provider-jars}, else {@code lib/} beside
   * loadlab's jar (the distribution's).
   */
  private static Path jars(AmqpOptions o) {
    String dir = o.value("provider-jars");
    if (dir != null) {
      return Path.of(dir);
    }
    try {
      Path jar =
          Path.of(
              ProviderOptions.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      Path lib = jar.getParent();
      if (lib != null && Files.isDirectory(lib.resolve("..").resolve("lib"))) {
        return lib.resolve("..").resolve("lib").normalize();
      }
      return lib;
    } catch (Exception e) {
      throw new UsageException("--provider-jars: name the directory of the provider's jars");
    }
  }
}
