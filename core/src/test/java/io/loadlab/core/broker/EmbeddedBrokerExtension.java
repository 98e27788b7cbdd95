package io.loadlab.core.broker;

import java.util.Map;
import java.util.function.Supplier;
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
  private final Supplier<EmbeddedBroker> starter;
  private EmbeddedBroker broker;

  private EmbeddedBrokerExtension(Supplier<EmbeddedBroker> starter) {
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

  @Override
  public void beforeAll(ExtensionContext context) {
    broker = starter.get();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (broker != null) {
      broker.close();
      broker = null;
    }
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
