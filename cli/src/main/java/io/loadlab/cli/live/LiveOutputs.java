package io.loadlab.cli.live;

import io.loadlab.core.live.LiveLabels;
import io.loadlab.core.live.LiveSink;
import io.loadlab.core.live.RunViewBuilder;
import io.loadlab.core.live.RunViewListener;
import io.loadlab.core.live.influx.InfluxWriter;
import io.loadlab.core.live.influx.JmeterPoints;
import io.loadlab.core.live.page.RunEndpoint;
import io.loadlab.core.run.ResultSink;
import io.loadlab.core.util.Secrets;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.CommandLine;

/** Opens the live outputs a run's options ask for, before the run starts. */
public final class LiveOutputs {
  private LiveOutputs() {}

  /**
   * The sink of the live outputs the options ask for, started and listening, or {@code null} if
   * they ask for none. {@code --metrics-port} serves the run's series at {@code /metrics} and its
   * live page at {@code /}. A port that cannot be bound is a usage error (exit 2) and nothing is
   * left open.
   *
   * @param rateTolerance the share of a target rate an interval must reach to be held
   * @param planned how long the run is to take, warmup included (the page's ETA), or null
   * @param say where the endpoint's address is printed
   */
  public static ResultSink open(
      CommandLine cmd, String workload, double rateTolerance, Duration planned, PrintStream say) {
    int port = LiveOptions.port(cmd);
    URI influx = LiveOptions.influx(cmd);
    if (port < 0 && influx == null) {
      return null;
    }
    LiveLabels labels = LiveOptions.labels(cmd, workload);
    String title = cmd.getOptionValue("label", workload);
    List<RunViewListener> listeners = new ArrayList<>();
    List<AutoCloseable> servers = new ArrayList<>();
    if (port >= 0) {
      RunEndpoint served =
          RunEndpoint.open(
              LiveOptions.address(cmd),
              port,
              Secrets.mask(title),
              planned,
              "choose a free port, or 0 for any");
      listeners.addAll(served.listeners());
      servers.add(served.endpoint());
      say.println("metrics: " + served.endpoint().url());
      say.println("live page: " + served.endpoint().pageUrl());
    }
    if (influx != null) {
      listeners.add(influxWriter(cmd, influx, labels, title, say));
    }
    return new LiveSink(new RunViewBuilder(labels, rateTolerance), listeners, servers);
  }

  /**
   * The sink of {@code --influx} alone, or {@code null} without it: for {@code jmeter run}, whose
   * endpoint ({@code --metrics-port}) the plan's own listener serves.
   */
  public static ResultSink openInflux(CommandLine cmd, String workload, PrintStream say) {
    URI influx = LiveOptions.influx(cmd);
    if (influx == null) {
      return null;
    }
    LiveLabels labels = LiveOptions.labels(cmd, workload);
    String title = cmd.getOptionValue("label", workload);
    // JMeter samplers have no target rate: nothing is judged held or not.
    return new LiveSink(
        new RunViewBuilder(labels, 0.95),
        List.of(influxWriter(cmd, influx, labels, title, say)),
        List.of());
  }

  private static InfluxWriter influxWriter(
      CommandLine cmd, URI influx, LiveLabels labels, String title, PrintStream say) {
    return new InfluxWriter(
        influx,
        new JmeterPoints(LiveOptions.influxApplication(cmd), labels.asMap()),
        title,
        line -> say.println("loadlab: " + line));
  }
}
