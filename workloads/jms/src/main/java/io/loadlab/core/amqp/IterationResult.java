package io.loadlab.core.amqp;

import java.util.List;
import java.util.Locale;

/**
 * The figures of one throughput iteration, computed as qpid-perftest computes them.
 *
 * @param size the message size in bytes
 * @param iteration from 1
 * @param seconds from the start signal until every subscriber had its messages
 * @param published messages the broker confirmed, all publishers
 * @param received messages received, all subscribers (duplicates included)
 * @param publishRate mean of the publishers' own rates (messages per second)
 * @param publishRateStdDev their standard deviation
 * @param subscribeRate mean of the subscribers' own rates
 * @param subscribeRateStdDev their standard deviation
 * @param transfersPerSec (published + received) / seconds: both legs count
 * @param megabytesPerSec transfersPerSec × size / 2^20
 * @param deliveries the accounting of each receiving queue
 */
public record IterationResult(
    int size,
    int iteration,
    double seconds,
    long published,
    long received,
    double publishRate,
    double publishRateStdDev,
    double subscribeRate,
    double subscribeRateStdDev,
    double transfersPerSec,
    double megabytesPerSec,
    List<DeliveryReport> deliveries) {

  /** All messages lost, across queues. */
  public long lost() {
    return deliveries.stream().mapToLong(DeliveryReport::lost).sum();
  }

  /** All duplicate copies, across queues. */
  public long duplicates() {
    return deliveries.stream().mapToLong(DeliveryReport::duplicates).sum();
  }

  /** All out-of-order messages, across queues. */
  public long outOfOrder() {
    return deliveries.stream().mapToLong(DeliveryReport::outOfOrder).sum();
  }

  /**
   * The line qpid-perftest prints with {@code --summary}: publish rate, subscribe rate, transfers
   * per second and MB per second, tab-separated.
   */
  public String summaryLine() {
    return String.format(
        Locale.ROOT,
        "%.2f\t%.2f\t%.2f\t%.2f",
        publishRate,
        subscribeRate,
        transfersPerSec,
        megabytesPerSec);
  }
}
