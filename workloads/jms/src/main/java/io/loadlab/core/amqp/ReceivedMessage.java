package io.loadlab.core.amqp;

import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import java.nio.charset.StandardCharsets;

/**
 * A message as received, with the time it was received on the monotonic clock. The body is read
 * only when asked for, so a load receiver that needs just its length copies nothing.
 */
public final class ReceivedMessage {
  private final Message message;
  private final long receivedNanos;
  private MessageStamp stamp;
  private boolean stampRead;

  ReceivedMessage(Message message, long receivedNanos) {
    this.message = message;
    this.receivedNanos = receivedNanos;
  }

  /** The provider's message (to acknowledge it). */
  Message message() {
    return message;
  }

  /** When it was received ({@link System#nanoTime()}). */
  public long receivedNanos() {
    return receivedNanos;
  }

  /** The load stamp it carries, or {@code null} if it was not sent by loadlab. */
  public MessageStamp stamp() {
    if (!stampRead) {
      try {
        stamp = MessageStamp.readFrom(message);
      } catch (JMSException e) {
        stamp = null;
      }
      stampRead = true;
    }
    return stamp;
  }

  /**
   * End-to-end latency in nanoseconds: from the stamped send time (intended, when paced) to
   * receipt; -1 if the message carries no stamp. Valid when sender and receiver share the process.
   */
  public long latencyNanos() {
    MessageStamp s = stamp();
    return s == null ? -1 : receivedNanos - s.sentNanos();
  }

  /** The body length in bytes (text bodies: UTF-8 length). */
  public int bodyLength() {
    try {
      if (message instanceof BytesMessage b) {
        return (int) b.getBodyLength();
      }
      if (message instanceof TextMessage t && t.getText() != null) {
        return t.getText().getBytes(StandardCharsets.UTF_8).length;
      }
      return 0;
    } catch (JMSException e) {
      throw AmqpException.of("cannot read the message body", e);
    }
  }

  /** A copy of the body (bytes or UTF-8 text); empty for other message types. */
  public byte[] body() {
    try {
      if (message instanceof BytesMessage b) {
        b.reset();
        byte[] body = new byte[(int) b.getBodyLength()];
        b.readBytes(body);
        return body;
      }
      if (message instanceof TextMessage t && t.getText() != null) {
        return t.getText().getBytes(StandardCharsets.UTF_8);
      }
      return new byte[0];
    } catch (JMSException e) {
      throw AmqpException.of("cannot read the message body", e);
    }
  }

  /** An application property, or {@code null}. */
  public Object property(String name) {
    try {
      return message.getObjectProperty(name);
    } catch (JMSException e) {
      return null;
    }
  }

  /** True if the broker delivered it before (it may be a duplicate). */
  public boolean redelivered() {
    try {
      return message.getJMSRedelivered();
    } catch (JMSException e) {
      return false;
    }
  }
}
