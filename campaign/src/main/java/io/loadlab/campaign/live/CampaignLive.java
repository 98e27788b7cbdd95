package io.loadlab.campaign.live;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.loadlab.campaign.file.Matrix;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.live.metrics.MetricsEndpoint;
import io.loadlab.core.util.AtomicFiles;
import io.loadlab.core.util.Texts;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.net.BindException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code campaign run --metrics-port PORT}: the campaign's endpoint on {@code PORT}; client {@code
 * c} of each run serves its own on {@code PORT + 1 + c}, labelled with the campaign, configuration,
 * step, point and machine; {@link #TARGETS} in the campaign directory lists them all for
 * Prometheus's {@code file_sd_configs}, rewritten when a run starts.
 */
public final class CampaignLive implements AutoCloseable {
  /** The {@code file_sd} targets file, in the campaign directory. */
  public static final String TARGETS = "prometheus-targets.json";

  private final String campaign;
  private final String address;
  private final int port;
  private final Path dir;
  private final CampaignMetrics metrics;
  private final MetricsEndpoint endpoint;

  private CampaignLive(String campaign, String address, int port, Path dir) {
    this.campaign = campaign;
    this.address = address;
    this.port = port;
    this.dir = dir;
    this.metrics =
        new CampaignMetrics(
            campaign, new CampaignMetrics.State(0, 0, 0, -1, null, null, null, null));
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(metrics);
    try {
      this.endpoint = MetricsEndpoint.start(address, port, registry, null);
    } catch (BindException e) {
      throw new UsageException(
          "--metrics-port: cannot listen on "
              + Texts.cut(address)
              + ":"
              + port
              + " ("
              + e.getMessage()
              + "); choose a free port (the clients take the ports after it)");
    } catch (IOException | RuntimeException e) {
      throw new UsageException(
          "--metrics-address: cannot listen on '"
              + Texts.cut(address)
              + "' ("
              + e.getMessage()
              + ")");
    }
  }

  /**
   * Starts the campaign's endpoint; a port in use is a usage error.
   *
   * @param port 1 to 65000: the clients' endpoints take the ports after it
   */
  public static CampaignLive start(String campaign, String address, int port, Path dir)
      throws IOException {
    CampaignLive live = new CampaignLive(campaign, address, port, dir);
    live.writeTargets(List.of());
    return live;
  }

  /** The URL of the campaign's metrics. */
  public String url() {
    return endpoint.url();
  }

  /** The options that make client {@code c} of a run of {@code cell} serve its endpoint. */
  public List<String> clientArgs(Matrix.Cell cell, int c, String machine) {
    List<String> args = new ArrayList<>();
    args.addAll(List.of("--metrics-port", String.valueOf(clientPort(c))));
    args.addAll(List.of("--metrics-address", machine == null ? address : "0.0.0.0"));
    for (Map.Entry<String, String> l : labels(cell, machine).entrySet()) {
      args.addAll(List.of("--metrics-label", l.getKey() + "=" + l.getValue()));
    }
    return args;
  }

  /** A run of {@code cell} starts with {@code machines} (null: this machine) as its clients. */
  public void running(
      Matrix.Cell cell, List<String> machines, long done, long failed, long left, double eta)
      throws IOException {
    metrics.set(
        new CampaignMetrics.State(
            done,
            failed,
            left,
            eta,
            cell.configuration().name(),
            cell.step().name(),
            Matrix.label(cell.point()),
            cell.id()));
    List<Map<String, Object>> groups = new ArrayList<>();
    for (int c = 0; c < machines.size(); c++) {
      String host = machines.get(c) == null ? address : machines.get(c);
      Map<String, Object> g = new LinkedHashMap<>();
      g.put("targets", List.of(host + ":" + clientPort(c)));
      g.put("labels", labels(cell, machines.get(c)));
      groups.add(g);
    }
    writeTargets(groups);
  }

  /** A run ended: the counts and ETA after it. */
  public void progress(long done, long failed, long left, double eta) {
    metrics.set(new CampaignMetrics.State(done, failed, left, eta, null, null, null, null));
  }

  private int clientPort(int c) {
    return port + 1 + c;
  }

  private Map<String, String> labels(Matrix.Cell cell, String machine) {
    Map<String, String> l = new LinkedHashMap<>();
    l.put("campaign", campaign);
    l.put("configuration", cell.configuration().name());
    l.put("step", cell.step().name());
    l.put("point", Matrix.label(cell.point()));
    l.put("machine", machine == null ? "local" : machine);
    return l;
  }

  /** The campaign's own endpoint first, then the running run's clients. */
  private void writeTargets(List<Map<String, Object>> clients) throws IOException {
    List<Map<String, Object>> all = new ArrayList<>();
    Map<String, Object> self = new LinkedHashMap<>();
    self.put("targets", List.of(endpoint.target()));
    self.put("labels", Map.of("campaign", campaign, "role", "campaign"));
    all.add(self);
    all.addAll(clients);
    String json =
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(all);
    AtomicFiles.write(dir.resolve(TARGETS), json);
  }

  @Override
  public void close() {
    endpoint.close();
  }
}
