package io.loadlab.core.amqp;

import io.loadlab.core.failure.UsageException;
import java.time.Duration;
import java.util.List;

/**
 * A throughput run after qpid-perftest. Names follow its options.
 *
 * @param connection the broker and link settings
 * @param sizes message body sizes in bytes; each is one point of the sweep
 * @param count messages each publisher sends to its queue or topic per iteration ({@code --count})
 * @param publishers publishers per queue or topic ({@code --npubs})
 * @param subscribers subscribers per queue or topic ({@code --nsubs})
 * @param queues queues or topics ({@code --qt}); fanout uses one
 * @param mode shared, fanout or topic
 * @param durable persistent messages ({@code --durable})
 * @param publishTx publisher transaction size, 0 for none ({@code --pub-tx}, or {@code --tx})
 * @param subscribeTx subscriber transaction size, 0 for none ({@code --sub-tx}, or {@code --tx})
 * @param subscribeAck acknowledge every N messages, 0 to accept each as received ({@code
 *     --sub-ack})
 * @param syncPublish wait for the broker's confirmation of each message ({@code --sync-publish})
 * @param maxPending unconfirmed messages a publisher may have outstanding
 * @param iterations how many times to run each size
 * @param singleConnection all publishers and subscribers share one connection
 * @param baseName queue and topic names start with it
 * @param receiveTimeout how long subscribers wait for a missing message once publishers are done
 */
public record ThroughputSettings(
    AmqpConnectionSettings connection,
    List<Integer> sizes,
    long count,
    int publishers,
    int subscribers,
    int queues,
    ThroughputMode mode,
    boolean durable,
    int publishTx,
    int subscribeTx,
    int subscribeAck,
    boolean syncPublish,
    int maxPending,
    int iterations,
    boolean singleConnection,
    String baseName,
    Duration receiveTimeout) {

  /** Defaults as qpid-perftest's, for the given broker and sizes. */
  public static ThroughputSettings defaults(
      AmqpConnectionSettings connection, List<Integer> sizes) {
    return new ThroughputSettings(
        connection,
        sizes,
        500_000,
        1,
        1,
        1,
        ThroughputMode.SHARED,
        false,
        0,
        0,
        0,
        false,
        1000,
        1,
        false,
        "loadlab-perftest",
        Duration.ofSeconds(10));
  }

  public ThroughputSettings {
    if (sizes == null || sizes.isEmpty()) {
      throw new UsageException("--size: at least one size is needed, e.g. 1024");
    }
    for (int s : sizes) {
      if (s < 0) {
        throw new UsageException("--size: " + s + " is negative; use 0 or more bytes");
      }
    }
    sizes = List.copyOf(sizes);
    positive("--count", count);
    if (count > MessageStamp.MAX_SEQUENCE) {
      throw new UsageException("--count: " + count + " is too large; use at most 2^40 - 1");
    }
    positive("--npubs", publishers);
    positive("--nsubs", subscribers);
    positive("--qt", queues);
    positive("--iterations", iterations);
    positive("--max-pending", maxPending);
    if (singleConnection && connection.mixed()) {
      throw new UsageException(
          "--single-connection: consumers through another provider need connections of their"
              + " own; drop --single-connection or --consumer-provider");
    }
    notNegative("--pub-tx", publishTx);
    notNegative("--sub-tx", subscribeTx);
    notNegative("--sub-ack", subscribeAck);
    if (subscribeTx > 0 && subscribeAck > 0) {
      throw new UsageException(
          "--sub-ack: cannot be combined with --sub-tx (transactions settle); use one of them");
    }
    if (connection.presettled() && (publishTx > 0 || subscribeTx > 0)) {
      throw new UsageException(
          "--presettled: cannot be combined with transactions; drop --presettled or --tx");
    }
    BrokerProfile profile = connection.profile();
    if ((publishTx > 0 || subscribeTx > 0) && !profile.transactions()) {
      throw new UsageException(
          "--tx: "
              + profile.brokerName()
              + " (profile "
              + profile
              + ") runs no AMQP 1.0 transactions; drop --tx, --pub-tx and --sub-tx"
              + " (--sub-ack N acknowledges in batches instead)");
    }
    if (mode != ThroughputMode.SHARED && !profile.topicSubscriptions()) {
      throw new UsageException(
          "--mode "
              + mode.cliName()
              + ": "
              + profile.brokerName()
              + " (profile "
              + profile
              + ") has no topic address a client can subscribe to; use --mode shared, or"
              + " --broker-profile rabbitmq3 for RabbitMQ's v1 addresses (/topic/KEY)");
    }
    if (baseName == null || baseName.isBlank() || baseName.contains("/")) {
      throw new UsageException("--base-name: use a plain name such as loadlab-perftest");
    }
    if (receiveTimeout.isNegative() || receiveTimeout.isZero()) {
      throw new UsageException("--receive-timeout: must be more than 0, e.g. 10s");
    }
    if (mode == ThroughputMode.SHARED && count % subscribers != 0) {
      // As qpid-perftest does: each competing subscriber gets an equal share.
      count = (count / subscribers + 1) * subscribers;
    }
  }

  private static void positive(String option, long v) {
    if (v < 1) {
      throw new UsageException(option + ": " + v + " is too small; use 1 or more");
    }
  }

  private static void notNegative(String option, long v) {
    if (v < 0) {
      throw new UsageException(option + ": " + v + " is negative; use 0 or more");
    }
  }

  /** The number of queues or topics: fanout uses one. */
  public int destinations() {
    return mode == ThroughputMode.FANOUT ? 1 : queues;
  }

  /** All publishers across destinations. */
  public int totalPublishers() {
    return publishers * destinations();
  }

  /** All subscribers across destinations. */
  public int totalSubscribers() {
    return subscribers * destinations();
  }

  /** Messages each subscriber is due per iteration, as qpid-perftest's subQuota. */
  public long subscriberQuota() {
    return switch (mode) {
      case SHARED -> publishers * count / subscribers;
      case FANOUT, TOPIC -> publishers * count;
    };
  }

  /** Messages per iteration, both legs counted, as qpid-perftest's transfers. */
  public long plannedTransfers() {
    return totalPublishers() * count + totalSubscribers() * subscriberQuota();
  }

  /** True unless delivery is presettled (at most once): then every message must arrive. */
  public boolean reliable() {
    return !connection.presettled();
  }

  /** Returns a copy with another base name (queues and topics). */
  public ThroughputSettings withBaseName(String name) {
    return new ThroughputSettings(
        connection,
        sizes,
        count,
        publishers,
        subscribers,
        queues,
        mode,
        durable,
        publishTx,
        subscribeTx,
        subscribeAck,
        syncPublish,
        maxPending,
        iterations,
        singleConnection,
        name,
        receiveTimeout);
  }
}
