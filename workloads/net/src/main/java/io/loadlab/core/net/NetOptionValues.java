package io.loadlab.core.net;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionValues;
import io.loadlab.core.util.Sizes;
import io.loadlab.core.util.Texts;
import java.util.List;

/**
 * The parsing of the {@code net} commands' options (described by the workload's descriptor) from
 * the values any front-end gives ({@link OptionValues}): each malformed value a {@code
 * UsageException} naming its option and the fix.
 */
public final class NetOptionValues {
  private NetOptionValues() {}

  /** The {@code port} option's value, in its description's range, or its default. */
  public static int port(OptionValues values) {
    OptionSpec port = values.table().require("port");
    return Sizes.parseInt(
        "--port", values.text("port"), (int) port.range().min(), (int) port.range().max());
  }

  /**
   * The socket options of {@code --send-buffer} and {@code --receive-buffer}, and {@code noDelay}.
   */
  public static NetSocketOptions socketOptions(OptionValues values, boolean noDelay) {
    return new NetSocketOptions(
        noDelay, size(values, "send-buffer", 0), size(values, "receive-buffer", 0));
  }

  /** A size in bytes that fits an int; negative or malformed sizes are usage errors. */
  static int size(OptionValues values, String option, int defaultValue) {
    String text = values.has(option) ? values.text(option) : null;
    return text == null
        ? defaultValue
        : toInt(option, Sizes.parseBytes("--" + option, sign(option, text)));
  }

  /** A list of sizes in bytes, or {@code defaultValue} alone. */
  static List<Integer> sizes(OptionValues values, String option, int defaultValue) {
    String text = values.has(option) ? values.text(option) : null;
    if (text == null) {
      return List.of(defaultValue);
    }
    return Sizes.parseBytesList("--" + option, sign(option, text), 0).stream()
        .map(v -> toInt(option, v))
        .toList();
  }

  private static String sign(String option, String text) {
    for (String part : text.split(",")) {
      if (part.trim().startsWith("-")) {
        throw new UsageException(
            "--" + option + ": " + Texts.cut(part.trim()) + " is negative; use 0 or more bytes");
      }
    }
    return text;
  }

  private static int toInt(String option, long v) {
    if (v > Integer.MAX_VALUE) {
      throw new UsageException("--" + option + ": " + v + " is too large; use at most 2047M");
    }
    return (int) v;
  }
}
