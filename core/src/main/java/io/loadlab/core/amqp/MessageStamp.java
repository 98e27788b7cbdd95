package io.loadlab.core.amqp;

import jakarta.jms.JMSException;
import jakarta.jms.Message;

/**
 * What every load message carries in its application properties: the publisher that sent it, its
 * sequence number from that publisher (from 0), and the send time on this process's monotonic clock
 * ({@link System#nanoTime()}) — the intended send time when a rate is set. Receivers use it for
 * end-to-end latency and for loss, duplicate and order accounting.
 */
public record MessageStamp(int publisher, long sequence, long sentNanos) {
  /** Application property names; short, as they travel with every message. */
  public static final String PUBLISHER = "llPub";

  public static final String SEQUENCE = "llSeq";
  public static final String SENT_NANOS = "llT";

  void writeTo(Message m) throws JMSException {
    m.setIntProperty(PUBLISHER, publisher);
    m.setLongProperty(SEQUENCE, sequence);
    m.setLongProperty(SENT_NANOS, sentNanos);
  }

  /** Reads the stamp of a message, or returns {@code null} if it carries none. */
  static MessageStamp readFrom(Message m) throws JMSException {
    if (!m.propertyExists(SEQUENCE)) {
      return null;
    }
    return new MessageStamp(
        m.getIntProperty(PUBLISHER), m.getLongProperty(SEQUENCE), m.getLongProperty(SENT_NANOS));
  }
}
