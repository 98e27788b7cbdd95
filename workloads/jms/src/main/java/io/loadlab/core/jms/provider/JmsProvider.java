package io.loadlab.core.jms.provider;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import java.util.Set;

/**
 * A JMS client library that loadlab's messaging workloads can publish and receive through. It makes
 * a {@link ConnectionFactory} from loadlab's settings and says what it is (name, client version,
 * protocol) and which of loadlab's settings it can honour ({@link #features()}). Implementations
 * hold no per-connection state and are safe to share.
 */
public interface JmsProvider {
  /** The name users give ({@code --provider}), e.g. {@code qpid-jms}. */
  String name();

  /** The wire protocol, e.g. {@code AMQP 1.0}, {@code CORE}, {@code OpenWire}. */
  String protocol();

  /** The client library and its version, e.g. {@code qpid-jms-client 2.10.0}. */
  String clientVersion();

  /** The settings it can honour beyond plain JMS. */
  Set<ProviderFeature> features();

  /** True if it has the feature. */
  default boolean supports(ProviderFeature feature) {
    return features().contains(feature);
  }

  /**
   * Checks that {@code url} is one this provider takes and names a broker in full.
   *
   * @throws io.loadlab.core.failure.UsageException naming {@code --broker} and an example
   */
  void checkUrl(String url);

  /**
   * The URL of the embedded Artemis broker's acceptor (which serves AMQP and CORE) for this
   * provider, or {@code null} if the embedded broker cannot serve it.
   */
  String embeddedUrl(String host, int port);

  /** A connection factory for the settings. */
  ConnectionFactory connectionFactory(ProviderSettings settings) throws JMSException;

  /** Opens a connection from the factory, logging in with the settings' user where one is given. */
  default Connection connect(ConnectionFactory factory, ProviderSettings settings)
      throws JMSException {
    return settings.user() == null
        ? factory.createConnection()
        : factory.createConnection(settings.user(), settings.password());
  }

  /** Follows a connection's interruptions where the provider reports them; by default nothing. */
  default void watch(Connection connection, ConnectionEvents events) {}

  /** The destination for a queue or topic address loadlab uses. */
  default Destination destination(Session session, String address, boolean topic)
      throws JMSException {
    return topic ? session.createTopic(address) : session.createQueue(address);
  }

  /**
   * True if its {@code MessageConsumer.receive(timeout)} polls the broker (RabbitMQ's JMS client
   * asks with {@code basic.get} every 100 ms) rather than waiting for a pushed message: its latency
   * would then be the polling's. Clients of such a provider receive through a {@code
   * MessageListener} instead, where the session's acknowledgement allows (not transacted).
   */
  default boolean receivePolls() {
    return false;
  }

  /** True if it speaks AMQP 1.0, so that a broker can be asked who it is over its open frame. */
  default boolean speaksAmqp10() {
    return false;
  }
}
