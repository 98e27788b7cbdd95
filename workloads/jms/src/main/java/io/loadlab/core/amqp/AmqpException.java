package io.loadlab.core.amqp;

import io.loadlab.core.failure.LoadlabException;
import jakarta.jms.JMSException;

/**
 * An AMQP operation failed (send, receive, commit): the connection went away, the broker refused, a
 * timeout passed. {@link #kind()} names it for the failure counts in results.
 */
public final class AmqpException extends LoadlabException {
  private final String kind;

  public AmqpException(String message, String kind, Throwable cause) {
    super(message, 1, cause);
    this.kind = kind;
  }

  /** Wraps a JMS failure; the kind is its JMS error code, or else its class name. */
  static AmqpException of(String what, Exception e) {
    String kind = e.getClass().getSimpleName();
    if (e instanceof JMSException jms && jms.getErrorCode() != null) {
      kind = jms.getErrorCode();
    }
    String detail = e.getMessage() == null ? kind : e.getMessage();
    return new AmqpException(what + ": " + detail, kind, e);
  }

  /** The failure kind recorded in results: a JMS error code or an exception class. */
  public String kind() {
    return kind;
  }
}
