package io.loadlab.core.amqp;

import jakarta.jms.BytesMessage;
import jakarta.jms.CompletionListener;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One thread's handle on a broker: a JMS session over a connection of its own ({@link
 * #connect(AmqpConnectionSettings)}) or over a shared {@link AmqpConnection}. Producers and
 * consumers are created on first use of a destination and kept. Not thread-safe: one client per
 * thread, as JMS sessions are; closing from another thread is allowed.
 *
 * <p>Destinations are {@code name} or {@code queue://name} for a queue and {@code topic://name} for
 * a topic. The command-line drivers, the JMeter sampler and the JMH benchmarks all publish and
 * receive through this class.
 */
public final class AmqpClient implements AutoCloseable {
  /** How long a receive waits at a time before it checks for interruption. */
  private static final long RECEIVE_SLICE_MS = 100;

  private static final AtomicLong ROUND_TRIP_IDS = new AtomicLong();

  private final AmqpConnection connection;
  private final boolean ownsConnection;
  private final Acknowledgement ack;
  private final Session session;
  private final Map<String, MessageProducer> producers = new HashMap<>();
  private final Map<String, MessageConsumer> consumers = new HashMap<>();
  private final Map<String, ListenerFeed> feeds = new HashMap<>();
  private final boolean pushed;
  private final List<String> durableSubscriptions = new ArrayList<>();
  private final Map<String, Destination> destinations = new HashMap<>();
  private final boolean asyncSend;
  private final int roundTripPublisher = (int) (ROUND_TRIP_IDS.incrementAndGet() & 0x7fffffff);
  private Message lastReceived;
  private long roundTripSequence;
  private byte[] roundTripBody = new byte[0];

  AmqpClient(AmqpConnection connection, Acknowledgement ack, boolean ownsConnection) {
    this.connection = connection;
    this.ack = ack;
    this.ownsConnection = ownsConnection;
    this.asyncSend =
        connection
            .settings()
            .provider()
            .supports(io.loadlab.core.jms.provider.ProviderFeature.ASYNC_SEND);
    // A provider whose timed receive polls is listened to (pushed); a transaction stays polled.
    this.pushed =
        connection.settings().provider().receivePolls() && ack != Acknowledgement.TRANSACTED;
    try {
      this.session = connection.jms().createSession(ack == Acknowledgement.TRANSACTED, ack.jmsMode);
    } catch (JMSException | UnsupportedOperationException e) {
      if (ownsConnection) {
        connection.close();
      }
      throw AmqpException.of("cannot open a session", e);
    }
  }

  /**
   * Opens a connection of its own and a session that acknowledges each message as received.
   *
   * @throws io.loadlab.core.failure.UnreachableTargetException if the broker cannot be reached
   */
  public static AmqpClient connect(AmqpConnectionSettings settings) {
    return connect(settings, Acknowledgement.AUTO);
  }

  /** Opens a connection of its own and a session with the given acknowledgement. */
  public static AmqpClient connect(AmqpConnectionSettings settings, Acknowledgement ack) {
    return new AmqpClient(AmqpConnection.open(settings), ack, true);
  }

  /** The connection this client works over. */
  public AmqpConnection connection() {
    return connection;
  }

  /** The session's acknowledgement mode. */
  public Acknowledgement acknowledgement() {
    return ack;
  }

  /**
   * Publishes a bytes message and returns once the client library has taken it: at once for
   * non-persistent messages (the library sends them asynchronously), after the broker's
   * confirmation for persistent ones. In a transacted client it is part of the open transaction.
   *
   * @param properties application properties (String, numbers, booleans), or {@code null}
   */
  public void publish(
      String destination, byte[] body, boolean persistent, Map<String, ?> properties) {
    try {
      BytesMessage m = message(body);
      if (properties != null) {
        for (Map.Entry<String, ?> e : properties.entrySet()) {
          m.setObjectProperty(e.getKey(), e.getValue());
        }
      }
      send(producer(destination), m, persistent, null);
    } catch (JMSException | UnsupportedOperationException e) {
      throw AmqpException.of("cannot publish to " + destination, e);
    }
  }

  /** Publishes a stamped load message, as {@link #publish(String, byte[], boolean, Map)} does. */
  public void publish(String destination, byte[] body, boolean persistent, MessageStamp stamp) {
    try {
      BytesMessage m = message(body);
      if (!stamp.timedAtSend()) {
        stamp.writeTo(m);
      }
      MessageProducer p = producer(destination);
      if (stamp.timedAtSend()) {
        stamp.writeTo(m); // as late as possible: the message is built, the producer ready
      }
      send(p, m, persistent, null);
    } catch (JMSException | UnsupportedOperationException e) {
      throw AmqpException.of("cannot publish to " + destination, e);
    }
  }

  /**
   * Publishes a stamped load message without waiting; {@code callback} hears when the broker has
   * confirmed it (JMS 2 asynchronous send). The caller bounds how many are pending.
   */
  public void publishAsync(
      String destination,
      byte[] body,
      boolean persistent,
      MessageStamp stamp,
      SendCallback callback) {
    try {
      BytesMessage m = message(body);
      stamp.writeTo(m);
      if (asyncSend) {
        send(producer(destination), m, persistent, new SendCompletion(stamp, callback));
      } else {
        // A provider without JMS 2.0 asynchronous sends: the send itself is the confirmation
        // (after the broker's receipt for persistent messages, as the provider sends them).
        send(producer(destination), m, persistent, null);
        callback.completed(stamp);
      }
    } catch (JMSException | UnsupportedOperationException e) {
      throw AmqpException.of("cannot publish to " + destination, e);
    }
  }

  private BytesMessage message(byte[] body) throws JMSException {
    BytesMessage m = session.createBytesMessage();
    m.writeBytes(body);
    return m;
  }

  /**
   * Attaches a producer to {@code destination} now, so that a broker that refuses it says so before
   * anything is sent.
   */
  public void attachProducer(String destination) {
    try {
      producer(destination);
    } catch (JMSException | UnsupportedOperationException e) {
      throw AmqpException.of("cannot publish to " + destination, e);
    }
  }

  private MessageProducer producer(String destination) throws JMSException {
    MessageProducer p = producers.get(destination);
    if (p == null) {
      p = session.createProducer(destination(destination));
      // Load messages need neither: skipping them saves work per message, as artemis perf does.
      p.setDisableMessageTimestamp(true);
      p.setDisableMessageID(true);
      producers.put(destination, p);
    }
    return p;
  }

  private static void send(
      MessageProducer p, Message m, boolean persistent, CompletionListener done)
      throws JMSException {
    int mode = persistent ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT;
    if (done == null) {
      p.send(m, mode, Message.DEFAULT_PRIORITY, Message.DEFAULT_TIME_TO_LIVE);
    } else {
      p.send(m, mode, Message.DEFAULT_PRIORITY, Message.DEFAULT_TIME_TO_LIVE, done);
    }
  }

  /**
   * Attaches a consumer to {@code destination} now, so that a topic subscription exists before
   * anything is published to it. {@link #receive} does this on first use.
   */
  public void subscribe(String destination) {
    consumer(destination);
  }

  /**
   * Attaches a durable subscription named {@code subscription} to a topic, so that messages
   * published while a subscriber is away are kept for it; a queue needs none and gets a plain
   * consumer. {@link #close} removes the subscription again. Later {@link #receive} calls on the
   * destination read from it.
   */
  public void subscribeDurable(String destination, String subscription) {
    try {
      Destination d = destination(destination);
      if (!(d instanceof Topic topic)) {
        consumer(destination);
        return;
      }
      consumers.put(
          destination,
          listened(destination, session.createSharedDurableConsumer(topic, subscription)));
      durableSubscriptions.add(subscription);
    } catch (JMSException | UnsupportedOperationException e) {
      throw AmqpException.of("cannot subscribe durably to " + destination, e);
    }
  }

  private MessageConsumer consumer(String destination) {
    MessageConsumer c = consumers.get(destination);
    if (c == null) {
      try {
        c = session.createConsumer(destination(destination));
      } catch (JMSException | UnsupportedOperationException e) {
        throw AmqpException.of("cannot subscribe to " + destination, e);
      }
      consumers.put(destination, listened(destination, c));
    }
    return c;
  }

  /** The consumer, feeding {@link #receive} through a listener if the provider's receive polls. */
  private MessageConsumer listened(String destination, MessageConsumer c) {
    if (pushed) {
      feeds.put(destination, ListenerFeed.listen(c, destination, connection.settings().prefetch()));
    }
    return c;
  }

  /**
   * Receives the next message from {@code destination}, waiting up to {@code timeout}.
   *
   * @return the message, or {@code null} if none came in time
   * @throws InterruptedException if the thread is interrupted while it waits
   */
  public ReceivedMessage receive(String destination, Duration timeout) throws InterruptedException {
    MessageConsumer c = consumer(destination);
    ListenerFeed feed = feeds.get(destination);
    long deadline = System.nanoTime() + timeout.toNanos();
    try {
      while (true) {
        if (Thread.interrupted()) {
          throw new InterruptedException("receive from " + destination + " interrupted");
        }
        long leftMs = (deadline - System.nanoTime()) / 1_000_000;
        long slice = Math.min(leftMs, RECEIVE_SLICE_MS);
        if (feed != null) {
          ReceivedMessage r = feed.take(slice);
          if (r != null) {
            lastReceived = r.message();
            return r;
          }
        } else {
          Message m = slice <= 0 ? c.receiveNoWait() : c.receive(slice);
          if (m != null) {
            lastReceived = m;
            return new ReceivedMessage(m, System.nanoTime());
          }
        }
        if (leftMs <= 0) {
          return null;
        }
        Throwable failure = connection.failure();
        if (failure != null) {
          throw new AmqpException(
              "the connection to the broker failed: " + failure.getMessage(),
              failure.getClass().getSimpleName(),
              failure);
        }
      }
    } catch (JMSException | UnsupportedOperationException e) {
      if (Thread.currentThread().isInterrupted()) {
        Thread.interrupted();
        throw new InterruptedException("receive from " + destination + " interrupted");
      }
      throw AmqpException.of("cannot receive from " + destination, e);
    }
  }

  /**
   * Publishes one non-persistent message of {@code size} bytes to {@code queue} and receives it
   * back, skipping any older message still on the queue.
   *
   * @return the end-to-end latency in nanoseconds (monotonic clock)
   * @throws AmqpException if the message does not come back within 30 seconds
   */
  public long roundTrip(String queue, int size) throws InterruptedException {
    return roundTrip(queue, size, Duration.ofSeconds(30));
  }

  /** {@link #roundTrip(String, int)} with a timeout of the caller's choice. */
  public long roundTrip(String queue, int size, Duration timeout) throws InterruptedException {
    if (roundTripBody.length != size) {
      roundTripBody = Payloads.of(size);
    }
    consumer(queue);
    long sequence = roundTripSequence++;
    long start = System.nanoTime();
    publish(queue, roundTripBody, false, new MessageStamp(roundTripPublisher, sequence, start));
    if (ack == Acknowledgement.TRANSACTED) {
      commit();
    }
    long deadline = start + timeout.toNanos();
    while (true) {
      long left = deadline - System.nanoTime();
      ReceivedMessage m = left <= 0 ? null : receive(queue, Duration.ofNanos(left));
      if (m == null) {
        throw new AmqpException(
            "no reply from " + queue + " within " + timeout.toMillis() + " ms", "Timeout", null);
      }
      settle();
      MessageStamp s = m.stamp();
      if (s != null && s.publisher() == roundTripPublisher && s.sequence() == sequence) {
        return m.receivedNanos() - start;
      }
    }
  }

  private void settle() {
    if (ack == Acknowledgement.CLIENT) {
      acknowledge();
    } else if (ack == Acknowledgement.TRANSACTED) {
      commit();
    }
  }

  /** Commits the open transaction (transacted clients only). */
  public void commit() {
    try {
      session.commit();
    } catch (JMSException | UnsupportedOperationException e) {
      throw AmqpException.of("cannot commit", e);
    }
  }

  /** Accepts every message received so far (client-acknowledge clients only). */
  public void acknowledge() {
    if (lastReceived == null) {
      return;
    }
    try {
      lastReceived.acknowledge();
      lastReceived = null;
    } catch (JMSException | UnsupportedOperationException e) {
      throw AmqpException.of("cannot acknowledge", e);
    }
  }

  private Destination destination(String text) throws JMSException {
    Destination d = destinations.get(text);
    if (d == null) {
      AmqpDestination parsed = AmqpDestination.parse(text);
      String address = connection.settings().address(parsed);
      d = connection.settings().provider().destination(session, address, parsed.topic());
      destinations.put(text, d);
    }
    return d;
  }

  /** Closes the session, and the connection if the client opened its own. */
  @Override
  public void close() {
    feeds.values().forEach(ListenerFeed::close);
    try {
      for (MessageConsumer c : consumers.values()) {
        c.close();
      }
      for (String subscription : durableSubscriptions) {
        session.unsubscribe(subscription);
      }
    } catch (JMSException | RuntimeException e) {
      // The broker may be gone already; its subscriptions go with it or stay for an operator.
    }
    try {
      session.close();
    } catch (JMSException | RuntimeException e) {
      // The broker may be gone already.
    }
    if (ownsConnection) {
      connection.close();
    }
  }
}
