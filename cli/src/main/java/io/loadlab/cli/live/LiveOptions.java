package io.loadlab.cli.live;

import io.loadlab.cli.OptionDefs;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.live.LiveLabels;
import io.loadlab.core.live.metrics.MetricsEndpoint;
import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.util.Secrets;
import io.loadlab.core.util.Sizes;
import io.loadlab.core.util.Texts;
import io.loadlab.core.workload.SharedOptions;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.cli.CommandLine;

/** The options of a run's live outputs, part of the options every load command shares. */
public final class LiveOptions {
  private LiveOptions() {}

  /** The live outputs' options, in the order their help lines show ({@link SharedOptions#LIVE}). */
  public static final OptionTable TABLE = SharedOptions.LIVE;

  static final OptionSpec METRICS_PORT = TABLE.require("metrics-port");
  static final OptionSpec METRICS_ADDRESS = TABLE.require("metrics-address");
  static final OptionSpec METRICS_LABEL = TABLE.require("metrics-label");
  static final OptionSpec INFLUX = TABLE.require("influx");
  static final OptionSpec INFLUX_APPLICATION = TABLE.require("influx-application");

  /** Checks the live options before anything starts; throws a {@code UsageException}. */
  public static void check(CommandLine cmd) {
    port(cmd);
    address(cmd);
    labels(cmd, "check");
    influx(cmd);
    influxApplication(cmd);
  }

  /** The longest {@code --influx-application}: a tag value a dashboard's menu can show. */
  static final int MAX_APPLICATION = 200;

  /**
   * An IP address or a host name as DNS allows it (at most 253 characters, labels of letters,
   * digits and hyphens of at most 63): checked before any name is looked up.
   */
  private static final java.util.regex.Pattern ADDRESS =
      java.util.regex.Pattern.compile(
          "[0-9A-Fa-f:.%\\[\\]]+|(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)"
              + "(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*");

  /** The write URL of {@code --influx}, or {@code null} if it is not given. */
  static URI influx(CommandLine cmd) {
    String text = cmd.getOptionValue(INFLUX.name());
    if (text == null) {
      return null;
    }
    URI uri;
    try {
      uri = new URI(text);
    } catch (URISyntaxException e) {
      uri = null;
    }
    if (uri == null
        || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
        || uri.getHost() == null
        || uri.getQuery() == null
        || !uri.getQuery().matches("(.*&)?db=[^&]+.*")) {
      throw new UsageException(
          "--influx: '"
              + Texts.cut(Secrets.mask(text))
              + "' is not an InfluxDB write URL; give e.g. http://127.0.0.1:8086/write?db=jmeter");
    }
    if (uri.getUserInfo() != null
        || Secrets.holdsSecret(text)
        || uri.getQuery().matches("(.*&)?p=.*")) {
      throw new UsageException(
          "--influx: put no password in the URL (it would show in the process list); write to an"
              + " InfluxDB without authentication, e.g. one on this machine");
    }
    return uri;
  }

  /** The application tag of {@code --influx}. */
  static String influxApplication(CommandLine cmd) {
    String text = OptionDefs.text(cmd, INFLUX_APPLICATION);
    if (text != null && (text.isBlank() || text.length() > MAX_APPLICATION)) {
      throw new UsageException(
          "--influx-application: '"
              + Texts.cut(text)
              + "' has "
              + text.length()
              + " characters; give a name of 1 to "
              + MAX_APPLICATION
              + ", e.g. --influx-application checkout");
    }
    return text;
  }

  /** The port of {@code --metrics-port}, or -1 if it is not given. */
  public static int port(CommandLine cmd) {
    String text = OptionDefs.text(cmd, METRICS_PORT);
    if (text == null) {
      return -1;
    }
    return Sizes.parseInt(
        "--metrics-port", text, (int) METRICS_PORT.range().min(), (int) METRICS_PORT.range().max());
  }

  /** The address of {@code --metrics-address}. */
  public static String address(CommandLine cmd) {
    String text = OptionDefs.text(cmd, METRICS_ADDRESS);
    if (text == null) {
      return MetricsEndpoint.DEFAULT_ADDRESS;
    }
    if (text.length() > 253 || !ADDRESS.matcher(text).matches()) {
      throw new UsageException(
          "--metrics-address: '"
              + Texts.cut(text)
              + "' is not an address or host name; give e.g. 127.0.0.1, 0.0.0.0 or ::1");
    }
    return text;
  }

  /** The run's labels: its workload and those of {@code --metrics-label}. */
  public static LiveLabels labels(CommandLine cmd, String workload) {
    Map<String, String> extra = new LinkedHashMap<>();
    String[] values = cmd.getOptionValues(METRICS_LABEL.name());
    if (values != null) {
      if (values.length % 2 != 0) {
        throw new UsageException(
            "--metrics-label: give NAME=VALUE, e.g. --metrics-label campaign=nightly");
      }
      for (int i = 0; i < values.length; i += 2) {
        extra.put(values[i], values[i + 1]);
      }
    }
    return LiveLabels.of(workload, extra, "--metrics-label");
  }
}
