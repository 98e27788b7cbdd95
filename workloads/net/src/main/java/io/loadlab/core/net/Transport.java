package io.loadlab.core.net;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Texts;
import java.util.Locale;

/**
 * The transport a network run uses: TCP (netperf TCP_RR, TCP_STREAM) or UDP (UDP_RR, UDP_STREAM).
 */
public enum Transport {
  TCP,
  UDP;

  /** The name on the command line and in results: {@code tcp} or {@code udp}. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses {@code tcp} or {@code udp} (any case); {@code option} names the option in the message.
   *
   * @throws UsageException for anything else
   */
  public static Transport parse(String option, String text) {
    String t = text == null ? "" : text.strip().toUpperCase(Locale.ROOT);
    for (Transport p : values()) {
      if (p.name().equals(t)) {
        return p;
      }
    }
    throw new UsageException(
        option + ": '" + Texts.cut(text) + "' is not a protocol; use tcp or udp");
  }
}
