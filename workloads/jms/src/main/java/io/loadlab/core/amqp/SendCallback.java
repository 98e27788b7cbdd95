package io.loadlab.core.amqp;

/**
 * Told when the broker has confirmed (settled) an asynchronous publish, or that it failed. Called
 * on a client library thread: keep it short and thread-safe.
 */
public interface SendCallback {
  /** The broker accepted the message; {@code stamp} is the one it was published with. */
  void completed(MessageStamp stamp);

  /** The publish failed. */
  void failed(MessageStamp stamp, AmqpException e);
}
