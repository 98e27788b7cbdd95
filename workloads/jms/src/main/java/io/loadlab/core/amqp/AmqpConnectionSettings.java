package io.loadlab.core.amqp;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.jms.provider.JmsProvider;
import io.loadlab.core.jms.provider.ProviderFeature;
import io.loadlab.core.jms.provider.ProviderSettings;
import io.loadlab.core.jms.providers.Providers;
import io.loadlab.core.jms.providers.QpidJmsProvider;
import io.loadlab.core.util.Secrets;
import io.loadlab.core.util.Texts;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How to reach an AMQP 1.0 broker: a Qpid JMS URI ({@code amqp://host:port}, {@code amqps://…},
 * {@code failover:(amqp://a:5672,amqp://b:5672)?…}), credentials, a trust store for TLS, link
 * credit (prefetch), presettled delivery, TCP_NODELAY and how threads wait for the client's I/O
 * thread. Immutable and safe to share between threads.
 *
 * <p>The password is never part of {@link #toString()} or {@link #describe()}: read it with {@link
 * Builder#passwordFrom(Path)}, which takes a file or else the environment variable {@value
 * #PASSWORD_ENV}.
 */
public final class AmqpConnectionSettings {
  /** The environment variable the password is read from when no password file is named. */
  public static final String PASSWORD_ENV = "LOADLAB_AMQP_PASSWORD";

  /** The environment variable the trust store password is read from. */
  public static final String TRUST_STORE_PASSWORD_ENV = "LOADLAB_AMQP_TRUST_STORE_PASSWORD";

  /** The least max-frame-size AMQP 1.0 allows. */
  public static final int MIN_FRAME_SIZE = 512;

  private final String uri;
  private final String user;
  private final String password;
  private final Path trustStore;
  private final String trustStorePassword;
  private final int prefetch;
  private final boolean presettled;
  private final boolean tcpNoDelay;
  private final WaitStrategy waitStrategy;
  private final int maxFrameSize;
  private final Names names;
  private final BrokerProfile profile;
  private final JmsProvider provider;
  private final AmqpConnectionSettings consumer;

  /**
   * How the front-end that made these settings names them, so that a message about the broker or
   * the login names what its user can change: the command line's options, a JMeter element's
   * fields.
   *
   * @param broker where the broker is given, e.g. {@code --broker}
   * @param user where the user name is given, e.g. {@code --user}
   * @param password where the password is given, e.g. {@code --password-file FILE or
   *     LOADLAB_AMQP_PASSWORD}
   */
  public record Names(String broker, String user, String password) {
    /** The command line's names. */
    public static final Names CLI =
        new Names("--broker", "--user", "--password-file FILE or " + PASSWORD_ENV);
  }

  private AmqpConnectionSettings(Builder b) {
    this.uri = b.uri;
    this.user = b.user;
    this.password = b.password;
    this.trustStore = b.trustStore;
    this.trustStorePassword = b.trustStorePassword;
    this.prefetch = b.prefetch;
    this.presettled = b.presettled;
    this.tcpNoDelay = b.tcpNoDelay;
    this.waitStrategy = b.waitStrategy;
    this.maxFrameSize = b.maxFrameSize;
    this.names = b.names;
    this.profile = b.profile;
    this.provider = b.provider;
    this.consumer = null;
  }

  private AmqpConnectionSettings(AmqpConnectionSettings base, BrokerProfile profile) {
    this.uri = base.uri;
    this.user = base.user;
    this.password = base.password;
    this.trustStore = base.trustStore;
    this.trustStorePassword = base.trustStorePassword;
    this.prefetch = base.prefetch;
    this.presettled = base.presettled;
    this.tcpNoDelay = base.tcpNoDelay;
    this.waitStrategy = base.waitStrategy;
    this.maxFrameSize = base.maxFrameSize;
    this.names = base.names;
    this.profile = profile;
    this.provider = base.provider;
    this.consumer = base.consumer == null ? null : base.consumer.withProfile(profile);
  }

  private AmqpConnectionSettings(AmqpConnectionSettings base, AmqpConnectionSettings consumer) {
    this.uri = base.uri;
    this.user = base.user;
    this.password = base.password;
    this.trustStore = base.trustStore;
    this.trustStorePassword = base.trustStorePassword;
    this.prefetch = base.prefetch;
    this.presettled = base.presettled;
    this.tcpNoDelay = base.tcpNoDelay;
    this.waitStrategy = base.waitStrategy;
    this.maxFrameSize = base.maxFrameSize;
    this.names = base.names;
    this.profile = base.profile;
    this.provider = base.provider;
    this.consumer = consumer;
  }

  /** A copy for a broker of the given profile (addresses and capabilities). */
  public AmqpConnectionSettings withProfile(BrokerProfile value) {
    return new AmqpConnectionSettings(this, value == null ? BrokerProfile.GENERIC : value);
  }

  /**
   * A copy whose consumers connect with {@code value} (another provider, or another URL, against
   * the same broker: a mixed-protocol run); publishers keep these settings.
   */
  public AmqpConnectionSettings withConsumer(AmqpConnectionSettings value) {
    return new AmqpConnectionSettings(this, value == null || value == this ? null : value);
  }

  /** The settings consumers connect with: these, unless {@link #withConsumer} set others. */
  public AmqpConnectionSettings consumer() {
    return consumer == null ? this : consumer;
  }

  /** True if consumers connect with other settings than publishers. */
  public boolean mixed() {
    return consumer != null;
  }

  /** The JMS provider the connections are made through. */
  public JmsProvider provider() {
    return provider;
  }

  /** The settings as the provider receives them (with the passwords: never print them). */
  public ProviderSettings providerSettings() {
    return new ProviderSettings(
        uri,
        user,
        password,
        trustStore,
        trustStorePassword,
        prefetch,
        presettled,
        tcpNoDelay,
        maxFrameSize,
        waitStrategy.label());
  }

  /** The broker's profile: how it names queues and topics and what it can do. */
  public BrokerProfile profile() {
    return profile;
  }

  /**
   * The AMQP address of a destination under the profile; names are used as given where the URI sets
   * Qpid JMS's own {@code jms.queuePrefix} or {@code jms.topicPrefix}.
   */
  public String address(AmqpDestination d) {
    if (uri.contains("jms.queuePrefix") || uri.contains("jms.topicPrefix")) {
      return d.name();
    }
    return d.topic() ? profile.topicAddress(d.name()) : profile.queueAddress(d.name());
  }

  /** Starts settings for the given broker URI; checks that it is an AMQP URI. */
  public static Builder builder(String uri) {
    return new Builder(Providers.defaultProvider(), uri);
  }

  /**
   * Starts settings for the given provider and broker URL; checks the URL as the provider takes it.
   */
  public static Builder builder(JmsProvider provider, String uri) {
    return new Builder(provider, uri);
  }

  /** Settings with defaults for the given broker URI. */
  public static AmqpConnectionSettings of(String uri) {
    return builder(uri).build();
  }

  /** The broker URI as given (it may hold a password in user info; see {@link #describe()}). */
  public String uri() {
    return uri;
  }

  /** The user name, or {@code null} for anonymous. */
  public String user() {
    return user;
  }

  /** True if a password is set. */
  public boolean hasPassword() {
    return password != null;
  }

  /** The trust store for {@code amqps://}, or {@code null} for the JVM's default. */
  public Path trustStore() {
    return trustStore;
  }

  /** Link credit per consumer (Qpid JMS prefetch), or -1 for the client default (1000). */
  public int prefetch() {
    return prefetch;
  }

  /** True if messages are sent and received presettled (at most once: no broker confirmation). */
  public boolean presettled() {
    return presettled;
  }

  /** True (the default) if small writes go out at once; false lets TCP coalesce them (Nagle). */
  public boolean tcpNoDelay() {
    return tcpNoDelay;
  }

  /** How threads wait for the client's I/O thread. */
  public WaitStrategy waitStrategy() {
    return waitStrategy;
  }

  /** The largest AMQP frame the client asks for, or -1 for the client default. */
  public int maxFrameSize() {
    return maxFrameSize;
  }

  /** How the front-end names the broker, user and password settings in messages. */
  public Names names() {
    return names;
  }

  /** True if the URI is a failover URI. */
  public boolean isFailover() {
    return uri.startsWith("failover:");
  }

  /**
   * The broker URI with secrets masked, the user, and the provider where it is not the default:
   * safe to print and record.
   */
  public String describe() {
    return Secrets.mask(uri)
        + (user == null ? "" : " as " + user)
        + (provider.name().equals(QpidJmsProvider.NAME) ? "" : " through " + provider.name());
  }

  @Override
  public String toString() {
    return describe();
  }

  String password() {
    return password;
  }

  String trustStorePassword() {
    return trustStorePassword;
  }

  /** The URI handed to the Qpid JMS connection factory, with the settings as URI options. */
  String factoryUri() {
    return QpidJmsProvider.factoryUri(providerSettings());
  }

  /** Builds {@link AmqpConnectionSettings}; every setter checks its value. */
  public static final class Builder {
    private final String uri;
    private String user;
    private String password;
    private Path trustStore;
    private String trustStorePassword;
    private int prefetch = -1;
    private boolean presettled;
    private boolean tcpNoDelay = true;
    private WaitStrategy waitStrategy = WaitStrategy.AUTO;
    private int maxFrameSize = -1;
    private Names names = Names.CLI;
    private BrokerProfile profile = BrokerProfile.GENERIC;
    private final JmsProvider provider;

    private Builder(JmsProvider provider, String uri) {
      provider.checkUrl(uri);
      this.provider = provider;
      this.uri = uri.trim();
    }

    /** The user name; {@code null} or blank means anonymous. */
    public Builder user(String value) {
      this.user = value == null || value.isBlank() ? null : value;
      return this;
    }

    /** The password itself (for API callers that hold it already, such as JMeter). */
    public Builder password(String value) {
      this.password = value;
      return this;
    }

    /**
     * Reads the password from {@code file} (first line), or, with no file, from the environment
     * variable {@value AmqpConnectionSettings#PASSWORD_ENV}; leaves it unset if neither is there.
     */
    public Builder passwordFrom(Path file) {
      this.password = Secrets.read("--password-file", file, PASSWORD_ENV);
      return this;
    }

    /**
     * A trust store (JKS or PKCS12) for {@code amqps://}; its password, if any, comes from the
     * environment variable {@value AmqpConnectionSettings#TRUST_STORE_PASSWORD_ENV} unless {@link
     * #trustStorePasswordFrom(Path)} or {@link #trustStorePassword(String)} sets it.
     */
    public Builder trustStore(Path file) {
      if (file != null && !Files.isReadable(file)) {
        throw new UsageException(
            "--trust-store: cannot read '"
                + Texts.cut(file)
                + "'; name a readable JKS or PKCS12 file");
      }
      this.trustStore = file;
      this.trustStorePassword =
          file == null ? null : Secrets.read("--trust-store", null, TRUST_STORE_PASSWORD_ENV);
      return this;
    }

    /**
     * Reads the trust store's password from {@code file} (first line); with no file, keeps the one
     * from the environment. Call after {@link #trustStore(Path)}.
     */
    public Builder trustStorePasswordFrom(Path file) {
      if (file != null) {
        this.trustStorePassword = Secrets.read("--trust-store-password-file", file, null);
      }
      return this;
    }

    /** The trust store's password itself (for API callers that hold it already). */
    public Builder trustStorePassword(String value) {
      this.trustStorePassword = value;
      return this;
    }

    /** Link credit per consumer; -1 keeps the client default. */
    public Builder prefetch(int value) {
      if (value < -1) {
        throw new UsageException("--prefetch: " + value + " is negative; use 0 or more");
      }
      this.prefetch = value;
      return this;
    }

    /** Presettled (at-most-once) delivery on every link. */
    public Builder presettled(boolean value) {
      this.presettled = value;
      return this;
    }

    /**
     * TCP_NODELAY on the client's sockets (default true). False lets the kernel coalesce a stream
     * of small messages into fewer segments: more messages per second when nothing waits for a
     * reply (presettled, non-persistent publishing), a possible delay where something does.
     */
    public Builder tcpNoDelay(boolean value) {
      this.tcpNoDelay = value;
      return this;
    }

    /**
     * The largest AMQP frame the client asks for (qpid-latency-test's {@code --max-frame-size}); -1
     * keeps the client default.
     */
    public Builder maxFrameSize(int value) {
      if (value != -1 && value < MIN_FRAME_SIZE) {
        throw new UsageException(
            "--max-frame-size: " + value + " is too small; AMQP's least is " + MIN_FRAME_SIZE);
      }
      this.maxFrameSize = value;
      return this;
    }

    /**
     * How threads wait for the client's I/O thread; {@code null} means {@link WaitStrategy#AUTO}.
     */
    public Builder waitStrategy(WaitStrategy value) {
      this.waitStrategy = value == null ? WaitStrategy.AUTO : value;
      return this;
    }

    /** The broker's profile (default {@link BrokerProfile#GENERIC}: plain names). */
    public Builder profile(BrokerProfile value) {
      this.profile = value == null ? BrokerProfile.GENERIC : value;
      return this;
    }

    /** How the front-end names its settings in messages (default: the command line's options). */
    public Builder names(Names value) {
      this.names = value == null ? Names.CLI : value;
      return this;
    }

    /**
     * The settings; a trust store must open with its password (the TLS client would only report a
     * closed channel), and a named user must have a password: the client would otherwise log in
     * anonymously without a word.
     */
    public AmqpConnectionSettings build() {
      if (user != null && password == null) {
        throw new UsageException(
            names.user()
                + ": user '"
                + Texts.cut(user)
                + "' has no password; give it in "
                + names.password()
                + " (loadlab never falls back to an anonymous login when a user is named)");
      }
      if (trustStore != null) {
        checkTrustStoreOpens();
      }
      refuseWhatTheProviderLacks();
      return new AmqpConnectionSettings(this);
    }

    private void refuseWhatTheProviderLacks() {
      lacks(presettled, ProviderFeature.PRESETTLED);
      lacks(maxFrameSize > 0, ProviderFeature.MAX_FRAME_SIZE);
      lacks(waitStrategy != WaitStrategy.AUTO, ProviderFeature.WAIT_STRATEGY);
      lacks(!tcpNoDelay, ProviderFeature.TCP_NODELAY_OFF);
      lacks(trustStore != null, ProviderFeature.TLS);
    }

    private void lacks(boolean asked, ProviderFeature feature) {
      if (asked && !provider.supports(feature)) {
        throw new UsageException(
            feature.option()
                + ": provider "
                + provider.name()
                + " has no "
                + feature.words()
                + "; drop "
                + feature.option()
                + " or use a provider that has it (--provider qpid-jms)");
      }
    }

    private void checkTrustStoreOpens() {
      try {
        java.security.KeyStore.getInstance(
            trustStore.toFile(),
            trustStorePassword == null ? null : trustStorePassword.toCharArray());
      } catch (Exception e) {
        String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        throw new UsageException(
            "--trust-store: cannot open '"
                + Texts.cut(trustStore)
                + "' ("
                + Secrets.mask(why)
                + "); check that it is JKS or PKCS12 and its password in "
                + TRUST_STORE_PASSWORD_ENV
                + " or --trust-store-password-file");
      }
    }
  }
}
