package io.loadlab.core.net;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the UDP users of one sweep point counted over their sockets' lifetimes (warmup included),
 * and what the server said it received from those sockets.
 */
final class UdpTally {
  /** Requests or stream datagrams sent. */
  final LongAdder sent = new LongAdder();

  /** rr: transactions lost (no response in time); stream: datagrams the server did not receive. */
  final LongAdder lost = new LongAdder();

  /** Datagrams the server received from the users' sockets. */
  final LongAdder serverReceived = new LongAdder();

  /** Datagrams that arrived at the server after one with a higher sequence number. */
  final LongAdder reordered = new LongAdder();

  /** Responses that came back after their transaction was counted as lost. */
  final LongAdder late = new LongAdder();

  /** Users whose end-of-point stats request the server did not answer. */
  final LongAdder unanswered = new LongAdder();

  /**
   * Users whose socket was closed on this side (stuck at the stop and closed by the driver) before
   * the stats request: no sign of the server either way.
   */
  final LongAdder closedHere = new LongAdder();

  /**
   * Sockets that got an ICMP port unreachable (nothing listens on the server's port): with
   * unanswered requests, the sign that the server is gone.
   */
  final LongAdder portUnreachable = new LongAdder();

  private final AtomicReference<String> firstLoss = new AtomicReference<>();

  void loss(String why) {
    if (why != null) {
      firstLoss.compareAndSet(null, why);
    }
  }

  /** Why the first transaction was lost, or null. */
  String firstLoss() {
    return firstLoss.get();
  }

  /** Lost as a percentage of sent, or 0 when nothing was sent. */
  double lossPercent() {
    long s = sent.sum();
    return s == 0 ? 0 : 100.0 * lost.sum() / s;
  }
}
