package io.loadlab.core.live.metrics;

import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Metric families being filled for one scrape: gauges and counters by name, each with its help,
 * their points added in any order. A family with no point is left out.
 */
final class Families {
  private final Map<String, GaugeSnapshot.Builder> gauges = new LinkedHashMap<>();
  private final Map<String, CounterSnapshot.Builder> counters = new LinkedHashMap<>();

  /** Adds a gauge's point; {@code value} null adds nothing. */
  void gauge(String name, String help, Labels labels, Double value) {
    if (value == null || value.isNaN()) {
      return;
    }
    gauges
        .computeIfAbsent(name, n -> GaugeSnapshot.builder().name(n).help(help))
        .dataPoint(GaugeDataPointSnapshot.builder().labels(labels).value(value).build());
  }

  /** Adds a counter's point ({@code name} without {@code _total}, which the format adds). */
  void counter(String name, String help, Labels labels, double value) {
    counters
        .computeIfAbsent(name, n -> CounterSnapshot.builder().name(n).help(help))
        .dataPoint(CounterDataPointSnapshot.builder().labels(labels).value(value).build());
  }

  /** Every family with a point, gauges first. */
  void addTo(List<MetricSnapshot> out) {
    gauges.values().forEach(b -> out.add(b.build()));
    counters.values().forEach(b -> out.add(b.build()));
  }
}
