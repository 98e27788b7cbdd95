package io.loadlab.core.broker;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Texts;
import java.nio.file.Path;
import java.util.Map;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.CoreAddressConfiguration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.remoting.impl.netty.TransportConstants;
import org.apache.activemq.artemis.core.server.JournalType;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;

/**
 * The Artemis configuration of an {@link EmbeddedBroker}: no JMX, no critical analyser, no disk
 * limit, queues and addresses created on first use, the dead-letter and expiry queues of Artemis's
 * default broker.xml, and one acceptor named {@value #ACCEPTOR} for AMQP and CORE.
 */
final class BrokerConfiguration {
  /** The name of the broker's one acceptor. */
  static final String ACCEPTOR = "amqp";

  private BrokerConfiguration() {}

  /**
   * The configuration of a broker started with {@code o}, listening on {@code port} (the one chosen
   * when {@code o} asks for a free one), its journal and bindings under {@code dir} if not null.
   */
  static Configuration of(BrokerOptions o, int port, Path dir) {
    Configuration config = new ConfigurationImpl();
    config.setName("loadlab");
    config.setPersistenceEnabled(o.persistent());
    config.setSecurityEnabled(o.users() != null);
    config.setJMXManagementEnabled(false);
    config.setCriticalAnalyzer(false);
    config.setMaxDiskUsage(-1);
    config.setJournalType(JournalType.NIO);
    if (dir != null) {
      config.setBrokerInstance(dir.toFile());
      config.setJournalDirectory(dir.resolve("journal").toString());
      config.setBindingsDirectory(dir.resolve("bindings").toString());
      config.setPagingDirectory(dir.resolve("paging").toString());
      config.setLargeMessagesDirectory(dir.resolve("large-messages").toString());
      config.setNodeManagerLockDirectory(dir.toString());
    }
    // As Artemis's default broker.xml: dead letters and expired messages have somewhere to go
    // (and the broker does not warn about it for every queue).
    for (String special : new String[] {"DLQ", "ExpiryQueue"}) {
      config.addAddressConfiguration(
          new CoreAddressConfiguration()
              .setName(special)
              .addRoutingType(RoutingType.ANYCAST)
              .addQueueConfiguration(
                  QueueConfiguration.of(special).setRoutingType(RoutingType.ANYCAST)));
    }
    config.addAddressSetting(
        "#",
        new AddressSettings()
            .setDeadLetterAddress(SimpleString.of("DLQ"))
            .setExpiryAddress(SimpleString.of("ExpiryQueue"))
            .setAutoCreateQueues(true)
            .setAutoCreateAddresses(true)
            .setAutoDeleteQueues(false)
            .setAutoDeleteAddresses(false));
    addAcceptor(config, o, port);
    return config;
  }

  private static void addAcceptor(Configuration config, BrokerOptions o, int port) {
    try {
      config.addAcceptorConfiguration(
          ACCEPTOR,
          "tcp://"
              + hostForUri(o.host())
              + ":"
              + port
              + "?protocols=AMQP,CORE;tcpNoDelay=true;useEpoll=true;amqpCredits=1000;amqpLowCredits=300");
      Map<String, Object> params = config.getAcceptorConfigurations().iterator().next().getParams();
      if (o.threads() > 0) {
        params.put(TransportConstants.REMOTING_THREADS_PROPNAME, o.threads());
      }
      if (o.tls() != null) {
        o.tls().configure(params);
      }
    } catch (Exception e) {
      throw new UsageException(
          "--host: '" + Texts.cut(o.host()) + "' cannot be listened on; use an IP address");
    }
  }

  /** A host as a URI has it: an IPv6 address in brackets. */
  static String hostForUri(String host) {
    return host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
  }
}
