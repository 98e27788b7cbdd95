package io.loadlab.campaign.live;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.core.live.metrics.MetricsEndpoint;
import io.loadlab.core.live.page.LivePage;
import io.loadlab.core.util.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * {@code campaign run --metrics-port PORT}: the campaign's endpoint on {@code PORT}; client {@code
 * c} of each run serves its own on {@code PORT + 1 + c}, labelled with the campaign, configuration,
 * step, point and machine; {@link #TARGETS} in the campaign directory lists them all for
 * Prometheus's {@code file_sd_configs}, rewritten when a run starts. The campaign's endpoint also
 * serves its live page ({@code /}): the cells, the ETA and warnings, with the running run's charts
 * read from its first client's feed.
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
  private final ClientFeeds clients = new ClientFeeds();
  private volatile Map<String, Object> feed;
  private List<Matrix.Cell> cells = List.of();
  private Manifest manifest;
  private Predicate<Matrix.Cell> cellDone = c -> false;
  private Manifest.RunEntry running;
  private volatile double eta = -1;
  private volatile long etaNanos;

  private CampaignLive(String campaign, String address, int port, Path dir) {
    this.campaign = campaign;
    this.address = address;
    this.port = port;
    this.dir = dir;
    this.metrics =
        new CampaignMetrics(
            campaign, new CampaignMetrics.State(0, 0, 0, -1, null, null, null, null));
    this.feed = Map.of("kind", "none");
    this.endpoint =
        MetricsEndpoint.serve(
            address,
            port,
            metrics,
            new LivePage("loadlab live: campaign " + campaign, this::feed),
            "choose a free port (the clients take the ports after it)");
  }

  /**
   * Starts the campaign's endpoint; a port in use is a usage error.
   *
   * @param port 1 to 65000: the clients' endpoints take the ports after it
   */
  public static CampaignLive start(String campaign, String address, int port, Path dir)
      throws IOException {
    CampaignLive live = new CampaignLive(campaign, address, port, dir);
    try {
      live.writeTargets(List.of());
    } catch (IOException | RuntimeException e) {
      live.close();
      throw e;
    }
    return live;
  }

  /** The URL of the campaign's metrics. */
  public String url() {
    return endpoint.url();
  }

  /** The URL of the campaign's live page. */
  public String pageUrl() {
    return endpoint.pageUrl();
  }

  /**
   * The campaign's cells and manifest, which the live page describes from now on; read on the
   * campaign's thread only, when a run starts or ends.
   *
   * @param done whether a cell needs no more runs
   */
  public void watch(List<Matrix.Cell> cells, Manifest manifest, Predicate<Matrix.Cell> done) {
    this.cells = List.copyOf(cells);
    this.manifest = manifest;
    this.cellDone = done;
    describe("running", -1, -1);
  }

  /** The campaign ended with {@code exitCode} (0 complete, 130 stopped, else a run failed). */
  public void ended(int exitCode) {
    running = null;
    clients.ended();
    describe(exitCode == 0 ? "complete" : exitCode == 130 ? "aborted" : "failed", 0, -1);
  }

  /**
   * The live page's feed: the campaign's part, its ETA counted down from the last estimate (made
   * when a run ends), and its running run's clients.
   */
  private Map<String, Object> feed() {
    Map<String, Object> f = new LinkedHashMap<>(feed);
    if (eta >= 0 && "running".equals(f.get("status"))) {
      double since = (System.nanoTime() - etaNanos) / 1e9;
      f.put("etaSeconds", Math.round(Math.max(0, eta - since) * 10) / 10.0);
    }
    f.put("clients", clients.get());
    return f;
  }

  private void describe(String status, long left, double estimate) {
    if (estimate >= 0) {
      etaNanos = System.nanoTime();
      eta = estimate;
    }
    if (manifest != null) {
      feed = CampaignFeed.of(campaign, status, cells, manifest, cellDone, left, eta, running);
    }
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
    // No new estimate at a run's start: the last one (made when a run ended), counted down, so
    // the series does not vanish while a run goes.
    double shown =
        eta >= 0
            ? eta
            : this.eta < 0 ? -1 : Math.max(0, this.eta - (System.nanoTime() - etaNanos) / 1e9);
    metrics.set(
        new CampaignMetrics.State(
            done,
            failed,
            left,
            Math.round(shown * 10) / 10.0,
            cell.configuration().name(),
            cell.step().name(),
            Matrix.label(cell.point()),
            cell.id()));
    List<Map<String, Object>> groups = new ArrayList<>();
    List<String> targets = new ArrayList<>();
    for (int c = 0; c < machines.size(); c++) {
      String host = machines.get(c) == null ? address : machines.get(c);
      Map<String, Object> g = new LinkedHashMap<>();
      g.put("targets", List.of(host + ":" + clientPort(c)));
      g.put("labels", labels(cell, machines.get(c)));
      groups.add(g);
      targets.add((host.contains(":") ? "[" + host + "]" : host) + ":" + clientPort(c));
    }
    writeTargets(groups);
    running =
        manifest == null
            ? null
            : manifest.runs.stream()
                .filter(r -> "running".equals(r.status) && r.cell.equals(cell.id()))
                .reduce((a, b) -> b)
                .orElse(null);
    clients.running(running == null ? cell.id() : running.id, targets);
    describe("running", left, eta);
  }

  /** A run ended: the counts and ETA after it. */
  public void progress(long done, long failed, long left, double eta) {
    metrics.set(new CampaignMetrics.State(done, failed, left, eta, null, null, null, null));
    running = null;
    clients.ended();
    describe("running", left, eta);
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
