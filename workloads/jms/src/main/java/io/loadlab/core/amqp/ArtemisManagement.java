package io.loadlab.core.amqp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;

/**
 * Artemis management over AMQP 1.0: a request message to {@code activemq.management} names the
 * resource ({@code broker}, {@code queue.NAME}, {@code address.NAME}) and the operation or
 * attribute, with the parameters as a JSON array in the body; the reply, on a temporary queue, says
 * whether it succeeded ({@code _AMQ_OperationSucceeded}). A broker with security needs the user to
 * have the {@code manage} permission.
 */
final class ArtemisManagement implements BrokerManagement {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final ManagementChannel channel;

  ArtemisManagement(AmqpConnectionSettings settings) {
    channel = new ManagementChannel(settings, "activemq.management", "Artemis");
  }

  @Override
  public boolean exists(AmqpDestination node) {
    String resource = (node.topic() ? "address." : "queue.") + node.name();
    return request(resource, "_AMQ_Attribute", node.topic() ? "address" : "name", "[]").ok;
  }

  @Override
  public void delete(AmqpDestination node) {
    Reply r =
        node.topic()
            ? request("broker", "_AMQ_OperationName", "deleteAddress", json(node.name(), true))
            : request(
                "broker", "_AMQ_OperationName", "destroyQueue", json(node.name(), true, true));
    if (!r.ok && exists(node)) { // gone already (an address goes with its last subscription): done
      throw new AmqpException(
          "Artemis did not delete " + node.name() + ": " + r.text, "NotDeleted", null);
    }
  }

  @Override
  public String manualDelete(AmqpDestination node) {
    return node.topic()
        ? "artemis address delete --name " + node.name()
        : "artemis queue delete --name " + node.name();
  }

  private static String json(Object... parameters) {
    try {
      return JSON.writeValueAsString(parameters);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private record Reply(boolean ok, String text) {}

  private Reply request(String resource, String kind, String what, String body) {
    try {
      TextMessage m = channel.session().createTextMessage(body);
      m.setStringProperty("_AMQ_ResourceName", resource);
      m.setStringProperty(kind, what);
      Message r = channel.request(m);
      boolean ok = r.getBooleanProperty("_AMQ_OperationSucceeded");
      String text = r instanceof TextMessage t ? String.valueOf(t.getText()) : "";
      return new Reply(ok, text);
    } catch (JMSException e) {
      throw AmqpException.of("Artemis's management refused " + what + " on " + resource, e);
    }
  }

  @Override
  public void close() {
    channel.close();
  }
}
