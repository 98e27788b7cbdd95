package io.loadlab.core.compare;

import io.loadlab.core.report.FigureNotes;
import io.loadlab.core.report.HeadlineFigures;
import io.loadlab.core.report.Significance;
import io.loadlab.core.results.CpuCost;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * Runs lined up by operation. Runs with the same name are iterations of one configuration (a
 * group); the first group is the baseline the others are compared with. An operation missing from a
 * group shows as a gap, not as zero.
 */
public final class RunComparison {
  /**
   * A run and the name of the configuration it belongs to.
   *
   * @param clients where the run ran on several machines at once, each machine's own result (the
   *     run's result being their total); empty otherwise
   */
  public record Run(String name, RunResult result, List<Client> clients) {
    /** A run on one machine. */
    public Run(String name, RunResult result) {
      this(name, result, List.of());
    }

    /** A run made of several clients at once, its result their total. */
    public static Run ofClients(String name, List<Client> clients) {
      return new Run(name, ClientTotal.of(clients.stream().map(Client::result).toList()), clients);
    }
  }

  /** One machine's part of a run on several. */
  public record Client(String machine, RunResult result) {}

  /**
   * A configuration: its name and its runs (iterations), in the order given.
   *
   * @param clients each run's clients (an empty list for a run on one machine)
   */
  public record Group(String name, List<RunResult> runs, List<List<Client>> clients) {
    /** A configuration of runs on one machine each. */
    public Group(String name, List<RunResult> runs) {
      this(name, runs, runs.stream().map(r -> List.<Client>of()).toList());
    }
  }

  /**
   * One operation's figures in each group, in group order: one entry per iteration that has the
   * operation (an empty list where a group lacks it).
   */
  public record Row(String operation, List<List<OperationStats>> stats) {}

  /** A figure of an operation that is compared. */
  public enum Metric {
    RATE("rate (operations per second)", "rate", "ops/s", OperationStats::ratePerSec, true),
    P50("latency p50 (µs)", "p50", "µs", s -> s.latencyUs().p50(), false),
    P99("latency p99 (µs)", "p99", "µs", s -> s.latencyUs().p99(), false);

    /** A heading for tables and charts. */
    public final String title;

    /** A short name for verdicts. */
    public final String shortName;

    /** The unit of its values. */
    public final String unit;

    /** True if more is better. */
    public final boolean higherIsBetter;

    private final ToDoubleFunction<OperationStats> value;

    Metric(
        String title,
        String shortName,
        String unit,
        ToDoubleFunction<OperationStats> value,
        boolean higherIsBetter) {
      this.title = title;
      this.shortName = shortName;
      this.unit = unit;
      this.value = value;
      this.higherIsBetter = higherIsBetter;
    }

    /** The metric's value in {@code s}, or NaN if the operation is missing or has no latency. */
    public double of(OperationStats s) {
      if (s == null || (this != RATE && (s.latencyUs() == null || s.count() == s.errors()))) {
        return Double.NaN;
      }
      return value.applyAsDouble(s);
    }
  }

  private final List<Group> groups;
  private final List<Row> rows;

  private RunComparison(List<Group> groups, List<Row> rows) {
    this.groups = groups;
    this.rows = rows;
  }

  /** Groups the runs by name (in order of first appearance) and lines up their operations. */
  public static RunComparison of(List<Run> given) {
    if (given.size() < 2) {
      throw new IllegalArgumentException("a comparison needs two runs or more");
    }
    Map<String, List<Run>> byName = new LinkedHashMap<>();
    for (Run r : given) {
      byName.computeIfAbsent(r.name(), k -> new ArrayList<>()).add(r);
    }
    List<Group> groups = new ArrayList<>();
    byName.forEach(
        (name, runs) ->
            groups.add(
                new Group(
                    name,
                    runs.stream().map(Run::result).toList(),
                    runs.stream().map(Run::clients).toList())));
    Set<String> operations = new LinkedHashSet<>();
    for (Run r : given) {
      operations.addAll(totals(r.result()).keySet());
    }
    List<Row> rows = new ArrayList<>();
    for (String op : operations) {
      List<List<OperationStats>> stats = new ArrayList<>();
      for (Group g : groups) {
        List<OperationStats> its = new ArrayList<>();
        for (RunResult r : g.runs()) {
          OperationStats s = totals(r).get(op);
          if (s != null) {
            its.add(s);
          }
        }
        stats.add(its);
      }
      rows.add(new Row(op, stats));
    }
    return new RunComparison(List.copyOf(groups), List.copyOf(rows));
  }

  private static Map<String, OperationStats> totals(RunResult r) {
    return r.totals() == null ? Map.of() : r.totals();
  }

  public List<Group> groups() {
    return groups;
  }

  public List<Row> rows() {
    return rows;
  }

  /** True if some configuration has more than one run. */
  public boolean hasIterations() {
    return groups.stream().anyMatch(g -> g.runs().size() > 1);
  }

  /** The workloads compared, without repeats: more than one means unlike runs are compared. */
  public Set<String> workloads() {
    Set<String> w = new LinkedHashSet<>();
    groups.forEach(g -> g.runs().forEach(r -> w.add(r.workload())));
    return w;
  }

  /** Group {@code g}'s values of {@code metric}, one per iteration that has a value. */
  public static double[] values(Row row, int g, Metric metric) {
    return row.stats().get(g).stream().mapToDouble(metric::of).filter(Double::isFinite).toArray();
  }

  /** Group {@code g}'s mean of {@code metric}, or NaN if it has none. */
  public static double value(Row row, int g, Metric metric) {
    return Significance.mean(values(row, g, metric));
  }

  /** Group {@code g}'s value of {@code metric} over the baseline's, or NaN if either is missing. */
  public static double ratio(Row row, int g, Metric metric) {
    double base = value(row, 0, metric);
    double v = value(row, g, metric);
    if (Double.isNaN(base) || Double.isNaN(v) || base == 0) {
      return Double.NaN;
    }
    return v / base;
  }

  /** Group {@code g} against the baseline on {@code metric}, with a significance test. */
  public static Significance significance(Row row, int g, Metric metric) {
    return Significance.of(
        metric.shortName, values(row, 0, metric), values(row, g, metric), metric.higherIsBetter);
  }

  /**
   * The workload figures (transfers/s, MB/s, orders per minute...) any run has, in order; for a run
   * whose operations carry their CPU cost (the network workloads') also netperf's per operation:
   * MB/s and CPU per transaction by the client process, the client host and the server.
   */
  public List<String> figureNames() {
    Set<String> names = new LinkedHashSet<>();
    groups.forEach(g -> g.runs().forEach(r -> names.addAll(figuresOf(r).keySet())));
    return List.copyOf(names);
  }

  /**
   * The figures worth a headline, in order: {@link #figureNames} without bookkeeping (queues
   * deleted...) and without those that are zero in every run ({@link HeadlineFigures}).
   */
  public List<String> headlineFigures() {
    return HeadlineFigures.of(figureNames(), this::allValues);
  }

  /** The figures {@link #headlineFigures} leaves out, for a detail table. */
  public List<String> otherFigures() {
    return HeadlineFigures.others(figureNames(), this::allValues);
  }

  private double[] allValues(String figure) {
    List<Double> all = new ArrayList<>();
    for (int g = 0; g < groups.size(); g++) {
      for (double v : figure(g, figure)) {
        all.add(v);
      }
    }
    return all.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** Group {@code g}'s values of a workload figure, one per run that has it. */
  public double[] figure(int g, String name) {
    return groups.get(g).runs().stream()
        .map(r -> figuresOf(r).get(name))
        .filter(v -> v != null && Double.isFinite(v))
        .mapToDouble(Double::doubleValue)
        .toArray();
  }

  /** True if less of a figure is better: latency, CPU cost, errors, losses. */
  public static boolean lowerIsBetter(String figure) {
    String f = figure.toLowerCase(java.util.Locale.ROOT);
    return io.loadlab.core.report.SweepFigure.lowerIsBetter(figure)
        || f.contains("µs/op")
        || f.contains("µs/mb")
        || f.endsWith("lost")
        || f.endsWith("rollbackpct");
  }

  /**
   * A run's workload figures, with per-operation ones added where its operations carry their CPU
   * cost (netperf's figures: a network run's totals have a {@code cpu} per transaction).
   */
  static Map<String, Double> figuresOf(RunResult r) {
    Map<String, Double> out = new LinkedHashMap<>();
    if (r.figures() != null) {
      out.putAll(r.figures());
    }
    if (!costsCpuPerOperation(r)) {
      return out;
    }
    // A stream's CPU is per MB moved (netperf's service demand), not per write.
    boolean perMB = FigureNotes.cpuPerMB(r);
    String unit = perMB ? " (µs/MB)" : " (µs/op)";
    r.totals()
        .forEach(
            (op, s) -> {
              if (s.bytesPerSec() > 0) {
                out.putIfAbsent(op + ": MB/s", s.bytesPerSec() / 1e6);
              }
              CpuCost c = s.cpu();
              if (c != null) {
                putIfSet(out, op + ": CPU client" + unit, cpu(c.clientUsPerOp(), perMB, s));
                putIfSet(out, op + ": CPU host" + unit, cpu(c.hostUsPerOp(), perMB, s));
                putIfSet(out, op + ": CPU server" + unit, cpu(c.serverUsPerOp(), perMB, s));
              }
            });
    return out;
  }

  /** True if some operation of the run has its CPU cost in the totals. */
  private static boolean costsCpuPerOperation(RunResult r) {
    return r.totals() != null && r.totals().values().stream().anyMatch(s -> s.cpu() != null);
  }

  private static Double cpu(Double usPerOp, boolean perMB, OperationStats s) {
    return perMB ? CpuCost.perMB(usPerOp, s) : usPerOp;
  }

  private static void putIfSet(Map<String, Double> out, String name, Double v) {
    if (v != null && Double.isFinite(v)) {
      out.putIfAbsent(name, v);
    }
  }

  /**
   * The machines of the compared runs that ran on several at once, from the first such run; empty
   * if every run ran on one machine.
   */
  public List<String> clientMachines() {
    for (Group g : groups) {
      for (List<Client> cs : g.clients()) {
        if (cs.size() > 1) {
          return cs.stream().map(Client::machine).toList();
        }
      }
    }
    return List.of();
  }

  /**
   * Group {@code g}'s mean of each client's value ({@code value} of a client's result), over its
   * runs on several machines; NaN for a client no run has.
   */
  public double[] clientMeans(
      int g, int clients, java.util.function.Function<RunResult, Double> value) {
    double[] sum = new double[clients];
    int[] n = new int[clients];
    for (List<Client> cs : groups.get(g).clients()) {
      for (int k = 0; k < Math.min(clients, cs.size()); k++) {
        Double v = value.apply(cs.get(k).result());
        if (v != null && Double.isFinite(v)) {
          sum[k] += v;
          n[k]++;
        }
      }
    }
    double[] mean = new double[clients];
    for (int k = 0; k < clients; k++) {
      mean[k] = n[k] == 0 ? Double.NaN : sum[k] / n[k];
    }
    return mean;
  }

  /** The sample standard deviation of {@code values}, 0 for fewer than two. */
  public static double sd(double[] values) {
    return Math.sqrt(Significance.variance(values));
  }

  /**
   * The name a run gets when none is given: its label, else its testbed's network mode (bridge,
   * sriov, none), else {@code fallback} (such as its directory's name).
   */
  public static String defaultName(RunResult r, String fallback) {
    if (r.label() != null && !r.label().isBlank()) {
      return r.label();
    }
    Object mode = r.testbed() == null ? null : r.testbed().get("mode");
    if (mode != null && !mode.toString().isBlank()) {
      return mode.toString();
    }
    return fallback;
  }
}
