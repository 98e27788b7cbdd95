package io.loadlab.core.amqp;

import io.loadlab.core.record.OperationRecorder;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * One latency test: a sender and a receiver on one queue in this process. The sender stamps each
 * message with its send time on the monotonic clock and the receiver records the difference on
 * receipt. At a rate, the latency counts from the time the message was due on the sender's fixed
 * schedule (coordinated omission corrected); the time from the actual send ({@code transit}) and
 * how late the sender was ({@code send-delay}) are recorded beside it. Without a rate it sends the
 * next message once the previous one is back.
 *
 * <p>A paced sender that falls behind never builds an unbounded backlog: a slot more than {@link
 * #MAX_LAG_NANOS} overdue, or due while more than {@link #maxInFlight} messages are on their way,
 * is skipped and counted ({@link #skipped()}), so that neither this process nor the broker holds
 * more than a bounded number of messages however far behind the run falls. Such a run has missed
 * its rate and says so.
 */
final class LatencyPair {
  private static final Duration POLL = Duration.ofMillis(100);

  /**
   * How close to a send slot the paced sender stops sleeping and spins. A timed park wakes up to 50
   * µs late (the kernel's timer slack), so parking until 20 µs before the slot spins a few
   * microseconds on average: a spinning sender competes with the broker for the cores.
   */
  private static final long SPIN_NANOS = 20_000;

  /** How far behind its schedule a paced sender may fall before it skips the overdue slots. */
  static final long MAX_LAG_NANOS = 1_000_000_000L;

  private final AmqpClient sender;
  private final AmqpClient receiver;
  private final String queue;
  private final int id;
  private final double rate;
  private final long count;
  private final long limitNanos;
  private long deadlineNanos;
  private final byte[] body;
  private final boolean persistent;
  private final int ackEvery;
  private final OperationRecorder latency;
  private final OperationRecorder sendDelay;
  private final OperationRecorder transit;
  private final double period;
  private volatile long scheduleStart;
  private final IterationControl control;
  private final long replyTimeoutNanos;
  private final Semaphore returned = new Semaphore(0);
  private final AtomicLong received = new AtomicLong();
  private volatile long sent;
  private volatile long skipped;
  private volatile long lastSendNanos;
  private volatile long firstSendNanos;
  private volatile long lastReceiptNanos;
  private final long maxInFlight;
  private volatile boolean sending = true;
  private volatile long stopReceivingAt = Long.MAX_VALUE;

  LatencyPair(
      AmqpClient sender,
      AmqpClient receiver,
      String queue,
      int id,
      double rate,
      long count,
      long limitNanos,
      byte[] body,
      boolean persistent,
      int ackEvery,
      OperationRecorder latency,
      OperationRecorder sendDelay,
      OperationRecorder transit,
      long replyTimeoutNanos,
      IterationControl control) {
    this.replyTimeoutNanos = replyTimeoutNanos;
    this.sender = sender;
    this.receiver = receiver;
    this.queue = queue;
    this.id = id;
    this.rate = rate;
    this.count = count;
    this.limitNanos = limitNanos;
    this.body = body;
    this.persistent = persistent;
    this.ackEvery = ackEvery;
    this.latency = latency;
    this.sendDelay = sendDelay;
    this.transit = transit;
    this.period = rate > 0 ? 1e9 / rate : 0;
    this.maxInFlight = maxInFlight(rate);
    this.control = control;
  }

  /** Runs the sender on the calling thread. */
  void send() {
    try {
      if (!control.awaitStart()) {
        return;
      }
      deadlineNanos = control.startNanos() + limitNanos;
      if (rate > 0) {
        sendPaced();
      } else {
        sendOneAtATime();
      }
    } catch (AmqpException e) {
      latency.failure(0, e.kind());
      control.fail(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      sending = false;
    }
  }

  private boolean more(long n) {
    return (count == 0 || n < count) && System.nanoTime() < deadlineNanos && !control.aborted();
  }

  /**
   * How many messages a paced test may have on their way (sent, not yet received): a second of its
   * rate, at least 100 and at most 50,000.
   */
  static long maxInFlight(double rate) {
    return Math.max(100, Math.min(50_000, (long) Math.ceil(rate)));
  }

  private void sendPaced() {
    long start = System.nanoTime();
    scheduleStart = start;
    long slot = 0; // the schedule's slot; n counts the messages sent
    for (long n = 0; more(n); slot++) {
      long due = start + (long) (slot * period);
      long now = System.nanoTime();
      if (now - due > MAX_LAG_NANOS) {
        // Far behind: skip to the slot that is due now rather than queue up the missed ones.
        long current = (long) ((now - start) / period);
        skipped += current - slot;
        slot = current;
        due = start + (long) (slot * period);
      }
      // Sleep until shortly before the slot, then spin: a timed sleep alone wakes up late.
      while (due - now > SPIN_NANOS) {
        LockSupport.parkNanos(due - now - SPIN_NANOS);
        if (control.aborted()) {
          return;
        }
        now = System.nanoTime();
      }
      while (now < due) {
        Thread.onSpinWait();
        now = System.nanoTime();
      }
      if (n - received.get() >= maxInFlight) {
        skipped++; // the receiver (or broker) is behind: do not add to its backlog
        continue;
      }
      sendDelay.success(now - due);
      sender.publish(queue, body, persistent, MessageStamp.atSend(id, slot));
      if (n == 0) {
        firstSendNanos = now;
      }
      lastSendNanos = now;
      n++;
      sent = n;
    }
  }

  /**
   * The rate a paced sender achieved: its messages over the time from its schedule's start to one
   * period after its last send (exactly the rate when it kept to its schedule); 0 if it sent none.
   */
  double achievedRate() {
    long n = sent;
    if (n == 0 || period == 0) {
      return 0;
    }
    double seconds = (lastSendNanos - scheduleStart + period) / 1e9;
    return seconds > 0 ? n / seconds : 0;
  }

  /** When message {@code sequence} was due to be sent (paced runs). */
  private long dueNanos(long sequence) {
    return scheduleStart + (long) (sequence * period);
  }

  private void sendOneAtATime() throws InterruptedException {
    for (long n = 0; more(n); n++) {
      if (n == 0) {
        firstSendNanos = System.nanoTime();
      }
      sender.publish(queue, body, persistent, MessageStamp.atSend(id, n));
      sent = n + 1;
      long giveUp = System.nanoTime() + replyTimeoutNanos;
      while (!returned.tryAcquire(100, TimeUnit.MILLISECONDS)) {
        if (control.aborted() || System.nanoTime() > giveUp) {
          return; // it did not come back: reported as lost
        }
      }
    }
  }

  /** Runs the receiver on the calling thread until sending is over and all has come back. */
  void receive() {
    try {
      if (!control.awaitStart()) {
        return;
      }
      int unsettled = 0;
      while (!control.aborted()) {
        if (!sending && (received.get() >= sent || System.nanoTime() > stopReceivingAt)) {
          break;
        }
        ReceivedMessage m = receiver.receive(queue, POLL);
        if (m == null) {
          continue;
        }
        MessageStamp s = m.stamp();
        if (s == null || s.publisher() != id) {
          continue; // left over from an earlier point or run
        }
        if (rate > 0) {
          // Coordinated omission corrected: from when it was due, not from when it went out.
          latency.success(m.receivedNanos() - dueNanos(s.sequence()), 0, m.bodyLength());
          transit.success(m.receivedNanos() - s.sentNanos(), 0, m.bodyLength());
        } else {
          latency.success(m.receivedNanos() - s.sentNanos(), 0, m.bodyLength());
        }
        lastReceiptNanos = m.receivedNanos();
        received.incrementAndGet();
        if (ackEvery > 0 && ++unsettled >= ackEvery) {
          receiver.acknowledge();
          unsettled = 0;
        }
        returned.release();
      }
      if (unsettled > 0 && !control.aborted()) {
        receiver.acknowledge();
      }
    } catch (AmqpException e) {
      latency.failure(0, e.kind());
      control.fail(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Gives the receiver until {@code nanos} (monotonic) to get what is still on its way. */
  void drainUntil(long nanos) {
    stopReceivingAt = nanos;
  }

  long sent() {
    return sent;
  }

  /**
   * The nanoseconds the test's messages moved in: from its first send to its last receipt (0 if
   * none came back), without the connecting, attaching and closing around them.
   */
  long windowNanos() {
    long first = firstSendNanos;
    long last = lastReceiptNanos;
    return first == 0 || last <= first ? 0 : last - first;
  }

  /** Slots of the paced schedule skipped because the sender or its receiver fell behind. */
  long skipped() {
    return skipped;
  }

  long received() {
    return received.get();
  }

  String queue() {
    return queue;
  }
}
