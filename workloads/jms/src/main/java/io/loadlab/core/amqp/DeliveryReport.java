package io.loadlab.core.amqp;

/**
 * The accounting of one receiving queue (or subscription) over an iteration.
 *
 * @param queue the queue, or the topic and subscriber
 * @param expected messages its publishers had confirmed sent to it
 * @param received distinct messages received
 * @param duplicates messages received more than once (each extra copy counted)
 * @param outOfOrder messages received after a later one from the same publisher, by one subscriber
 * @param lost expected messages that never arrived
 * @param foreign messages without a stamp of this run (left over from another run)
 */
public record DeliveryReport(
    String queue,
    long expected,
    long received,
    long duplicates,
    long outOfOrder,
    long lost,
    long foreign) {}
