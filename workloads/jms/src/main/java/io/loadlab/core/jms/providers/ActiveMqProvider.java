package io.loadlab.core.jms.providers;

import io.loadlab.core.jms.provider.JmsProvider;
import io.loadlab.core.jms.provider.ProviderFeature;
import io.loadlab.core.jms.provider.ProviderSettings;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.ActiveMQSslConnectionFactory;

/**
 * Apache ActiveMQ Classic's Jakarta JMS client (activemq-client 6.x) over OpenWire ({@code
 * tcp://host:61616}, {@code ssl://…}, {@code failover:(tcp://a,tcp://b)}). The prefetch is its
 * prefetch policy for every kind of consumer; a trust store makes an SSL factory; TCP_NODELAY off
 * is the TCP transport's {@code tcpNoDelay=false}.
 */
public final class ActiveMqProvider implements JmsProvider {
  /** The provider's name. */
  public static final String NAME = "activemq";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String protocol() {
    return "OpenWire";
  }

  @Override
  public String clientVersion() {
    return ClientVersions.of(
        ActiveMQConnectionFactory.class, "org.apache.activemq", "activemq-client");
  }

  @Override
  public Set<ProviderFeature> features() {
    return EnumSet.of(ProviderFeature.TLS, ProviderFeature.TCP_NODELAY_OFF);
  }

  @Override
  public void checkUrl(String url) {
    BrokerUrls.check(NAME, url, List.of("tcp", "ssl", "nio", "nio+ssl"), "tcp://host:61616");
  }

  @Override
  public String embeddedUrl(String host, int port) {
    return null; // the embedded Artemis has no OpenWire: its module needs the javax client
  }

  @Override
  public ConnectionFactory connectionFactory(ProviderSettings s) throws JMSException {
    String url = s.url();
    if (!s.tcpNoDelay() && !url.contains("tcpNoDelay") && !url.startsWith("failover:")) {
      url = BrokerUrls.withOption(url, "tcpNoDelay=false");
    }
    ActiveMQConnectionFactory factory;
    if (s.trustStore() != null) {
      ActiveMQSslConnectionFactory ssl = new ActiveMQSslConnectionFactory(url);
      try {
        ssl.setTrustStore(s.trustStore().toAbsolutePath().toString());
      } catch (Exception e) {
        JMSException j = new JMSException("cannot read the trust store: " + e.getMessage());
        j.initCause(e);
        throw j;
      }
      if (s.trustStorePassword() != null) {
        ssl.setTrustStorePassword(s.trustStorePassword());
      }
      factory = ssl;
    } else {
      factory = new ActiveMQConnectionFactory(url);
    }
    factory.setUserName(s.user());
    factory.setPassword(s.password());
    if (s.prefetch() >= 0) {
      factory.getPrefetchPolicy().setAll(s.prefetch());
    }
    return factory;
  }
}
