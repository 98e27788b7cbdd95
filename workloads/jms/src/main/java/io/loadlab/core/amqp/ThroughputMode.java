package io.loadlab.core.amqp;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Texts;
import java.util.Locale;

/** How publishers and subscribers meet, as in qpid-perftest's {@code --mode}. */
public enum ThroughputMode {
  /** {@code --qt} queues, each with its publishers and competing subscribers. */
  SHARED,
  /** One topic; every subscriber gets every publisher's messages ({@code --qt} is 1). */
  FANOUT,
  /** {@code --qt} topics, each with its publishers and subscribers; every subscriber gets all. */
  TOPIC;

  /** Parses {@code shared}, {@code fanout} or {@code topic}. */
  public static ThroughputMode parse(String text) {
    try {
      return valueOf(text.trim().toUpperCase(Locale.ROOT));
    } catch (RuntimeException e) {
      throw new UsageException(
          "--mode: '" + Texts.cut(text) + "' is not a mode; use shared, fanout or topic");
    }
  }

  public String cliName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
