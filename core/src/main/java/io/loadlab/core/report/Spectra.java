package io.loadlab.core.report;

import io.loadlab.core.report.Chart.Kind;
import io.loadlab.core.report.Chart.Series;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The latency percentile spectra of a run, as HdrHistogram's plotter draws them (latency against
 * {@code 1/(1-p)} on a log axis): one chart of every operation's latency, and for paced runs, where
 * an operation {@code latency X} has its {@code send-delay X} and {@code transit X}, one chart per
 * {@code X} with the three side by side (the overview then keeps only the corrected latency):
 * latency corrected for coordinated omission (from the intended send), transit (from the actual
 * send) and the send delay between the two.
 */
final class Spectra {
  /** The paced views past this many would bury the rest of the page. */
  static final int MAX_PACED = 8;

  static final String CORRECTED = "latency, corrected (from the intended send)";
  static final String TRANSIT = "transit (from the actual send)";
  static final String SEND_DELAY = "send delay (actual − intended send)";

  private final Map<String, OperationStats> totals;
  private final Map<String, Histogram> histograms;
  private final LatencyUnit unit;

  Spectra(Map<String, OperationStats> totals, Map<String, Histogram> histograms, LatencyUnit unit) {
    this.totals = totals;
    this.histograms = histograms;
    this.unit = unit;
  }

  /**
   * A paced operation: its point (the operation's name without {@code latency}, such as {@code
   * size=64}) and its three operations.
   */
  record Paced(String point, String latency, String transit, String sendDelay) {}

  /** The paced operations among {@code operations}, in order. */
  static List<Paced> paced(List<String> operations) {
    List<Paced> out = new ArrayList<>();
    for (String op : operations) {
      if (op.equals("latency") || op.startsWith("latency ")) {
        String rest = op.substring("latency".length());
        if (operations.contains("transit" + rest) && operations.contains("send-delay" + rest)) {
          out.add(new Paced(rest.strip(), op, "transit" + rest, "send-delay" + rest));
        }
      }
    }
    return out;
  }

  /** Every chart: all operations' spectra, then the paced views; none without latency. */
  List<Chart> charts(List<String> operations) {
    List<Chart> charts = new ArrayList<>();
    List<Paced> paced = paced(operations);
    // With paced views, the overview shows each point's corrected latency only.
    java.util.Set<String> inViews = new java.util.HashSet<>();
    paced.stream()
        .limit(MAX_PACED)
        .forEach(p -> inViews.addAll(List.of(p.transit(), p.sendDelay())));
    List<Series> all = new ArrayList<>();
    for (String op : operations) {
      Series s = inViews.contains(op) ? null : series(op, op);
      if (s != null) {
        all.add(s);
      }
    }
    if (!all.isEmpty()) {
      charts.add(chart("spectrum", "Latency by percentile", all));
    }
    for (int i = 0; i < Math.min(MAX_PACED, paced.size()); i++) {
      Paced p = paced.get(i);
      List<Series> three = new ArrayList<>();
      String[][] parts = {
        {p.latency(), CORRECTED}, {p.transit(), TRANSIT}, {p.sendDelay(), SEND_DELAY}
      };
      for (int k = 0; k < parts.length; k++) {
        Series s = series(parts[k][0], parts[k][1]);
        if (s != null) {
          three.add(s.coloured(k));
        }
      }
      if (three.size() > 1) {
        charts.add(
            chart(
                "spectrum-paced-" + i,
                (p.point().isEmpty() ? "Paced run" : p.point())
                    + ": corrected latency, transit and send delay by percentile",
                three));
      }
    }
    return charts;
  }

  /**
   * A spectrum chart; on a log latency axis where the tail is over 50 times the median, which a
   * linear axis would squash the body of the distribution under.
   */
  private Chart chart(String id, String title, List<Series> series) {
    double median = Double.MAX_VALUE;
    double max = 0;
    for (Series s : series) {
      for (int i = 0; i < s.y().length; i++) {
        if (s.x()[i] >= 2 && s.y()[i] > 0) {
          median = Math.min(median, s.y()[i]);
          break;
        }
      }
      for (double y : s.y()) {
        max = Math.max(max, y);
      }
    }
    boolean log = median < Double.MAX_VALUE && max / median > 50;
    List<Series> drawn = series;
    if (log) {
      drawn = new ArrayList<>();
      for (Series s : series) {
        double[] y = s.y().clone();
        for (int i = 0; i < y.length; i++) {
          y[i] = y[i] > 0 ? y[i] : Double.NaN;
        }
        drawn.add(new Series(s.name(), s.x(), y, s.low(), s.high(), s.stack(), s.colour()));
      }
    }
    return new Chart(
        id,
        title,
        Kind.SPECTRUM,
        "percentile",
        "latency (" + unit.symbol + (log ? ", log scale" : "") + ")",
        log,
        List.of(),
        drawn,
        List.of());
  }

  /** An operation's spectrum named {@code name}: from its histogram, else its percentiles. */
  private Series series(String op, String name) {
    Histogram h = histograms.get(op);
    if (h != null && h.getTotalCount() > 0) {
      return spectrumOf(name, h, unit);
    }
    OperationStats s = totals.get(op);
    if (s == null || s.latencyUs() == null || s.count() <= s.errors()) {
      return null;
    }
    LatencySummary l = s.latencyUs();
    return Series.xy(
        name,
        new double[] {1, 2, 10, 100, 1_000, 10_000},
        new double[] {
          unit.of(l.min()),
          unit.of(l.p50()),
          unit.of(l.p90()),
          unit.of(l.p99()),
          unit.of(l.p999()),
          unit.of(l.p9999())
        });
  }

  /** The percentile spectrum of a histogram of nanoseconds, as HdrHistogram's plotter draws it. */
  static Series spectrumOf(String name, Histogram h, LatencyUnit unit) {
    double[] x = new double[256];
    double[] y = new double[256];
    int n = 0;
    for (HistogramIterationValue v : h.percentiles(5)) {
      double p = v.getPercentileLevelIteratedTo() / 100.0;
      if (p >= 1) {
        break;
      }
      if (n == x.length) {
        x = Arrays.copyOf(x, 2 * n);
        y = Arrays.copyOf(y, 2 * n);
      }
      x[n] = 1 / (1 - p);
      y[n++] = unit.of(h.highestEquivalentValue(v.getValueIteratedTo()) / 1_000.0);
    }
    return Series.xy(name, Arrays.copyOf(x, n), Arrays.copyOf(y, n));
  }
}
