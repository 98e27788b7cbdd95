package io.loadlab.core.amqp;

/**
 * The little of a broker's management loadlab needs to remove what a run created: whether a queue
 * (or a topic's address) exists, and deleting it. One implementation per broker that allows it;
 * {@link #of} says which, or why none.
 */
interface BrokerManagement extends AutoCloseable {
  /** True if the queue (or, for a topic, its address) exists now. */
  boolean exists(AmqpDestination node);

  /** Deletes the queue (or topic address) with whatever it holds. */
  void delete(AmqpDestination node);

  /**
   * Declares a queue bound to the topic (its routing key on the broker's topic exchange), for a
   * broker whose own per-subscriber queues outlive the run under names no client learns.
   *
   * @throws UnsupportedOperationException where topics need no such queue
   */
  default void declareTopicQueue(String queue, String topic, boolean durable) {
    throw new UnsupportedOperationException("topic subscribers need no queue of loadlab's here");
  }

  /** The command a user runs to delete a node by hand, for messages. */
  String manualDelete(AmqpDestination node);

  @Override
  void close();

  /**
   * Opens the management of the broker the settings point at, by its profile.
   *
   * @throws UnsupportedOperationException naming why if loadlab cannot delete queues there
   */
  static BrokerManagement of(AmqpConnectionSettings settings) {
    return switch (settings.profile()) {
      case ARTEMIS -> new ArtemisManagement(settings);
      case RABBITMQ3 -> new RabbitMqManagement(settings);
      case QPID_BROKER_J -> new QpidManagement(settings);
      case RABBITMQ4 ->
          throw new UnsupportedOperationException(
              "RabbitMQ 4.x queues must exist before the run (v2 addresses): they are yours");
      case QPID_DISPATCH ->
          throw new UnsupportedOperationException(
              "Qpid Dispatch Router stores nothing: there are no queues to delete");
      case GENERIC ->
          throw new UnsupportedOperationException(
              "loadlab knows no way to delete queues on this broker (profile generic)");
    };
  }
}
