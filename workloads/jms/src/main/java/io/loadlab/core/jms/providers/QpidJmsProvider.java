package io.loadlab.core.jms.providers;

import io.loadlab.core.jms.provider.ConnectionEvents;
import io.loadlab.core.jms.provider.JmsProvider;
import io.loadlab.core.jms.provider.ProviderFeature;
import io.loadlab.core.jms.provider.ProviderSettings;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import java.net.URI;
import java.util.EnumSet;
import java.util.Set;
import org.apache.qpid.jms.JmsConnection;
import org.apache.qpid.jms.JmsConnectionFactory;
import org.apache.qpid.jms.JmsConnectionListener;
import org.apache.qpid.jms.message.JmsInboundMessageDispatch;

/** Apache Qpid JMS over AMQP 1.0: loadlab's default provider, with every feature. */
public final class QpidJmsProvider implements JmsProvider {
  /** The provider's name. */
  public static final String NAME = "qpid-jms";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String protocol() {
    return "AMQP 1.0";
  }

  @Override
  public String clientVersion() {
    return ClientVersions.of(JmsConnectionFactory.class, "org.apache.qpid", "qpid-jms-client");
  }

  @Override
  public Set<ProviderFeature> features() {
    return EnumSet.allOf(ProviderFeature.class);
  }

  @Override
  public void checkUrl(String url) {
    AmqpUris.check(url);
  }

  @Override
  public String embeddedUrl(String host, int port) {
    return "amqp://" + host + ":" + port;
  }

  @Override
  public boolean speaksAmqp10() {
    return true;
  }

  /** The URI the factory is made with: the broker's, with the settings as Qpid JMS options. */
  public static String factoryUri(ProviderSettings settings) {
    return QpidJmsUri.of(settings);
  }

  @Override
  public ConnectionFactory connectionFactory(ProviderSettings settings) {
    JmsConnectionFactory factory = new JmsConnectionFactory(QpidJmsUri.of(settings));
    if (settings.user() != null) {
      factory.setUsername(settings.user());
    }
    if (settings.password() != null) {
      factory.setPassword(settings.password());
    }
    factory.setForceAsyncAcks(true);
    factory.setValidatePropertyNames(false); // ours are valid; checking costs per message
    return factory;
  }

  @Override
  public Connection connect(ConnectionFactory factory, ProviderSettings settings)
      throws jakarta.jms.JMSException {
    return factory.createConnection(); // the factory holds the login
  }

  @Override
  public void watch(Connection connection, ConnectionEvents events) {
    if (connection instanceof JmsConnection qpid) {
      qpid.addConnectionListener(new Watcher(events));
    }
  }

  private record Watcher(ConnectionEvents events) implements JmsConnectionListener {
    @Override
    public void onConnectionEstablished(URI remoteURI) {}

    @Override
    public void onConnectionFailure(Throwable error) {
      events.failed(error);
    }

    @Override
    public void onConnectionInterrupted(URI remoteURI) {
      events.interrupted();
    }

    @Override
    public void onConnectionRestored(URI remoteURI) {
      events.restored();
    }

    @Override
    public void onInboundMessage(JmsInboundMessageDispatch envelope) {}

    @Override
    public void onSessionClosed(jakarta.jms.Session session, Throwable cause) {}

    @Override
    public void onConsumerClosed(jakarta.jms.MessageConsumer consumer, Throwable cause) {}

    @Override
    public void onProducerClosed(jakarta.jms.MessageProducer producer, Throwable cause) {}
  }
}
