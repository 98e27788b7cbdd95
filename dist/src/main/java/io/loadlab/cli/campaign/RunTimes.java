package io.loadlab.cli.campaign;

import io.loadlab.core.util.Durations;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How long a campaign's runs take, for the plan's estimate and the ETA while it runs. A step's run
 * takes what its measured runs took on average (a run's wall time: its processes' start, the run,
 * reading its results); a step with no measured run yet takes what its options give ({@code
 * duration} or {@code run-time}, plus {@code warmup}, plus {@value #OVERHEAD_SECONDS} s), times how
 * much longer the measured runs of other steps took than theirs gave. Only finished runs ({@code
 * ok} or {@code failed}) of this campaign file count: a run whose command lines are not the ones
 * its cell has now is left out, as a resumed campaign would refuse it.
 */
final class RunTimes {
  /** A run's start and end around its measured time: a JVM, a server or broker, the files. */
  static final double OVERHEAD_SECONDS = 2;

  /** Assumed when a step gives no --duration (the commands' default is 10 s for most). */
  static final double DEFAULT_SECONDS = 10;

  /** Per step name: {sum of measured seconds, runs}. */
  private final Map<String, double[]> measured = new HashMap<>();

  private double measuredSeconds;
  private double plannedSeconds;
  private int measuredRuns;
  private int foreignRuns;
  private final List<Manifest.RunEntry> kept = new ArrayList<>();

  /** Times of {@code c}'s runs with nothing measured yet. */
  RunTimes() {}

  /** Times learnt from the finished runs in {@code m} that the cells of {@code c} would make. */
  static RunTimes of(List<Matrix.Cell> cells, Manifest m) {
    RunTimes t = new RunTimes();
    Map<String, Matrix.Cell> byId = new HashMap<>();
    cells.forEach(cell -> byId.put(cell.id(), cell));
    Map<String, List<List<String>>> lines = new HashMap<>();
    for (Manifest.RunEntry r : m.runs) {
      if (!finished(r)) {
        continue;
      }
      Matrix.Cell cell = byId.get(r.cell);
      List<List<String>> now =
          cell == null ? null : lines.computeIfAbsent(r.cell, id -> cell.commandLines());
      if (now == null || !now.equals(r.commandLines)) {
        t.foreignRuns++;
      } else {
        t.add(cell.step(), r);
        t.kept.add(r);
      }
    }
    return t;
  }

  private static boolean finished(Manifest.RunEntry r) {
    return ("ok".equals(r.status) || "failed".equals(r.status)) && r.seconds != null;
  }

  /** Learns from run {@code r} of {@code step}, if it finished. */
  void add(Campaign.Step step, Manifest.RunEntry r) {
    if (!finished(r)) {
      return;
    }
    double[] s = measured.computeIfAbsent(step.name(), k -> new double[2]);
    s[0] += r.seconds;
    s[1]++;
    measuredSeconds += r.seconds;
    plannedSeconds += planned(step);
    measuredRuns++;
  }

  /** The seconds a run of {@code step} is expected to take. */
  double seconds(Campaign.Step step) {
    double[] s = measured.get(step.name());
    if (s != null) {
      return s[0] / s[1];
    }
    return measuredRuns == 0 ? planned(step) : planned(step) * measuredSeconds / plannedSeconds;
  }

  /** Measured runs of {@code step}. */
  int measuredRuns(Campaign.Step step) {
    double[] s = measured.get(step.name());
    return s == null ? 0 : (int) s[1];
  }

  /** Measured runs of every step. */
  int measuredRuns() {
    return measuredRuns;
  }

  /** The finished runs of this file {@link #of} learnt from: what a resumed campaign keeps. */
  List<Manifest.RunEntry> kept() {
    return kept;
  }

  /** Finished runs left out: their cell is gone or has other command lines now. */
  int foreignRuns() {
    return foreignRuns;
  }

  /**
   * The seconds the runs not yet in {@code m} take, of {@code cells} from index {@code from} on:
   * {@code min} (or {@code max}) iterations of each cell, less the runs it has.
   */
  double left(List<Matrix.Cell> cells, int from, Manifest m, boolean max) {
    Map<String, Integer> done = new HashMap<>();
    for (Manifest.RunEntry r : m.runs) {
      done.merge(r.cell, 1, Integer::sum);
    }
    double s = 0;
    for (int i = Math.max(0, from); i < cells.size(); i++) {
      Matrix.Cell cell = cells.get(i);
      Iterations it = cell.step().iterations();
      int n = (max ? it.max() : it.min()) - done.getOrDefault(cell.id(), 0);
      s += Math.max(0, n) * seconds(cell.step());
    }
    return s;
  }

  /** What the step's options give: duration (or run-time) and warmup, plus the overhead. */
  static double planned(Campaign.Step step) {
    double d = DEFAULT_SECONDS;
    for (String key : List.of("duration", "run-time")) {
      String v = step.options().get(key);
      if (v != null && !v.contains("$")) {
        d = secondsOf(key, v);
      }
    }
    String w = step.options().get("warmup");
    double warm = w == null || w.contains("$") ? 0 : secondsOf("warmup", w);
    return d + warm + OVERHEAD_SECONDS;
  }

  private static double secondsOf(String key, String v) {
    return Durations.parse("--" + key, v).toMillis() / 1000.0;
  }
}
