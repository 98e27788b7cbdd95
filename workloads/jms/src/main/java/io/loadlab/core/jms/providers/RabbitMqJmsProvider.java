package io.loadlab.core.jms.providers;

import com.rabbitmq.jms.admin.RMQConnectionFactory;
import io.loadlab.core.jms.provider.JmsProvider;
import io.loadlab.core.jms.provider.ProviderFeature;
import io.loadlab.core.jms.provider.ProviderSettings;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import java.security.KeyStore;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * RabbitMQ's JMS client (rabbitmq-jms 3.x, Jakarta JMS 3) over AMQP 0-9-1 to an ordinary RabbitMQ
 * node ({@code amqp://host:5672/vhost}, {@code amqps://…}). The prefetch is the channel's QoS (a
 * prefetch of 0 is a QoS of 1: 0 means "no limit" in AMQP 0-9-1); a trust store makes the client's
 * SSL context.
 */
public final class RabbitMqJmsProvider implements JmsProvider {
  /** The provider's name. */
  public static final String NAME = "rabbitmq";

  /**
   * How long a listener's onMessage may wait for loadlab's receiver to take a message (the client's
   * default is 2 s, after which it closes the session): a receiver that long behind has stalled.
   */
  private static final int ON_MESSAGE_TIMEOUT_MS = 60_000;

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String protocol() {
    return "AMQP 0-9-1";
  }

  @Override
  public String clientVersion() {
    return ClientVersions.of(RMQConnectionFactory.class, "com.rabbitmq.jms", "rabbitmq-jms");
  }

  @Override
  public Set<ProviderFeature> features() {
    return EnumSet.of(ProviderFeature.TLS, ProviderFeature.ASYNC_SEND);
  }

  /**
   * Its timed receive is {@code basic.get} every 100 ms; a listener is pushed ({@code
   * basic.consume}).
   */
  @Override
  public boolean receivePolls() {
    return true;
  }

  @Override
  public void checkUrl(String url) {
    BrokerUrls.check(NAME, url, List.of("amqp", "amqps"), "amqp://host:5672");
  }

  @Override
  public String embeddedUrl(String host, int port) {
    return null; // AMQP 0-9-1: the embedded Artemis does not speak it
  }

  @Override
  public ConnectionFactory connectionFactory(ProviderSettings s) throws JMSException {
    RMQConnectionFactory factory = new RMQConnectionFactory();
    factory.setUri(s.url());
    if (s.user() != null) {
      factory.setUsername(s.user());
      factory.setPassword(s.password());
    }
    // A listener's onMessage may wait while loadlab's hand-off is full (the prefetch bounds it):
    // a minute before the client gives up on it, and its acknowledgement registered before it runs.
    factory.setOnMessageTimeoutMs(ON_MESSAGE_TIMEOUT_MS);
    factory.setRequeueOnMessageListenerException(false);
    if (s.prefetch() >= 0) {
      factory.setChannelsQos(Math.max(1, s.prefetch()));
    }
    if (s.trustStore() != null) {
      try {
        factory.useSslProtocol(sslContext(s));
      } catch (Exception e) {
        JMSException j = new JMSException("cannot use the trust store: " + e.getMessage());
        j.initCause(e);
        throw j;
      }
    }
    return factory;
  }

  private static SSLContext sslContext(ProviderSettings s) throws Exception {
    char[] password = s.trustStorePassword() == null ? null : s.trustStorePassword().toCharArray();
    KeyStore store = KeyStore.getInstance(s.trustStore().toFile(), password);
    TrustManagerFactory tmf =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(store);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, tmf.getTrustManagers(), null);
    return context;
  }
}
