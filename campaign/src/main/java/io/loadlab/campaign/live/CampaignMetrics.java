package io.loadlab.campaign.live;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;

/** A campaign's series, rendered from its last {@link State} when scraped. */
final class CampaignMetrics implements MultiCollector {
  /**
   * Where the campaign is.
   *
   * @param done runs finished ok
   * @param failed runs failed
   * @param left runs not started yet
   * @param etaSeconds the time left, estimated as {@code campaign run} prints it, or -1
   * @param configuration the running run's configuration, or null between runs
   * @param step its step
   * @param point its sweep point, as the report labels it
   * @param cell its cell
   */
  record State(
      long done,
      long failed,
      long left,
      double etaSeconds,
      String configuration,
      String step,
      String point,
      String cell) {}

  private final String campaign;
  private volatile State state;

  CampaignMetrics(String campaign, State first) {
    this.campaign = campaign;
    this.state = first;
  }

  void set(State s) {
    state = s;
  }

  @Override
  public MetricSnapshots collect() {
    State s = state;
    Labels base = Labels.of("campaign", campaign);
    GaugeSnapshot runs =
        GaugeSnapshot.builder()
            .name("loadlab_campaign_runs")
            .help("The campaign's runs: done (ok), failed, and left to run")
            .dataPoint(point(base.add("state", "done"), s.done()))
            .dataPoint(point(base.add("state", "failed"), s.failed()))
            .dataPoint(point(base.add("state", "left"), s.left()))
            .build();
    GaugeSnapshot.Builder running =
        GaugeSnapshot.builder()
            .name("loadlab_campaign_running")
            .help("1 for the cell whose run is under way (none between runs)");
    if (s.cell() != null) {
      running.dataPoint(
          point(
              base.add("configuration", s.configuration())
                  .add("step", s.step())
                  .add("point", s.point())
                  .add("cell", s.cell()),
              1));
    }
    GaugeSnapshot.Builder eta =
        GaugeSnapshot.builder()
            .name("loadlab_campaign_eta_seconds")
            .help("The campaign's time left, estimated from the runs measured so far");
    if (s.etaSeconds() >= 0) {
      eta.dataPoint(point(base, s.etaSeconds()));
    }
    return MetricSnapshots.of(runs, running.build(), eta.build());
  }

  private static GaugeDataPointSnapshot point(Labels labels, double value) {
    return GaugeDataPointSnapshot.builder().labels(labels).value(value).build();
  }
}
