package io.loadlab.campaign.results;

import io.loadlab.campaign.step.StepOperations;
import io.loadlab.core.export.ExportOptions;
import io.loadlab.core.export.HlogExporter;
import io.loadlab.core.results.LatencySummary;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.apache.commons.statistics.descriptive.StandardDeviation;

/**
 * The figures of a run made of several clients at once: counts, rates and workload figures (OPM,
 * transfers/s) added; latency figures from the clients' HdrHistograms of the step's operation
 * merged over their measured intervals (each client's {@code histograms.hlog}), so a percentile is
 * the percentile of every sample of every client. Each client's own figures stay in the manifest
 * beside the total.
 */
public final class Combine {
  /** The latency figures the merged histogram gives. */
  static final List<String> LATENCY =
      List.of("meanUs", "p50Us", "p90Us", "p99Us", "p999Us", "maxUs");

  private Combine() {}

  /**
   * Adds the clients' figures; latency from {@code merged} if not null, else (a client without its
   * histogram log) the worst client's.
   */
  public static Map<String, Double> figures(List<RunFigures> clients, Histogram merged) {
    Map<String, Double> total = new LinkedHashMap<>();
    for (RunFigures c : clients) {
      c.figures()
          .forEach(
              (k, v) -> {
                if (CellStatistics.lowerIsBetter(k) && !k.equals("errors")) {
                  total.merge(k, v, Math::max);
                } else {
                  total.merge(k, v, Double::sum);
                }
              });
    }
    if (merged != null && merged.getTotalCount() > 0) {
      LatencySummary s = LatencySummary.ofNanos(merged);
      putIfPresent(total, "meanUs", s.mean());
      putIfPresent(total, "p50Us", s.p50());
      putIfPresent(total, "p90Us", s.p90());
      putIfPresent(total, "p99Us", s.p99());
      putIfPresent(total, "p999Us", s.p999());
      putIfPresent(total, "maxUs", s.max());
    }
    return total;
  }

  private static void putIfPresent(Map<String, Double> total, String key, double v) {
    if (total.containsKey(key)) {
      total.put(key, v);
    }
  }

  /**
   * Replaces the latency figures of other operations the step names ({@code latency.meanUs}) with
   * those of the clients' histograms of that operation merged, where every client has one.
   */
  public static void qualified(List<Path> dirs, List<RunFigures> clients, Map<String, Double> total)
      throws IOException {
    for (String key : List.copyOf(total.keySet())) {
      String other = StepOperations.qualifier(key);
      if (other == null || !LATENCY.contains(StepOperations.base(key))) {
        continue;
      }
      Histogram all = new Histogram(3);
      for (int i = 0; i < dirs.size() && all != null; i++) {
        Histogram h = measured(dirs.get(i), clients.get(i).others().get(other));
        if (h == null) {
          all = null;
        } else {
          all.add(h);
        }
      }
      if (all != null && all.getTotalCount() > 0) {
        LatencySummary s = LatencySummary.ofNanos(all);
        double v =
            switch (StepOperations.base(key)) {
              case "meanUs" -> s.mean();
              case "p50Us" -> s.p50();
              case "p90Us" -> s.p90();
              case "p99Us" -> s.p99();
              case "p999Us" -> s.p999();
              default -> s.max();
            };
        total.put(key, v);
      }
    }
  }

  /**
   * The clients' histograms of their operation over their measured intervals, merged; null if a
   * client has no histogram log or no operation.
   */
  public static Histogram merged(List<Path> dirs, List<RunFigures> clients) throws IOException {
    Histogram all = new Histogram(3);
    for (int i = 0; i < dirs.size(); i++) {
      Histogram h = measured(dirs.get(i), clients.get(i).operation());
      if (h == null) {
        return null;
      }
      all.add(h);
    }
    return all;
  }

  /**
   * One run's histogram of an operation over its measured (non-warmup) intervals: the n-th
   * histogram tagged with the operation in {@code histograms.hlog} is the n-th row of that
   * operation in {@code intervals.csv}, whose warmup column says whether it counts. Null if the run
   * has no histogram log.
   */
  static Histogram measured(Path dir, String operation) throws IOException {
    Path hlog = dir.resolve(ExportOptions.HLOG_NAME);
    if (operation == null || !Files.exists(hlog)) {
      return null;
    }
    List<Boolean> warmup = warmupFlags(dir.resolve("intervals.csv"), operation);
    String tag = HlogExporter.tag(operation);
    Histogram sum = new Histogram(3);
    HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
    try {
      int n = 0;
      for (EncodableHistogram e = reader.nextIntervalHistogram();
          e != null;
          e = reader.nextIntervalHistogram()) {
        if (!tag.equals(e.getTag())) {
          continue;
        }
        boolean counts = n < warmup.size() ? !warmup.get(n) : warmup.isEmpty();
        n++;
        if (counts && e instanceof Histogram h) {
          sum.add(h);
        }
      }
    } finally {
      reader.close();
    }
    return sum;
  }

  private static List<Boolean> warmupFlags(Path csv, String operation) throws IOException {
    List<Boolean> flags = new ArrayList<>();
    if (!Files.exists(csv)) {
      return flags;
    }
    try (BufferedReader r = Files.newBufferedReader(csv)) {
      List<String> header = RunFigures.split(r.readLine());
      int op = header.indexOf("operation");
      int warm = header.indexOf("warmup");
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        List<String> row = RunFigures.split(line);
        if (row.size() == header.size() && row.get(op).equals(operation)) {
          flags.add(Boolean.parseBoolean(row.get(warm)));
        }
      }
    }
    return flags;
  }

  /**
   * The standard deviation of the latency of the step's operation over the run's measured
   * intervals, in µs: HdrHistogram's {@code getStdDeviation} of every sample of every client (their
   * histograms merged). NaN where a client has no histogram log or nothing was recorded.
   */
  public static double latencySdUs(List<Path> dirs, List<RunFigures> clients) throws IOException {
    Histogram all = merged(dirs, clients);
    return latencySdUs(all);
  }

  /** HdrHistogram's standard deviation of a histogram of nanoseconds, in µs; NaN if empty/null. */
  public static double latencySdUs(Histogram nanos) {
    return nanos == null || nanos.getTotalCount() == 0
        ? Double.NaN
        : nanos.getStdDeviation() / 1_000.0;
  }

  /** The spread of the summed rate over the intervals all clients have. */
  public static double intervalSd(List<RunFigures> clients) {
    int n = clients.stream().mapToInt(c -> c.intervalRates().length).min().orElse(0);
    if (n < 2) {
      return Double.NaN;
    }
    double[] sum = new double[n];
    for (RunFigures c : clients) {
      for (int i = 0; i < n; i++) {
        sum[i] += c.intervalRates()[i];
      }
    }
    return StandardDeviation.of(sum).getAsDouble();
  }
}
