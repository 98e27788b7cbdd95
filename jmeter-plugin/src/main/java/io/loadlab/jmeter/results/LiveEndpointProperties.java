package io.loadlab.jmeter.results;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.live.LiveLabels;
import io.loadlab.core.live.LiveSink;
import io.loadlab.core.live.RunViewBuilder;
import io.loadlab.core.live.metrics.MetricsEndpoint;
import io.loadlab.core.live.page.RunEndpoint;
import io.loadlab.core.run.ResultSink;
import io.loadlab.core.util.Secrets;
import io.loadlab.core.util.Sizes;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The listener's live endpoint, as the command line's {@code --metrics-port} serves it (the series
 * at {@code /metrics}, the live page at {@code /}), asked for by JMeter properties: {@link #PORT},
 * {@link #ADDRESS} and {@code loadlab.metrics.label.NAME=VALUE}. {@code loadlab jmeter run
 * --metrics-port} passes them with {@code -J}, and so does a campaign's JMeter step, whose client
 * endpoints its targets file lists; with JMeter's own command line, give them with {@code -J}.
 */
final class LiveEndpointProperties {
  /** The port ({@code 0}: any free one, logged); without it, no endpoint. */
  static final String PORT = "loadlab.metrics.port";

  /** The address it binds to, loopback unless told otherwise. */
  static final String ADDRESS = "loadlab.metrics.address";

  /** The prefix of a label's property: {@code loadlab.metrics.label.campaign=nightly}. */
  static final String LABEL = "loadlab.metrics.label.";

  /** Pass-through: JMeter samplers have no target rate, so nothing is judged held or not. */
  private static final double RATE_TOLERANCE = 0.95;

  private static final Logger LOG = LoggerFactory.getLogger(LiveEndpointProperties.class);

  private LiveEndpointProperties() {}

  /**
   * The live sink the properties ask for, serving; or null if they ask for none, or if it cannot
   * listen (said in JMeter's log: the run goes on and its results are written as ever).
   *
   * @param title what the page calls the run
   */
  static ResultSink open(Properties properties, String workload, String title) {
    String port = properties == null ? null : properties.getProperty(PORT);
    if (port == null || port.isBlank()) {
      return null;
    }
    try {
      int p = Sizes.parseInt(PORT, port.trim(), 0, 65535);
      String address = properties.getProperty(ADDRESS, MetricsEndpoint.DEFAULT_ADDRESS).trim();
      Map<String, String> extra = new TreeMap<>();
      for (String name : properties.stringPropertyNames()) {
        if (name.startsWith(LABEL)) {
          extra.put(name.substring(LABEL.length()), properties.getProperty(name));
        }
      }
      LiveLabels labels = LiveLabels.of(workload, extra, LABEL + "NAME");
      RunEndpoint served =
          RunEndpoint.open(address, p, Secrets.mask(title), null, "set a free port, or 0 for any");
      LOG.info(
          "loadlab metrics: {}; live page: {}",
          served.endpoint().url(),
          served.endpoint().pageUrl());
      return new LiveSink(
          new RunViewBuilder(labels, RATE_TOLERANCE),
          served.listeners(),
          List.of(served.endpoint()));
    } catch (UsageException e) {
      LOG.error("loadlab results: no live endpoint ({}); the run goes on", e.getMessage());
      return null;
    }
  }
}
