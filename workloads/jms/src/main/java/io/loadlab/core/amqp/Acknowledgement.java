package io.loadlab.core.amqp;

import jakarta.jms.Session;

/** How a client's session settles what it receives and publishes. */
public enum Acknowledgement {
  /** Each message is accepted as it is received (JMS AUTO_ACKNOWLEDGE). */
  AUTO(Session.AUTO_ACKNOWLEDGE),
  /** Messages are accepted when the caller calls {@link AmqpClient#acknowledge()}. */
  CLIENT(Session.CLIENT_ACKNOWLEDGE),
  /** Sends and receives are grouped into transactions ended by {@link AmqpClient#commit()}. */
  TRANSACTED(Session.SESSION_TRANSACTED);

  final int jmsMode;

  Acknowledgement(int jmsMode) {
    this.jmsMode = jmsMode;
  }
}
