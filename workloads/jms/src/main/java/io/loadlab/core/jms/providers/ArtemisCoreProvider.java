package io.loadlab.core.jms.providers;

import io.loadlab.core.jms.provider.JmsProvider;
import io.loadlab.core.jms.provider.ProviderFeature;
import io.loadlab.core.jms.provider.ProviderSettings;
import jakarta.jms.ConnectionFactory;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * Apache ActiveMQ Artemis's own Jakarta JMS client over its CORE protocol ({@code
 * tcp://host:61616}). loadlab's settings become Artemis URL parameters: TLS as {@code
 * sslEnabled}/{@code trustStorePath}, {@code tcpNoDelay}; a prefetch of 0 is a consumer window of 0
 * bytes (Core counts its window in bytes, not messages: other prefetch values keep the client's 1
 * MiB window unless the URL sets {@code consumerWindowSize}). Asynchronous sends get a confirmation
 * window (1 MiB) unless the URL sets {@code confirmationWindowSize}: without one the client calls a
 * completion listener before the broker has the message.
 */
public final class ArtemisCoreProvider implements JmsProvider {
  /** The provider's name. */
  public static final String NAME = "artemis";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String protocol() {
    return "CORE";
  }

  @Override
  public String clientVersion() {
    return ClientVersions.of(
        ActiveMQConnectionFactory.class, "org.apache.activemq", "artemis-jakarta-client");
  }

  @Override
  public Set<ProviderFeature> features() {
    return EnumSet.of(
        ProviderFeature.TLS,
        ProviderFeature.TCP_NODELAY_OFF,
        ProviderFeature.SHARED_DURABLE_SUBSCRIPTIONS,
        ProviderFeature.ASYNC_SEND);
  }

  @Override
  public void checkUrl(String url) {
    BrokerUrls.check(NAME, url, List.of("tcp"), "tcp://host:61616");
  }

  @Override
  public String embeddedUrl(String host, int port) {
    return "tcp://" + host + ":" + port;
  }

  @Override
  public ConnectionFactory connectionFactory(ProviderSettings s) {
    String url = s.url();
    if (s.prefetch() == 0 && !url.contains("consumerWindowSize")) {
      url = BrokerUrls.withOption(url, "consumerWindowSize=0");
    }
    if (!url.contains("confirmationWindowSize")) {
      url = BrokerUrls.withOption(url, "confirmationWindowSize=1048576");
    }
    if (!s.tcpNoDelay() && !url.contains("tcpNoDelay")) {
      url = BrokerUrls.withOption(url, "tcpNoDelay=false");
    }
    if (s.trustStore() != null && !url.contains("trustStorePath")) {
      url = BrokerUrls.withOption(url, "sslEnabled=true");
      url = BrokerUrls.withOption(url, "trustStorePath=" + s.trustStore().toAbsolutePath());
      if (s.trustStorePassword() != null) {
        url = BrokerUrls.withOption(url, "trustStorePassword=" + s.trustStorePassword());
      }
    }
    ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url);
    factory.setUser(s.user());
    factory.setPassword(s.password());
    return factory;
  }
}
