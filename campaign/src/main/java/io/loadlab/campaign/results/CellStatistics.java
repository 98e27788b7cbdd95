package io.loadlab.campaign.results;

import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.file.ReportRule;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.statistics.descriptive.Max;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Median;
import org.apache.commons.statistics.descriptive.Min;
import org.apache.commons.statistics.descriptive.StandardDeviation;

/**
 * Statistics per cell over its finished runs (Apache Commons Statistics), the reported run by the
 * campaign's rule, and ratios to the baseline configuration. Computed from the manifest alone, so
 * {@code campaign report DIR} needs nothing else.
 */
public final class CellStatistics {
  private CellStatistics() {}

  /** Recomputes {@code m.cells} from {@code m.runs}. */
  public static void update(Manifest m) {
    ReportRule rule = ReportRule.parse(m.rule);
    Map<String, Manifest.CellEntry> cells = new LinkedHashMap<>();
    Map<String, List<Manifest.RunEntry>> runsOf = new LinkedHashMap<>();
    for (Manifest.RunEntry r : m.runs) {
      Manifest.CellEntry c =
          cells.computeIfAbsent(
              r.cell,
              id -> {
                Manifest.CellEntry e = new Manifest.CellEntry();
                e.id = id;
                e.configuration = r.configuration;
                e.step = r.step;
                e.point = r.point;
                return e;
              });
      c.runs++;
      if ("ok".equals(r.status)) {
        c.ok++;
        runsOf.computeIfAbsent(r.cell, k -> new ArrayList<>()).add(r);
      } else if ("failed".equals(r.status)) {
        c.failed++;
      }
    }
    for (Manifest.CellEntry c : cells.values()) {
      List<Manifest.RunEntry> ok = runsOf.getOrDefault(c.id, List.of());
      List<String> figures = figuresOf(m, c.step);
      for (String f : figures) {
        double[] v = values(ok, f);
        if (v.length > 0) {
          c.statistics.put(f, stats(v));
        }
      }
      if (!ok.isEmpty() && !figures.isEmpty()) {
        List<Manifest.RunEntry> reported = reported(rule, ok, figures.get(0));
        reported.forEach(r -> c.reportedRuns.add(r.id));
        for (String f : figures) {
          double[] v = values(reported, f);
          if (v.length > 0) {
            c.reported.put(f, Mean.of(v).getAsDouble());
          }
        }
      }
    }
    for (Manifest.CellEntry c : cells.values()) {
      String base = m.baseline + "/" + c.step + "/" + Matrix.label(c.point);
      Manifest.CellEntry b = cells.get(base);
      if (b != null) {
        c.reported.forEach(
            (f, v) -> {
              Double bv = b.reported.get(f);
              if (bv != null && bv != 0) {
                c.ratioToBaseline.put(f, v / bv);
              }
            });
      }
    }
    m.cells = new ArrayList<>(cells.values());
    CampaignWarnings.count(m);
    m.best = Best.of(m);
  }

  static List<String> figuresOf(Manifest m, String step) {
    for (Manifest.StepInfo s : m.steps) {
      if (s.name.equals(step)) {
        return s.figures;
      }
    }
    return List.of("rate");
  }

  /** The 95% interval as a report prints it ({@code low – high}), or empty without one. */
  public static String interval(Manifest.Stats s, java.util.function.DoubleFunction<String> num) {
    if (s.ci95Low == null) {
      return "";
    }
    return num.apply(s.ci95Low) + " – " + num.apply(s.ci95High);
  }

  /** True if smaller is better: latencies, CPU cost, errors. */
  public static boolean lowerIsBetter(String figure) {
    return io.loadlab.core.report.SweepFigure.lowerIsBetter(figure);
  }

  /** The runs the rule reports, from a cell's finished runs (in run order). */
  static List<Manifest.RunEntry> reported(
      ReportRule rule, List<Manifest.RunEntry> ok, String headline) {
    return switch (rule) {
      case ALL -> ok;
      case MEDIAN_STDDEV -> List.of(lowerMedian(ok, spread(ok, headline)));
      case MEDIAN -> List.of(lowerMedian(ok, r -> value(r, headline)));
      case BEST -> {
        Comparator<Manifest.RunEntry> by = Comparator.comparingDouble(r -> value(r, headline));
        yield List.of(
            lowerIsBetter(headline)
                ? ok.stream().min(by).orElseThrow()
                : ok.stream().max(by).orElseThrow());
      }
    };
  }

  /**
   * What {@code median-stddev} ranks a cell's runs by: the spread of what the step measures. A step
   * whose headline figure is a latency ({@code meanUs}, {@code p99Us}, {@code netperfLatencyUs}: a
   * time) ranks by the standard deviation of its latency over the run ({@code latencySdUs}); any
   * other (a rate, MB/s, OPM, CPU cost) by that of its interval rates ({@code intervalSd}). A
   * latency step whose runs were recorded before {@code latencySdUs} existed (an older
   * campaign.json, not every run has it) keeps the interval rates, so all its runs are ranked by
   * one key.
   */
  static java.util.function.ToDoubleFunction<Manifest.RunEntry> spread(
      List<Manifest.RunEntry> ok, String headline) {
    boolean latency =
        Quantity.of(headline) == Quantity.TIME && ok.stream().allMatch(r -> r.latencySdUs != null);
    return latency ? r -> r.latencySdUs : r -> r.intervalSd == null ? Double.NaN : r.intervalSd;
  }

  /** The run at the lower middle when sorted by the key (ties keep run order; NaN last). */
  static Manifest.RunEntry lowerMedian(
      List<Manifest.RunEntry> runs, java.util.function.ToDoubleFunction<Manifest.RunEntry> key) {
    List<Manifest.RunEntry> sorted = new ArrayList<>(runs);
    sorted.sort(
        Comparator.comparingDouble(
            r -> {
              double k = key.applyAsDouble(r);
              return Double.isNaN(k) ? Double.MAX_VALUE : k;
            }));
    return sorted.get((sorted.size() - 1) / 2);
  }

  private static double value(Manifest.RunEntry r, String figure) {
    Double v = r.figures.get(figure);
    return v == null ? Double.NaN : v;
  }

  private static double[] values(List<Manifest.RunEntry> runs, String figure) {
    return runs.stream()
        .map(r -> r.figures.get(figure))
        .filter(v -> v != null && !v.isNaN())
        .mapToDouble(Double::doubleValue)
        .toArray();
  }

  /** What the reports say about the interval. */
  public static final String CI_NOTE =
      "95% CI: the interval of the mean over the cell's ok runs (two or more). For a figure no"
          + " run of which is negative (rates, latencies, counts): a bootstrap percentile interval"
          + " (the 2.5th to 97.5th percentile of the means of "
          + String.format(java.util.Locale.ROOT, "%,d", MeanInterval.RESAMPLES)
          + " resamples of the runs, with a fixed seed, so the same runs give the same interval),"
          + " which never reaches below the lowest run; for others, Student's t. campaign.json"
          + " names the method per figure (ci95Method).";

  /**
   * Mean, median, sd, CV, min, max and the 95% interval of the mean (core's {@link MeanInterval}: a
   * bootstrap percentile interval for a figure none of whose runs is negative, else Student's t).
   */
  public static Manifest.Stats stats(double[] v) {
    Manifest.Stats s = new Manifest.Stats();
    s.n = v.length;
    s.mean = Mean.of(v).getAsDouble();
    s.median = Median.withDefaults().evaluate(v.clone());
    s.min = Min.of(v).getAsDouble();
    s.max = Max.of(v).getAsDouble();
    if (v.length >= 2) {
      double sd = StandardDeviation.of(v).getAsDouble();
      s.sd = sd;
      s.cvPct = s.mean == 0 ? null : 100 * sd / Math.abs(s.mean);
    }
    MeanInterval.of(v)
        .ifPresent(
            ci -> {
              s.ci95Low = ci.low();
              s.ci95High = ci.high();
              s.ci95Method = ci.method();
            });
    return s;
  }
}
