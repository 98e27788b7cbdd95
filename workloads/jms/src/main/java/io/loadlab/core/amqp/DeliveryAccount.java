package io.loadlab.core.amqp;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * What one receiving queue got from its publishers: a bit per (publisher, sequence number), so that
 * every message is counted once and duplicates, strays and the missing can be told apart. In shared
 * mode the competing subscribers of a queue share one account; in fanout and topic mode each
 * subscriber has its own (its subscription is its queue). Thread-safe and lock-free.
 *
 * <p>The bits are kept in pages of {@value #PAGE_BITS} sequence numbers, each made when its first
 * message arrives: the memory follows the messages received (an eighth of a byte each, and a page
 * per publisher), not the most a publisher may send. Allocated up front for {@code --count}, 1,000
 * publishers of 10^8 messages each needed 12 GB before the first message.
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

  /** The pages by publisher and page number. */
  private final ConcurrentHashMap<PageKey, Page> pages = new ConcurrentHashMap<>();

  /** Each publisher's page last used: its messages arrive in order, so mostly the one wanted. */
  private final AtomicReferenceArray<Page> lastPage;

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
    this.lastPage = new AtomicReferenceArray<>(publishers);
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
    AtomicLongArray bits = page(p, seq / PAGE_BITS);
    int word = (int) ((seq % PAGE_BITS) >>> 6);
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

  /** Sequence numbers per page: 4,096 bits, 512 bytes. */
  static final int PAGE_BITS = 4096;

  /** A page of bits and its number. */
  private record Page(long number, AtomicLongArray bits) {}

  /** A publisher's page number. */
  private record PageKey(int publisher, long number) {}

  /** Publisher {@code p}'s page {@code number}, made if it is the first message in it. */
  private AtomicLongArray page(int p, long number) {
    Page last = lastPage.get(p);
    if (last != null && last.number() == number) {
      return last.bits();
    }
    Page page =
        pages.computeIfAbsent(
            new PageKey(p, number), k -> new Page(number, new AtomicLongArray(PAGE_BITS / 64)));
    lastPage.set(p, page);
    return page.bits();
  }

  /** The pages made so far (for tests: the memory follows what arrived). */
  int pages() {
    return pages.size();
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
