package io.loadlab.core.amqp;

import jakarta.jms.JMSException;
import jakarta.jms.Message;

/**
 * Qpid Broker-J's management over AMQP 1.0 (the AMQP Management draft): a request to the virtual
 * host's {@code $management} node with the application properties {@code operation} ({@code READ},
 * {@code DELETE}), {@code type} ({@code org.apache.qpid.Queue}) and {@code name}; the reply's
 * {@code statusCode} is HTTP-like (200 read, 204 deleted, 404 unknown).
 */
final class QpidManagement implements BrokerManagement {
  private static final String QUEUE_TYPE = "org.apache.qpid.Queue";
  private static final String EXCHANGE_TYPE = "org.apache.qpid.Exchange";
  private final ManagementChannel channel;
  private String lastDescription = "";

  QpidManagement(AmqpConnectionSettings settings) {
    channel = new ManagementChannel(settings, "$management", "Qpid Broker-J");
  }

  @Override
  public boolean exists(AmqpDestination node) {
    if (node.topic()) {
      return true; // topics are routing keys on amq.topic: nothing of the run's own to delete
    }
    int status = request("READ", QUEUE_TYPE, node.name());
    if (status != 200 && status != 404) {
      throw new AmqpException(
          "Qpid Broker-J's management answered "
              + status
              + " to READ "
              + node.name()
              + ": "
              + lastDescription,
          "Management",
          null);
    }
    return status == 200;
  }

  @Override
  public void delete(AmqpDestination node) {
    int status = request("DELETE", node.topic() ? EXCHANGE_TYPE : QUEUE_TYPE, node.name());
    if (status / 100 != 2 && status != 404) {
      throw new AmqpException(
          "Qpid Broker-J's management answered "
              + status
              + " to DELETE "
              + node.name()
              + ": "
              + lastDescription,
          "Management",
          null);
    }
  }

  @Override
  public String manualDelete(AmqpDestination node) {
    return "the web management console (Virtual Host > Queues > " + node.name() + " > Delete)";
  }

  private int request(String operation, String type, String name) {
    try {
      Message m = channel.session().createMessage();
      m.setStringProperty("operation", operation);
      m.setStringProperty("type", type);
      m.setStringProperty("index", "object-path"); // Broker-J: by id, or by path (its name)
      m.setStringProperty("key", name);
      Message r = channel.request(m);
      Object status = r.getObjectProperty("statusCode");
      lastDescription = String.valueOf(r.getObjectProperty("statusDescription"));
      return status instanceof Number n ? n.intValue() : Integer.parseInt(String.valueOf(status));
    } catch (JMSException | NumberFormatException e) {
      throw AmqpException.of("Qpid Broker-J's management refused " + operation + " " + name, e);
    }
  }

  @Override
  public void close() {
    channel.close();
  }
}
