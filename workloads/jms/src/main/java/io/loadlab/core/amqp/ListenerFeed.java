package io.loadlab.core.amqp;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageListener;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Messages pushed to a consumer's {@link MessageListener}, handed to the thread that receives
 * ({@link AmqpClient#receive}) through a bounded queue: for providers whose timed {@code receive}
 * polls the broker ({@link io.loadlab.core.jms.provider.JmsProvider#receivePolls()}). Each message
 * is stamped as the listener gets it, its arrival in this process. While the queue is full the
 * listener waits, so the provider's delivery thread holds back the broker (with the prefetch as the
 * bound); once {@link #close() closed} it drops what comes.
 */
final class ListenerFeed implements MessageListener {
  /** The bound when no prefetch is set. */
  static final int DEFAULT_CAPACITY = 1000;

  private static final long OFFER_SLICE_MS = 100;

  private final BlockingQueue<ReceivedMessage> queue;
  private volatile boolean closed;

  /**
   * A feed holding at most {@code prefetch} messages: 1 for a prefetch of 0 (as RabbitMQ's QoS of
   * 1), {@link #DEFAULT_CAPACITY} for none set (-1).
   */
  ListenerFeed(int prefetch) {
    this.queue = new ArrayBlockingQueue<>(prefetch < 0 ? DEFAULT_CAPACITY : Math.max(1, prefetch));
  }

  @Override
  public void onMessage(Message message) {
    ReceivedMessage m = new ReceivedMessage(message, System.nanoTime());
    try {
      while (!closed) {
        if (queue.offer(m, OFFER_SLICE_MS, TimeUnit.MILLISECONDS)) {
          return;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the provider gave up on this delivery
    }
  }

  /** A feed bounded by {@code prefetch}, set as {@code consumer}'s listener. */
  static ListenerFeed listen(MessageConsumer consumer, String destination, int prefetch) {
    ListenerFeed feed = new ListenerFeed(prefetch);
    try {
      consumer.setMessageListener(feed);
    } catch (JMSException | RuntimeException e) {
      throw AmqpException.of("cannot listen on " + destination, e);
    }
    return feed;
  }

  /** The next message, waiting up to {@code timeoutMs}; {@code null} if none came or closed. */
  ReceivedMessage take(long timeoutMs) throws InterruptedException {
    if (closed) {
      return null;
    }
    return timeoutMs <= 0 ? queue.poll() : queue.poll(timeoutMs, TimeUnit.MILLISECONDS);
  }

  /**
   * Lets a waiting listener go, so that the consumer can be closed; what comes later is dropped.
   */
  void close() {
    closed = true;
    queue.clear();
  }
}
