package io.loadlab.core.amqp;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * What one receiving queue got from its publishers: a bit per (publisher, sequence number), so that
 * every message is counted once and duplicates, strays and the missing can be told apart. In shared
 * mode the competing subscribers of a queue share one account; in fanout and topic mode each
 * subscriber has its own (its subscription is its queue). Thread-safe and lock-free.
 */
final class DeliveryAccount {
  /** What {@link #record} found. */
  enum Outcome {
    NEW,
    DUPLICATE,
    FOREIGN
  }

  private final String name;
  private final int firstPublisher;
  private final int publishers;
  private final long perPublisher;
  private final AtomicLongArray[] seen;
  private final AtomicLong distinct = new AtomicLong();
  private final LongAdder duplicates = new LongAdder();
  private final LongAdder foreign = new LongAdder();
  private final LongAdder outOfOrder = new LongAdder();
  private volatile long expected;

  /**
   * @param firstPublisher the lowest publisher id sending to this queue; ids are consecutive
   * @param perPublisher the most messages one publisher sends to it
   */
  DeliveryAccount(String name, int firstPublisher, int publishers, long perPublisher) {
    this.name = name;
    this.firstPublisher = firstPublisher;
    this.publishers = publishers;
    this.perPublisher = perPublisher;
    this.seen = new AtomicLongArray[publishers];
    for (int i = 0; i < publishers; i++) {
      seen[i] = new AtomicLongArray((int) ((perPublisher + 63) / 64));
    }
    this.expected = publishers * perPublisher;
  }

  String name() {
    return name;
  }

  /** Counts a received message. */
  Outcome record(MessageStamp stamp) {
    int p = stamp == null ? -1 : stamp.publisher() - firstPublisher;
    long seq = stamp == null ? -1 : stamp.sequence();
    if (p < 0 || p >= publishers || seq < 0 || seq >= perPublisher) {
      foreign.increment();
      return Outcome.FOREIGN;
    }
    AtomicLongArray bits = seen[p];
    int word = (int) (seq >>> 6);
    long mask = 1L << (seq & 63);
    while (true) {
      long old = bits.get(word);
      if ((old & mask) != 0) {
        duplicates.increment();
        return Outcome.DUPLICATE;
      }
      if (bits.compareAndSet(word, old, old | mask)) {
        distinct.incrementAndGet();
        return Outcome.NEW;
      }
    }
  }

  /** Counts a message that came before one its publisher sent earlier. */
  void outOfOrder() {
    outOfOrder.increment();
  }

  /** Sets how many messages are due, once the publishers know what they sent. */
  void expect(long n) {
    this.expected = n;
  }

  /** True once every due message has arrived. */
  boolean complete() {
    return distinct.get() >= expected;
  }

  long distinct() {
    return distinct.get();
  }

  /** What it got, as reported in results. */
  DeliveryReport report() {
    long got = distinct.get();
    return new DeliveryReport(
        name,
        expected,
        got,
        duplicates.sum(),
        outOfOrder.sum(),
        Math.max(0, expected - got),
        foreign.sum());
  }
}
