package io.loadlab.core.amqp;

import io.loadlab.core.record.OperationRecorder;
import java.time.Duration;
import java.util.Arrays;

/**
 * One throughput subscriber: receives from its queue or topic until its queue's account has every
 * message due, or until nothing has come for the receive timeout once the publishers are done (then
 * the rest is lost). It accepts each message as received, or every {@code --sub-ack} messages, or
 * commits every {@code --sub-tx}; it checks that each publisher's messages come in order.
 */
final class PerftestSubscriber implements Runnable {
  private static final Duration POLL = Duration.ofMillis(100);

  private final AmqpClient client;
  private final String destination;
  private final DeliveryAccount account;
  private final int firstPublisher;
  private final long[] lastSequence;
  private final int settleEvery;
  private final long idleLimitNanos;
  private final OperationRecorder op;
  private final IterationControl control;
  private long received;
  private long lastNanos;

  PerftestSubscriber(
      AmqpClient client,
      String destination,
      DeliveryAccount account,
      int firstPublisher,
      int publishers,
      ThroughputSettings s,
      OperationRecorder op,
      IterationControl control) {
    this.client = client;
    this.destination = destination;
    this.account = account;
    this.firstPublisher = firstPublisher;
    this.lastSequence = new long[publishers];
    Arrays.fill(lastSequence, -1);
    this.settleEvery = s.subscribeTx() > 0 ? s.subscribeTx() : s.subscribeAck();
    this.idleLimitNanos = s.receiveTimeout().toNanos();
    this.op = op;
    this.control = control;
  }

  @Override
  public void run() {
    try {
      if (!control.awaitStart()) {
        return;
      }
      lastNanos = control.startNanos();
      receiveAll();
    } catch (AmqpException e) {
      op.failure(0, e.kind());
      control.fail(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void receiveAll() throws InterruptedException {
    long idleSince = System.nanoTime();
    int unsettled = 0;
    while (!account.complete() && !control.aborted()) {
      ReceivedMessage m = client.receive(destination, POLL);
      if (m == null) {
        if (control.arePublishersDone() && System.nanoTime() - idleSince > idleLimitNanos) {
          break;
        }
        continue;
      }
      idleSince = m.receivedNanos();
      received++;
      MessageStamp stamp = m.stamp();
      if (account.record(stamp) == DeliveryAccount.Outcome.NEW) {
        int p = stamp.publisher() - firstPublisher;
        if (stamp.sequence() < lastSequence[p]) {
          account.outOfOrder();
        } else {
          lastSequence[p] = stamp.sequence();
        }
      }
      if (stamp != null) {
        op.success(m.receivedNanos() - stamp.sentNanos(), 0, m.bodyLength());
      }
      if (settleEvery > 0 && ++unsettled >= settleEvery) {
        settle();
        unsettled = 0;
      }
      lastNanos = System.nanoTime();
    }
    if (unsettled > 0 && !control.aborted()) {
      settle();
      lastNanos = System.nanoTime();
    }
  }

  private void settle() {
    if (client.acknowledgement() == Acknowledgement.TRANSACTED) {
      client.commit();
    } else if (client.acknowledgement() == Acknowledgement.CLIENT) {
      client.acknowledge();
    }
  }

  long received() {
    return received;
  }

  /** When it received its last message (after the final acknowledgement or commit). */
  long lastNanos() {
    return lastNanos;
  }

  /** Its own rate, as qpid-perftest's subscribers report: received over start to last message. */
  double rate() {
    double seconds = (lastNanos - control.startNanos()) / 1e9;
    return seconds <= 0 ? 0 : received / seconds;
  }
}
