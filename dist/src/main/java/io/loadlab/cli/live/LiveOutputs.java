package io.loadlab.cli.live;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.live.LiveLabels;
import io.loadlab.core.live.LiveSink;
import io.loadlab.core.live.RunViewBuilder;
import io.loadlab.core.live.RunViewListener;
import io.loadlab.core.live.influx.InfluxWriter;
import io.loadlab.core.live.influx.JmeterPoints;
import io.loadlab.core.live.metrics.MetricsEndpoint;
import io.loadlab.core.live.metrics.RunMetrics;
import io.loadlab.core.run.ResultSink;
import io.loadlab.core.util.Texts;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.CommandLine;

/** Opens the live outputs a run's options ask for, before the run starts. */
public final class LiveOutputs {
  private LiveOutputs() {}

  /**
   * The sink of the live outputs the options ask for, started and listening, or {@code null} if
   * they ask for none. A port that cannot be bound is a usage error (exit 2) and nothing is left
   * open.
   *
   * @param rateTolerance the share of a target rate an interval must reach to be held
   * @param say where the endpoint's address is printed
   */
  public static ResultSink open(
      CommandLine cmd, String workload, double rateTolerance, PrintStream say) {
    int port = LiveOptions.port(cmd);
    URI influx = LiveOptions.influx(cmd);
    if (port < 0 && influx == null) {
      return null;
    }
    LiveLabels labels = LiveOptions.labels(cmd, workload);
    List<RunViewListener> listeners = new ArrayList<>();
    List<AutoCloseable> servers = new ArrayList<>();
    if (port >= 0) {
      RunMetrics metrics = new RunMetrics();
      PrometheusRegistry registry = new PrometheusRegistry();
      registry.register(metrics);
      MetricsEndpoint endpoint = endpoint(LiveOptions.address(cmd), port, registry);
      listeners.add(metrics);
      servers.add(endpoint);
      say.println("metrics: " + endpoint.url());
    }
    if (influx != null) {
      String title = cmd.getOptionValue("label", workload);
      listeners.add(
          new InfluxWriter(
              influx,
              new JmeterPoints(LiveOptions.influxApplication(cmd), labels.asMap()),
              title,
              line -> say.println("loadlab: " + line)));
    }
    return new LiveSink(new RunViewBuilder(labels, rateTolerance), listeners, servers);
  }

  /** Binds the endpoint; a refusal is the option's usage error. */
  static MetricsEndpoint endpoint(String address, int port, PrometheusRegistry registry) {
    try {
      return MetricsEndpoint.start(address, port, registry, null);
    } catch (BindException e) {
      throw new UsageException(
          "--metrics-port: cannot listen on "
              + Texts.cut(address)
              + ":"
              + port
              + " ("
              + e.getMessage()
              + "); choose a free port, or 0 for any");
    } catch (IOException | RuntimeException e) {
      throw new UsageException(
          "--metrics-address: cannot listen on '"
              + Texts.cut(address)
              + "' ("
              + e.getMessage()
              + "); give an address of this machine, e.g. 127.0.0.1 or 0.0.0.0");
    }
  }
}
