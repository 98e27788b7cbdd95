package io.loadlab.campaign.plan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One part of a run's time (its measured time, or its start-up) learnt per configuration and step,
 * for the ETA. A configuration and step with runs done takes their mean. Otherwise:
 *
 * <ul>
 *   <li>a configuration whose runs so far all failed takes their mean: its other steps are expected
 *       to fail alike (a broker nothing listens on fails every step in a second);
 *   <li>any other run of step {@code s} in configuration {@code c} takes {@code planned(s) ×
 *       conf(c) × step(s)}, both factors fitted to the ok runs (alternating least squares of the
 *       two-way multiplicative model, the step factors weighted to a mean of 1): {@code conf(c)}
 *       how much longer than planned {@code c}'s runs take, {@code step(s)} how much longer {@code
 *       s}'s runs take than the other steps' in the same configurations. A configuration with no ok
 *       run yet takes what the ok runs took against their plan, or the plan when none was ok: a
 *       fast failure says nothing of another configuration.
 * </ul>
 */
final class RunFactors {
  private static final int ROUNDS = 25;

  private record Run(String conf, String step, double actual, double planned) {}

  private final List<Run> okRuns = new ArrayList<>();
  private final Map<String, double[]> cellSums = new HashMap<>();

  /** Per configuration: {sum of seconds, runs, ok runs}. */
  private final Map<String, double[]> confSums = new HashMap<>();

  private Map<String, Double> confs;
  private Map<String, Double> steps;
  private double fresh;

  /** Learns a run of {@code step} in {@code conf}: {@code actual} seconds, {@code planned}. */
  void add(String conf, String step, double actual, double planned, boolean ok) {
    if (ok) {
      okRuns.add(new Run(conf, step, actual, planned));
    }
    double[] s = cellSums.computeIfAbsent(key(conf, step), k -> new double[2]);
    s[0] += actual;
    s[1]++;
    double[] c = confSums.computeIfAbsent(conf, k -> new double[3]);
    c[0] += actual;
    c[1]++;
    c[2] += ok ? 1 : 0;
    confs = null;
  }

  /**
   * As {@link #expected} from the ok runs alone: for a run retried after it failed, whose failure
   * (and its configuration's other failures) says nothing of how long it takes once it works.
   */
  double expectedOk(String conf, String step, double planned) {
    double sum = 0;
    int n = 0;
    for (Run r : okRuns) {
      if (r.conf.equals(conf) && r.step.equals(step)) {
        sum += r.actual;
        n++;
      }
    }
    if (n > 0) {
      return sum / n;
    }
    if (okRuns.isEmpty()) {
      return planned;
    }
    if (confs == null) {
      fit();
    }
    return planned * confs.getOrDefault(conf, fresh) * steps.getOrDefault(step, 1.0);
  }

  /** The seconds a run of {@code step} in {@code conf} is expected to take; {@code planned}. */
  double expected(String conf, String step, double planned) {
    double[] s = cellSums.get(key(conf, step));
    if (s != null) {
      return s[0] / s[1];
    }
    double[] c = confSums.get(conf);
    if (c != null && c[2] == 0) {
      return c[0] / c[1]; // it has failed every run so far
    }
    if (okRuns.isEmpty()) {
      return planned;
    }
    if (confs == null) {
      fit();
    }
    return planned * confs.getOrDefault(conf, fresh) * steps.getOrDefault(step, 1.0);
  }

  private void fit() {
    Map<String, Double> c = new HashMap<>();
    Map<String, Double> st = new HashMap<>();
    for (Run r : okRuns) {
      st.put(r.step, 1.0);
    }
    for (int round = 0; round < ROUNDS; round++) {
      c = ratio(okRuns, Run::conf, st, Run::step);
      st = ratio(okRuns, Run::step, c, Run::conf);
      double weighted = 0;
      double plannedSum = 0;
      for (Run r : okRuns) {
        weighted += r.planned * st.get(r.step);
        plannedSum += r.planned;
      }
      double mean = plannedSum > 0 && weighted > 0 ? weighted / plannedSum : 1;
      st.replaceAll((k, v) -> v / mean);
    }
    c = ratio(okRuns, Run::conf, st, Run::step);
    double actual = 0;
    double expected = 0;
    for (Run r : okRuns) {
      actual += r.actual;
      expected += r.planned * st.get(r.step);
    }
    fresh = expected > 0 ? actual / expected : 1;
    steps = st;
    confs = c;
  }

  /**
   * Per group: its runs' actual seconds over their planned times the other factor; 1 where that is
   * 0 (nothing planned, or runs only where the other factor is 0: they tell nothing).
   */
  private static Map<String, Double> ratio(
      List<Run> runs,
      java.util.function.Function<Run, String> group,
      Map<String, Double> other,
      java.util.function.Function<Run, String> otherKey) {
    Map<String, double[]> sums = new HashMap<>();
    for (Run r : runs) {
      double[] s = sums.computeIfAbsent(group.apply(r), k -> new double[2]);
      s[0] += r.actual;
      s[1] += r.planned * other.getOrDefault(otherKey.apply(r), 1.0);
    }
    Map<String, Double> out = new HashMap<>();
    sums.forEach((k, s) -> out.put(k, s[1] > 0 ? s[0] / s[1] : 1.0));
    return out;
  }

  private static String key(String conf, String step) {
    return conf + '\u0000' + step;
  }
}
