package io.loadlab.core.amqp;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import java.io.IOException;
import java.net.URI;
import java.security.KeyStore;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * RabbitMQ 3.x queues deleted over AMQP 0-9-1 (RabbitMQ's own client): the rabbitmq_amqp1_0 plugin
 * serves AMQP 1.0 on the 0-9-1 listener, so the same host, port, TLS, user and password reach it;
 * AMQP 1.0 itself cannot delete a queue there. The virtual host is the one the AMQP 1.0 connection
 * names ({@code amqp.vhost=vhost:NAME}), else {@code /}.
 */
final class RabbitMqManagement implements BrokerManagement {
  private final Connection connection;

  RabbitMqManagement(AmqpConnectionSettings settings) {
    ConnectionFactory f = new ConnectionFactory();
    URI uri = URI.create(firstAddress(settings.uri()));
    boolean tls = "amqps".equalsIgnoreCase(uri.getScheme());
    f.setHost(uri.getHost());
    f.setPort(uri.getPort() > 0 ? uri.getPort() : tls ? 5671 : 5672);
    f.setVirtualHost(vhost(uri.getRawQuery()));
    if (settings.user() != null) {
      f.setUsername(settings.user());
      f.setPassword(settings.password() == null ? "" : settings.password());
    }
    f.setConnectionTimeout(10_000);
    f.setAutomaticRecoveryEnabled(false);
    try {
      if (tls) {
        f.useSslProtocol(sslContext(settings));
        f.enableHostnameVerification();
      }
      connection = f.newConnection("loadlab queue clean-up");
    } catch (IOException | TimeoutException | java.security.GeneralSecurityException e) {
      throw AmqpException.of("cannot open an AMQP 0-9-1 connection to delete queues", e);
    }
  }

  private static SSLContext sslContext(AmqpConnectionSettings s)
      throws IOException, java.security.GeneralSecurityException {
    if (s.trustStore() == null) {
      return SSLContext.getDefault();
    }
    KeyStore ks = KeyStore.getInstance(s.trustStore().toFile(), passwordOf(s));
    TrustManagerFactory tmf =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(ks);
    SSLContext ctx = SSLContext.getInstance("TLS");
    ctx.init(null, tmf.getTrustManagers(), null);
    return ctx;
  }

  private static char[] passwordOf(AmqpConnectionSettings s) {
    return s.trustStorePassword() == null ? null : s.trustStorePassword().toCharArray();
  }

  static String firstAddress(String uri) {
    String u = uri.trim();
    if (u.toLowerCase(java.util.Locale.ROOT).startsWith("failover:")) {
      u = u.substring("failover:".length());
      u = u.startsWith("(") ? u.substring(1, Math.max(1, u.indexOf(')'))) : u;
      u = u.split(",")[0];
    }
    return u;
  }

  /** The virtual host from {@code amqp.vhost=vhost:NAME} (RabbitMQ's convention), else "/". */
  static String vhost(String query) {
    if (query != null) {
      for (String kv : query.split("&")) {
        if (kv.startsWith("amqp.vhost=")) {
          String v =
              java.net.URLDecoder.decode(kv.substring(11), java.nio.charset.StandardCharsets.UTF_8);
          return v.startsWith("vhost:") ? v.substring(6) : v;
        }
      }
    }
    return "/";
  }

  @Override
  public boolean exists(AmqpDestination node) {
    if (node.topic()) {
      return true; // a topic is a routing key on amq.topic: nothing of the run's own to delete
    }
    // A passive declare of a missing queue closes its channel: one channel per question.
    try (Channel ch = connection.createChannel()) {
      ch.queueDeclarePassive(node.name());
      return true;
    } catch (IOException e) {
      return false;
    } catch (TimeoutException | com.rabbitmq.client.AlreadyClosedException e) {
      return false;
    }
  }

  @Override
  public void delete(AmqpDestination node) {
    try (Channel ch = connection.createChannel()) {
      ch.queueDelete(node.name());
    } catch (IOException | TimeoutException e) {
      throw AmqpException.of("RabbitMQ did not delete " + node.name(), e);
    }
  }

  @Override
  public void declareTopicQueue(String queue, String topic, boolean durable) {
    try (Channel ch = connection.createChannel()) {
      ch.queueDeclare(queue, durable, false, false, null);
      ch.queueBind(queue, "amq.topic", topic);
    } catch (IOException | TimeoutException e) {
      throw AmqpException.of("RabbitMQ did not declare " + queue + " for " + topic, e);
    }
  }

  @Override
  public String manualDelete(AmqpDestination node) {
    return "rabbitmqctl delete_queue " + node.name();
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (IOException | RuntimeException e) {
      // already gone: nothing to release
    }
  }
}
