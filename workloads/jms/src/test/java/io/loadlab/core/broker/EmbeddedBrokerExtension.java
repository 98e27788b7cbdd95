package io.loadlab.core.broker;

import io.loadlab.core.TempTrees;
import io.loadlab.core.amqp.SelfSignedTls;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * An {@link EmbeddedBroker} started once before a test class and closed after it, so that tests
 * against a broker share one lifecycle instead of repeating it: register it as
 * {@code @RegisterExtension static final EmbeddedBrokerExtension BROKER =
 * EmbeddedBrokerExtension.local();}.
 */
public final class EmbeddedBrokerExtension implements BeforeAllCallback, AfterAllCallback {
  private final Callable<EmbeddedBroker> starter;
  private EmbeddedBroker broker;
  private Path keys;
  private SelfSignedTls tls;

  private EmbeddedBrokerExtension(Callable<EmbeddedBroker> starter) {
    this.starter = starter;
  }

  /** A non-persistent broker on a free loopback port, open to anonymous logins. */
  public static EmbeddedBrokerExtension local() {
    return new EmbeddedBrokerExtension(EmbeddedBroker::startLocal);
  }

  /**
   * A non-persistent broker on a free loopback port that admits only these users (name to
   * password).
   */
  public static EmbeddedBrokerExtension withLogin(Map<String, String> users) {
    Map<String, String> copy = Map.copyOf(users);
    return new EmbeddedBrokerExtension(() -> EmbeddedBroker.startWithLogin(copy));
  }

  /**
   * A non-persistent broker on a free loopback port speaking AMQP over TLS with a self-signed
   * certificate ({@link #tls()}), made in a temporary directory removed after the class.
   */
  public static EmbeddedBrokerExtension withTls() {
    EmbeddedBrokerExtension[] self = new EmbeddedBrokerExtension[1];
    self[0] =
        new EmbeddedBrokerExtension(
            () -> {
              self[0].keys = Files.createTempDirectory("loadlab-tls");
              self[0].tls = SelfSignedTls.create(self[0].keys);
              return EmbeddedBroker.start(
                  BrokerOptions.on("127.0.0.1", 0)
                      .withTls(
                          new BrokerTls(self[0].tls.keyStore(), self[0].tls.keyStorePassword())));
            });
    return self[0];
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    broker = starter.call();
  }

  @Override
  public void afterAll(ExtensionContext context) throws IOException {
    if (broker != null) {
      broker.close();
      broker = null;
    }
    TempTrees.delete(keys);
    keys = null;
  }

  /** The broker's certificate and trust store ({@link #withTls()} only). */
  public SelfSignedTls tls() {
    if (tls == null) {
      throw new IllegalStateException("the broker has no TLS identity (see withTls())");
    }
    return tls;
  }

  /** The running broker (between the class's start and end). */
  public EmbeddedBroker get() {
    if (broker == null) {
      throw new IllegalStateException("the broker runs only while the test class does");
    }
    return broker;
  }

  /** The running broker's AMQP URI. */
  public String amqpUri() {
    return get().amqpUri();
  }
}
