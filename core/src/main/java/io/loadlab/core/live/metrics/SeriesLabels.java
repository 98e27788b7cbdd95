package io.loadlab.core.live.metrics;

import io.prometheus.metrics.model.snapshots.Labels;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Prometheus labels: a run's (or a campaign's) own labels with more added per series. */
final class SeriesLabels {
  private final List<String> names;
  private final List<String> values;

  SeriesLabels(Map<String, String> base) {
    this.names = List.copyOf(base.keySet());
    this.values = List.copyOf(base.values());
  }

  /** The base labels with {@code nameValues} (name, value, name, value...) added. */
  Labels with(String... nameValues) {
    List<String> n = new ArrayList<>(names);
    List<String> v = new ArrayList<>(values);
    for (int i = 0; i + 1 < nameValues.length; i += 2) {
      n.add(nameValues[i]);
      v.add(nameValues[i + 1]);
    }
    return Labels.of(n, v);
  }
}
