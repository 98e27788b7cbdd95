package io.loadlab.cli.net;

import io.loadlab.cli.OptionDefs;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.net.NetSocketOptions;
import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.util.Sizes;
import io.loadlab.core.util.Texts;
import java.util.List;
import org.apache.commons.cli.CommandLine;

/** The parsing of the {@code net} commands' options (described by their workload's descriptor). */
public final class NetOptions {
  private NetOptions() {}

  /** A port option's value, in its range, or its default. */
  static int port(CommandLine cmd, OptionSpec port) {
    return Sizes.parseInt(
        "--port", OptionDefs.text(cmd, port), (int) port.range().min(), (int) port.range().max());
  }

  static NetSocketOptions socketOptions(CommandLine cmd, boolean noDelay) {
    return new NetSocketOptions(
        noDelay, size(cmd, "send-buffer", 0), size(cmd, "receive-buffer", 0));
  }

  /** A size in bytes that fits an int; negative or malformed sizes are usage errors. */
  static int size(CommandLine cmd, String option, int defaultValue) {
    String text = cmd.getOptionValue(option);
    return text == null
        ? defaultValue
        : toInt(option, Sizes.parseBytes("--" + option, sign(option, text)));
  }

  static List<Integer> sizes(CommandLine cmd, String option, int defaultValue) {
    String text = cmd.getOptionValue(option);
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
