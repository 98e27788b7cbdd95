package io.loadlab.cli.net;

import io.loadlab.cli.OptionDefs;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.net.NetSocketOptions;
import io.loadlab.core.util.Sizes;
import io.loadlab.core.util.Texts;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/** Options that serve and the load commands share, and their parsing. */
final class NetOptions {
  private NetOptions() {}

  static void addSocketOptions(Options o) {
    o.addOption(
        OptionDefs.value("send-buffer", "SIZE", "SO_SNDBUF, e.g. 256K (default: the system's)"));
    o.addOption(
        OptionDefs.value("receive-buffer", "SIZE", "SO_RCVBUF, e.g. 256K (default: the system's)"));
  }

  static NetSocketOptions socketOptions(CommandLine cmd, boolean noDelay) {
    return new NetSocketOptions(
        noDelay, size(cmd, "send-buffer", 0), size(cmd, "receive-buffer", 0));
  }

  static int port(CommandLine cmd, int defaultPort, int min) {
    String text = cmd.getOptionValue("port");
    return text == null ? defaultPort : Sizes.parseInt("--port", text, min, 65535);
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
