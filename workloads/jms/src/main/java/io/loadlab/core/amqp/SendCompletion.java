package io.loadlab.core.amqp;

import jakarta.jms.CompletionListener;
import jakarta.jms.Message;

/** Tells a {@link SendCallback} how an asynchronous send of {@link AmqpClient} ended. */
final class SendCompletion implements CompletionListener {
  private final MessageStamp stamp;
  private final SendCallback callback;

  SendCompletion(MessageStamp stamp, SendCallback callback) {
    this.stamp = stamp;
    this.callback = callback;
  }

  @Override
  public void onCompletion(Message message) {
    callback.completed(stamp);
  }

  @Override
  public void onException(Message message, Exception exception) {
    callback.failed(stamp, AmqpException.of("publish failed", exception));
  }
}
