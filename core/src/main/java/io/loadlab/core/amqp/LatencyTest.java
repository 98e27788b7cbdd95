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
 */
final class LatencyTest {
  private static final Duration POLL = Duration.ofMillis(100);

  /**
   * How close to a send slot the paced sender stops sleeping and spins. A timed park wakes up to 50
   * µs late (the kernel's timer slack), so parking until 20 µs before the slot spins a few
   * microseconds on average: a spinning sender competes with the broker for the cores.
   */
  private static final long SPIN_NANOS = 20_000;

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
  private volatile boolean sending = true;
  private volatile long stopReceivingAt = Long.MAX_VALUE;

  LatencyTest(
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

  private void sendPaced() {
    long start = System.nanoTime();
    scheduleStart = start;
    for (long n = 0; more(n); n++) {
      long due = start + (long) (n * period);
      long now = System.nanoTime();
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
      sendDelay.success(now - due);
      sender.publish(queue, body, persistent, MessageStamp.atSend(id, n));
      sent = n + 1;
    }
  }

  /** When message {@code sequence} was due to be sent (paced runs). */
  private long dueNanos(long sequence) {
    return scheduleStart + (long) (sequence * period);
  }

  private void sendOneAtATime() throws InterruptedException {
    for (long n = 0; more(n); n++) {
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

  long received() {
    return received.get();
  }

  String queue() {
    return queue;
  }
}
