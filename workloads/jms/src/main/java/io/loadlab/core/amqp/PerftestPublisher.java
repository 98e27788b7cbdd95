package io.loadlab.core.amqp;

import io.loadlab.core.record.OperationRecorder;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One throughput publisher: sends its count of stamped messages to one queue or topic as fast as
 * the broker confirms them, keeping at most {@code maxPending} unconfirmed (1 with {@code
 * --sync-publish}), or in transactions of {@code tx} messages. Its clock stops when the last
 * message is confirmed, as qpid-perftest's does after its final sync.
 */
final class PerftestPublisher implements Runnable, SendCallback {
  private final AmqpClient client;
  private final String destination;
  private final int id;
  private final long count;
  private final byte[] body;
  private final boolean persistent;
  private final int tx;
  private final int maxPending;
  private final Semaphore window;
  private final Duration confirmTimeout;
  private final OperationRecorder op;
  private final IterationControl control;
  private final AtomicLong confirmed = new AtomicLong();
  private long attempted;
  private long startNanos;
  private long endNanos;

  PerftestPublisher(
      AmqpClient client,
      String destination,
      int id,
      ThroughputSettings s,
      byte[] body,
      OperationRecorder op,
      IterationControl control) {
    this.client = client;
    this.destination = destination;
    this.id = id;
    this.count = s.count();
    this.body = body;
    this.persistent = s.durable();
    this.tx = s.publishTx();
    this.maxPending = s.syncPublish() ? 1 : s.maxPending();
    this.window = new Semaphore(maxPending);
    this.confirmTimeout = s.receiveTimeout();
    this.op = op;
    this.control = control;
  }

  @Override
  public void run() {
    try {
      if (!control.awaitStart()) {
        return;
      }
      startNanos = System.nanoTime();
      if (tx > 0) {
        publishInTransactions();
      } else {
        publishConfirmed();
      }
    } catch (AmqpException e) {
      op.failure(0, e.kind());
      control.fail(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      endNanos = System.nanoTime();
    }
  }

  private void publishConfirmed() throws InterruptedException {
    for (long seq = 0; seq < count && !control.stopPublishing(); seq++) {
      while (!window.tryAcquire(100, TimeUnit.MILLISECONDS)) {
        if (control.aborted()) {
          return;
        }
      }
      attempted++;
      client.publishAsync(
          destination, body, persistent, new MessageStamp(id, seq, System.nanoTime()), this);
    }
    // The final sync: wait until the broker has confirmed everything sent, unless the iteration
    // failed meanwhile (a refused send: what is still outstanding no longer matters).
    long waitMs = confirmTimeout.toMillis();
    long deadline = System.nanoTime() + confirmTimeout.toNanos();
    while (!window.tryAcquire(maxPending, 100, TimeUnit.MILLISECONDS)) {
      if (control.aborted()) {
        return;
      }
      if (System.nanoTime() - deadline >= 0) {
        control.fail(
            new AmqpException(
                "publisher "
                    + id
                    + ": "
                    + (attempted - confirmed.get())
                    + " messages unconfirmed after "
                    + waitMs
                    + " ms",
                "Unconfirmed",
                null));
        return;
      }
    }
  }

  private void publishInTransactions() {
    long[] sentAt = new long[tx];
    int inBatch = 0;
    for (long seq = 0; seq < count && !control.stopPublishing(); seq++) {
      long now = System.nanoTime();
      client.publish(destination, body, persistent, new MessageStamp(id, seq, now));
      attempted++;
      sentAt[inBatch++] = now;
      if (inBatch == tx) {
        commit(sentAt, inBatch);
        inBatch = 0;
      }
    }
    if (inBatch > 0) {
      commit(sentAt, inBatch);
    }
  }

  private void commit(long[] sentAt, int n) {
    client.commit();
    long now = System.nanoTime();
    for (int i = 0; i < n; i++) {
      op.success(now - sentAt[i], body.length, 0);
    }
    confirmed.addAndGet(n);
  }

  @Override
  public void completed(MessageStamp stamp) {
    confirmed.incrementAndGet();
    op.success(System.nanoTime() - stamp.sentNanos(), body.length, 0);
    window.release();
  }

  @Override
  public void failed(MessageStamp stamp, AmqpException e) {
    op.failure(System.nanoTime() - stamp.sentNanos(), e.kind());
    window.release();
    control.fail(e);
  }

  int id() {
    return id;
  }

  /** Messages the broker confirmed (committed, for transactions). */
  long confirmed() {
    return confirmed.get();
  }

  /** Messages handed to the client library. */
  long attempted() {
    return attempted;
  }

  /** Its own rate, as qpid-perftest's publishers report: confirmed over its own time. */
  double rate() {
    double seconds = (endNanos - startNanos) / 1e9;
    return seconds <= 0 ? 0 : confirmed.get() / seconds;
  }
}
