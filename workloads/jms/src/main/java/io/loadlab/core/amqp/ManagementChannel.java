package io.loadlab.core.amqp;

import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;

/**
 * Request and reply with a broker's management node over AMQP 1.0: a connection of its own, a
 * non-persistent producer to the node, and a temporary queue for the replies. What the requests say
 * is the broker's own ({@link ArtemisManagement}, {@link QpidManagement}).
 */
final class ManagementChannel implements AutoCloseable {
  private static final long REPLY_TIMEOUT_MS = 10_000;
  private final String broker;
  private final AmqpConnection connection;
  private final Session session;
  private final MessageProducer producer;
  private final TemporaryQueue replies;
  private final MessageConsumer consumer;

  /**
   * @param node the management node's address, e.g. {@code activemq.management}
   * @param broker the broker in words, for messages
   */
  ManagementChannel(AmqpConnectionSettings settings, String node, String broker) {
    this.broker = broker;
    connection = AmqpConnection.open(settings);
    try {
      session = connection.jms().createSession(false, Session.AUTO_ACKNOWLEDGE);
      producer = session.createProducer(session.createQueue(node));
      producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
      replies = session.createTemporaryQueue();
      consumer = session.createConsumer(replies);
    } catch (JMSException e) {
      connection.close();
      throw AmqpException.of("cannot reach " + broker + "'s management (" + node + ")", e);
    }
  }

  /** The session requests are made in. */
  Session session() {
    return session;
  }

  /** Sends the request and waits for its reply. */
  Message request(Message m) throws JMSException {
    m.setJMSReplyTo(replies);
    producer.send(m);
    Message r = consumer.receive(REPLY_TIMEOUT_MS);
    if (r == null) {
      throw new AmqpException(
          broker + "'s management did not answer in " + REPLY_TIMEOUT_MS / 1000 + " s",
          "Timeout",
          null);
    }
    return r;
  }

  @Override
  public void close() {
    connection.close();
  }
}
