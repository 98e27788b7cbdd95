package io.loadlab.core.amqp;

import io.loadlab.core.failure.UsageException;

/**
 * A destination as users write it: {@code name} or {@code queue://name} is a queue (anycast),
 * {@code topic://name} a topic (multicast: every subscriber gets every message).
 */
public record AmqpDestination(String name, boolean topic) {
  public AmqpDestination {
    if (name == null || name.isBlank()) {
      throw new UsageException("destination: a name is needed, e.g. queue://test");
    }
  }

  /** Parses {@code name}, {@code queue://name} or {@code topic://name}. */
  public static AmqpDestination parse(String text) {
    if (text == null) {
      throw new UsageException("destination: a name is needed, e.g. queue://test");
    }
    if (text.startsWith("topic://")) {
      return new AmqpDestination(text.substring(8), true);
    }
    if (text.startsWith("queue://")) {
      return new AmqpDestination(text.substring(8), false);
    }
    return new AmqpDestination(text, false);
  }

  /** A queue. */
  public static AmqpDestination queue(String name) {
    return new AmqpDestination(name, false);
  }

  /** A topic. */
  public static AmqpDestination topic(String name) {
    return new AmqpDestination(name, true);
  }

  @Override
  public String toString() {
    return (topic ? "topic://" : "queue://") + name;
  }
}
