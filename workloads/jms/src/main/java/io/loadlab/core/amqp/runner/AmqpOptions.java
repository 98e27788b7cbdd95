package io.loadlab.core.amqp.runner;

import io.loadlab.core.amqp.AmqpConnectionSettings;
import io.loadlab.core.amqp.BrokerProfile;
import io.loadlab.core.amqp.WaitStrategy;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.options.OptionValues;
import io.loadlab.core.util.Numerals;
import io.loadlab.core.util.Sizes;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The options both messaging load commands share, read as given (a value left out is null here:
 * each command has its own default): which broker, the credentials, TLS, link credit and
 * settlement, and how clients connect.
 */
final class AmqpOptions {
  private final OptionValues values;

  AmqpOptions(OptionValues values) {
    this.values = values;
  }

  /** True if the option was given (false for an option the front-end does not take). */
  boolean has(String name) {
    return values.table().get(name) != null && values.has(name);
  }

  /** The option's first value as given, or null if it was not given or has none. */
  String value(String name) {
    if (!has(name)) {
      return null;
    }
    List<String> given = values.all(name);
    return given.isEmpty() ? null : given.get(0);
  }

  /** The option's first value as given, or {@code defaultValue}. */
  String value(String name, String defaultValue) {
    String v = value(name);
    return v == null ? defaultValue : v;
  }

  Path path(String name) {
    String v = value(name);
    return v == null ? null : Path.of(v);
  }

  /**
   * The value of an {@code on|off} option: {@code defaultValue} if it is absent, on if it is given
   * without a value.
   */
  boolean onOff(String name, boolean defaultValue) {
    if (!has(name)) {
      return defaultValue;
    }
    String text = value(name);
    if (text == null) {
      return true;
    }
    return OptionValues.onOff(name, text);
  }

  int intOption(String name, int defaultValue, int min, int max) {
    String v = value(name);
    return v == null ? defaultValue : Sizes.parseInt("--" + name, v, min, max);
  }

  long longOption(String name, long defaultValue, long min) {
    String v = value(name);
    if (v == null) {
      return defaultValue;
    }
    return Numerals.parseLong("--" + name, v, min, Long.MAX_VALUE);
  }

  /** The profile named by --broker-profile, or null for auto (asked from the broker). */
  BrokerProfile profile() {
    String v = value("broker-profile");
    return v == null || v.strip().equalsIgnoreCase("auto")
        ? null
        : BrokerProfile.parse("--broker-profile", v);
  }

  List<Integer> sizes(String defaultValue) {
    return Sizes.parseBytesList("--size", value("size", defaultValue), 0).stream()
        .map(
            v -> {
              if (v > 100L << 20) {
                throw new UsageException("--size: " + v + " is too large; use at most 100M");
              }
              return v.intValue();
            })
        .toList();
  }

  WaitStrategy waitStrategy() {
    String text = value("wait-strategy");
    return text == null ? WaitStrategy.AUTO : WaitStrategy.parse("--wait-strategy", text);
  }

  int maxFrameSize() {
    String text = value("max-frame-size");
    if (text == null) {
      return -1;
    }
    long bytes = Sizes.parseBytes("--max-frame-size", text);
    if (bytes > Integer.MAX_VALUE) {
      throw new UsageException("--max-frame-size: " + bytes + " is too large; use at most 2G");
    }
    return (int) bytes; // the least is checked with the other connection settings
  }

  /** The --prefetch given (0 to 1,000,000), or {@code defaultPrefetch} without it. */
  int prefetch(int defaultPrefetch) {
    String prefetch = value("prefetch");
    return prefetch == null
        ? defaultPrefetch
        : Sizes.parseInt("--prefetch", prefetch, 0, 1_000_000);
  }

  /** Records the connection settings in a run's configuration. */
  static void record(Map<String, Object> config, AmqpConnectionSettings connection) {
    config.put("prefetch", connection.prefetch());
    config.put("presettled", connection.presettled());
    config.put("tcpNoDelay", connection.tcpNoDelay());
    config.put("waitStrategy", connection.waitStrategy().label());
    if (connection.maxFrameSize() > 0) {
      config.put("maxFrameSize", connection.maxFrameSize());
    }
  }
}
