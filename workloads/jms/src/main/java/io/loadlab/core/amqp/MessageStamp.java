package io.loadlab.core.amqp;

import jakarta.jms.JMSException;
import jakarta.jms.Message;

/**
 * What every load message carries in its application properties: the publisher that sent it, its
 * sequence number from that publisher (from 0), and the send time on this process's monotonic clock
 * ({@link System#nanoTime()}). Receivers use it for end-to-end latency and for loss, duplicate and
 * order accounting.
 *
 * <p>Two long properties keep it cheap: {@value #ID} holds the publisher in its top 24 bits and the
 * sequence in the low 40, {@value #SENT_NANOS} the send time. A stamp made with {@link #atSend} is
 * given its time by the client just before the message goes out, after it was built.
 */
public record MessageStamp(int publisher, long sequence, long sentNanos) {
  /** Application property names; short, as they travel with every message. */
  public static final String ID = "llId";

  public static final String SENT_NANOS = "llT";

  /** The largest sequence number a stamp can carry. */
  public static final long MAX_SEQUENCE = (1L << 40) - 1;

  private static final long AT_SEND = Long.MIN_VALUE;

  /** A stamp whose time the client takes just before it sends the message. */
  public static MessageStamp atSend(int publisher, long sequence) {
    return new MessageStamp(publisher, sequence, AT_SEND);
  }

  void writeTo(Message m) throws JMSException {
    m.setLongProperty(ID, ((long) publisher << 40) | (sequence & MAX_SEQUENCE));
    m.setLongProperty(SENT_NANOS, sentNanos == AT_SEND ? System.nanoTime() : sentNanos);
  }

  /** True if the time is to be taken at send. */
  boolean timedAtSend() {
    return sentNanos == AT_SEND;
  }

  /** Reads the stamp of a message, or returns {@code null} if it carries none. */
  static MessageStamp readFrom(Message m) throws JMSException {
    Object id = m.getObjectProperty(ID);
    if (!(id instanceof Long packed)) {
      return null;
    }
    return new MessageStamp(
        (int) (packed >>> 40), packed & MAX_SEQUENCE, m.getLongProperty(SENT_NANOS));
  }
}
