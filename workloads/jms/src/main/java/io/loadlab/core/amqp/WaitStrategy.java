package io.loadlab.core.amqp;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Texts;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a thread that sends, acknowledges or opens something waits for Qpid JMS's I/O thread to take
 * the request (Qpid JMS's {@code provider.futureType}). Every publish waits once, so on a busy
 * client the choice sets how many messages a thread can hand over per second.
 */
public enum WaitStrategy {
  /** Qpid JMS chooses: conservative below 4 processors, progressive otherwise. */
  AUTO,
  /** Blocks at once; least CPU, most context switches. */
  CONSERVATIVE,
  /** Spins briefly, then blocks. */
  BALANCED,
  /** Spins, then yields, then blocks; fewest context switches, most CPU while waiting. */
  PROGRESSIVE;

  /** The lower-case name, as written in options and in Qpid JMS URIs. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses a label; {@code option} names the setting in the error.
   *
   * @throws UsageException if the text is not one of the labels
   */
  public static WaitStrategy parse(String option, String text) {
    String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    for (WaitStrategy w : values()) {
      if (w.label().equals(t)) {
        return w;
      }
    }
    throw new UsageException(
        option
            + ": '"
            + Texts.cut(text)
            + "' is not a wait strategy; use one of "
            + Arrays.stream(values()).map(WaitStrategy::label).collect(Collectors.joining(", ")));
  }
}
