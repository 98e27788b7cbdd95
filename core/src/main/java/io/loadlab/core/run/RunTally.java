package io.loadlab.core.run;

import io.loadlab.core.criteria.Criteria;
import io.loadlab.core.record.OperationSnapshot;
import io.loadlab.core.record.UserFairness;
import io.loadlab.core.results.CpuCost;
import io.loadlab.core.results.GeneratorLoad;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.Problem;
import io.loadlab.core.results.RateCheck;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import io.loadlab.core.results.Warning;
import io.loadlab.core.util.Numbers;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * What a run has gathered for its {@link RunResult}, and that result built from it: the intervals,
 * each operation's measured totals and each phase's measured seconds, and the parameters, CPU
 * costs, figures and problems a driver set. Kept apart so that {@link RunRecording} and {@link
 * IntervalCutter} are about cutting intervals and handing them to sinks; not thread-safe, it is
 * only used under its recording's lock.
 */
final class RunTally {
  private final RunInfo info;
  private final long startEpochMs;

  private final List<IntervalSample> intervals = new ArrayList<>();
  private final Map<String, OperationTotals> totals = new LinkedHashMap<>();
  private List<String> totalsOrder = List.of();
  private final Map<String, Double> measuredSeconds = new LinkedHashMap<>();

  /** The seconds a driver measured an operation over itself, instead of its phase's. */
  private final Map<String, Double> ownWindows = new LinkedHashMap<>();

  private final Map<String, CpuCost> cpuCosts = new LinkedHashMap<>();
  private final Map<String, Map<String, String>> parameters = new LinkedHashMap<>();
  private final Map<String, Double> figures = new LinkedHashMap<>();
  private final Map<String, DerivedFigure> derived = new LinkedHashMap<>();
  private final Map<String, Problem> problems = new LinkedHashMap<>();
  private final Map<String, TargetRate> targets = new LinkedHashMap<>();
  private final Map<String, Double> achieved = new LinkedHashMap<>();
  private double rateTolerance = DEFAULT_RATE_TOLERANCE;
  private GeneratorLoad generator;
  private Criteria criteria = Criteria.NONE;
  private List<Warning> warnings = List.of();

  /** The phase begun last, and the measured window each phase asked for ahead, in seconds. */
  private String currentPhase;

  private final Map<String, Double> askedWindows = new LinkedHashMap<>();

  /** The users' fairness figures per point: the figures' suffix, its operation and its figures. */
  private final List<Fairness> fairness = new ArrayList<>();

  private record Fairness(String at, String operation, UserFairness.Summary summary) {}

  /** The share of a target rate a paced operation must achieve unless the user says otherwise. */
  static final double DEFAULT_RATE_TOLERANCE = 0.95;

  /** A figure worked out from an operation's totals when the result is built. */
  private record DerivedFigure(String operation, ToDoubleFunction<OperationStats> value) {}

  /** A paced operation's target: what it should achieve and in what unit. */
  record TargetRate(double perSec, String unit) {}

  RunTally(RunInfo info, long startEpochMs) {
    this.info = info;
    this.startEpochMs = startEpochMs;
  }

  /** The number the next interval gets: one more than the intervals so far. */
  int nextIntervalNumber() {
    return intervals.size() + 1;
  }

  void addInterval(IntervalSample sample) {
    intervals.add(sample);
  }

  /**
   * The successful operations of {@code operation} in each measured interval of {@code phase} so
   * far, oldest first (0 where it completed none).
   */
  List<Long> succeededPerInterval(String phase, String operation) {
    List<Long> counts = new ArrayList<>();
    for (IntervalSample i : intervals) {
      if (!i.warmup() && java.util.Objects.equals(phase, i.phase())) {
        OperationStats s = i.operations() == null ? null : i.operations().get(operation);
        counts.add(s == null ? 0 : s.count() - s.errors());
      }
    }
    return counts;
  }

  /** Adds measured (non-warmup) time to a phase. */
  void addMeasuredSeconds(String phase, double seconds) {
    measuredSeconds.merge(String.valueOf(phase), seconds, Double::sum);
  }

  /** Sets the seconds an operation's rate is over, for a driver that measured its own window. */
  void measuredWindow(String operation, double seconds) {
    ownWindows.put(operation, seconds);
  }

  /** The seconds an operation's rate is over: its own window if set, else its phase's. */
  private double secondsOf(String operation, OperationTotals t) {
    Double own = ownWindows.get(operation);
    return own != null ? own : measuredSeconds.getOrDefault(String.valueOf(t.phase), 0.0);
  }

  /** The measured seconds of a phase so far. */
  double measuredSeconds(String phase) {
    return measuredSeconds.getOrDefault(String.valueOf(phase), 0.0);
  }

  /** Adds a measured interval's operations into their totals, each in the phase it first had. */
  void addMeasured(String phase, List<OperationSnapshot> active) {
    for (OperationSnapshot s : active) {
      totals.computeIfAbsent(s.operation(), k -> new OperationTotals(phase)).add(s);
    }
  }

  /** See {@link RunRecording#orderTotals}. */
  void orderTotals(List<String> operations) {
    totalsOrder = List.copyOf(operations);
  }

  /** Keeps the parameters in the order the driver gave them (result.json shows that order). */
  void setParameters(String operation, Map<String, String> params) {
    parameters.put(operation, Collections.unmodifiableMap(new LinkedHashMap<>(params)));
  }

  void setCpuCost(String operation, CpuCost cost) {
    cpuCosts.put(operation, cost);
  }

  void figure(String name, double value) {
    figures.put(name, value);
  }

  void derivedFigure(String name, String operation, ToDoubleFunction<OperationStats> value) {
    derived.put(name, new DerivedFigure(operation, value));
  }

  /** The driver's figures, then those worked out from the totals (left out where not finite). */
  private Map<String, Double> figures(Map<String, OperationStats> stats) {
    Map<String, Double> all = new LinkedHashMap<>(figures);
    derived.forEach(
        (name, d) -> {
          OperationStats s = stats.get(d.operation());
          double v = s == null ? Double.NaN : d.value().applyAsDouble(s);
          if (Double.isFinite(v)) {
            all.put(name, v);
          }
        });
    return all;
  }

  /** Counts a problem of the given kind, keeping the first message as its example. */
  void problem(String kind, long count, String message) {
    problems.merge(
        kind,
        new Problem(kind, count, message),
        (a, b) -> new Problem(kind, a.count() + b.count(), a.message()));
  }

  /** Sets a problem's count and message, replacing what was counted of it so far. */
  void setProblem(String kind, long count, String message) {
    problems.put(kind, new Problem(kind, count, message));
  }

  void expectRate(String operation, double perSec, String unit) {
    targets.put(operation, new TargetRate(perSec, unit));
  }

  void achievedRate(String operation, double perSec) {
    achieved.put(operation, perSec);
  }

  /** The target rates of the paced operations among {@code operations}, or {@code null}. */
  Map<String, Double> targetRates(Set<String> operations) {
    if (targets.isEmpty()) {
      return null;
    }
    Map<String, Double> found = new LinkedHashMap<>();
    for (String op : operations) {
      TargetRate t = targets.get(op);
      if (t != null) {
        found.put(op, t.perSec());
      }
    }
    return found.isEmpty() ? null : found;
  }

  void rateTolerance(double tolerance) {
    this.rateTolerance = tolerance;
  }

  void criteria(Criteria userCriteria) {
    this.criteria = userCriteria;
  }

  /** The result with this status and the criteria's verdicts. */
  RunResult judged(RunStatus status, String reason) {
    RunResult result = result(status, reason);
    return criteria.isEmpty() ? result : result.withCriteria(criteria.evaluate(result));
  }

  /**
   * Why the run fails: {@code earlier} (a write failure, the driver's reason) if there is one, else
   * failed operations, a target rate not held, or criteria not met, the first of these; {@code
   * null} if the run passed.
   */
  String failureReason(String earlier) {
    String reason = earlier;
    if (reason == null) {
      reason = failedOperations();
    }
    if (reason == null) {
      reason = rateNotHeld();
    }
    if (reason == null && !criteria.isEmpty()) {
      reason = Criteria.notMet(judged(RunStatus.OK, null).criteria());
    }
    return reason;
  }

  void phaseBegun(String phase) {
    currentPhase = phase;
  }

  /** The current phase's measured window was asked to last {@code seconds}; NaN: none held. */
  void askWindow(double seconds) {
    if (Double.isNaN(seconds)) {
      askedWindows.remove(String.valueOf(currentPhase));
    } else {
      askedWindows.put(String.valueOf(currentPhase), seconds);
    }
  }

  void userFairness(String at, String operation, UserFairness.Summary summary) {
    if (summary != null && summary.users() > 1) {
      fairness.add(new Fairness(at, operation, summary));
    }
  }

  void generator(GeneratorLoad load, List<Warning> found) {
    this.generator = load;
    this.warnings = List.copyOf(found);
  }

  /**
   * Each paced operation's target against what it achieved over its measured window; an operation
   * that never completed anything in a measured window achieved zero.
   */
  List<RateCheck> rateChecks() {
    List<RateCheck> checks = new ArrayList<>();
    targets.forEach(
        (op, target) -> {
          double rate = achieved.getOrDefault(op, measuredRate(op));
          checks.add(
              new RateCheck(
                  op,
                  target.unit(),
                  target.perSec(),
                  rate,
                  rateTolerance,
                  rate >= rateTolerance * target.perSec()));
        });
    return checks;
  }

  /** An operation's count over its phase's measured seconds; zero if it completed nothing. */
  private double measuredRate(String operation) {
    OperationTotals t = totals.get(operation);
    if (t == null) {
      return 0;
    }
    double seconds = secondsOf(operation, t);
    return seconds > 0 ? t.count() / seconds : 0;
  }

  /**
   * Why the paced operations fail the run, such as {@code rate not held: 1,325 of 5,000 msg/s
   * (26%)}, or {@code null} if every target was held (or none was measured).
   */
  String rateNotHeld() {
    List<String> missed = new ArrayList<>();
    for (RateCheck c : rateChecks()) {
      if (!c.held()) {
        String what =
            Numbers.format(c.achievedPerSec())
                + " of "
                + Numbers.format(c.targetPerSec())
                + " "
                + c.unit()
                + " ("
                + Math.round(100 * c.ratio())
                + "%)";
        missed.add(targets.size() > 1 ? c.operation() + " " + what : what);
      }
    }
    if (missed.isEmpty()) {
      return null;
    }
    String shown = String.join("; ", missed.subList(0, Math.min(3, missed.size())));
    if (missed.size() > 3) {
      shown += "; and " + (missed.size() - 3) + " more";
    }
    return "rate not held: " + shown;
  }

  /**
   * Why the measured operations fail the run, such as {@code 3 of 100 operations failed}, or {@code
   * null} if none failed.
   */
  String failedOperations() {
    long errors = 0;
    long count = 0;
    for (OperationTotals t : totals.values()) {
      errors += t.errors();
      count += t.count();
    }
    return errors > 0 ? errors + " of " + count + " operations failed" : null;
  }

  /** The totals, those {@link #orderTotals} names first in its order, then the others. */
  private Map<String, OperationTotals> orderedTotals() {
    Map<String, OperationTotals> ordered = new LinkedHashMap<>();
    for (String op : totalsOrder) {
      OperationTotals t = totals.get(op);
      if (t != null) {
        ordered.put(op, t);
      }
    }
    totals.forEach(ordered::putIfAbsent);
    return ordered;
  }

  /** The run's result as of now, with the given status. */
  RunResult result(RunStatus status, String reason) {
    Map<String, OperationStats> stats = new LinkedHashMap<>();
    orderedTotals()
        .forEach(
            (op, t) ->
                stats.put(op, t.stats(secondsOf(op, t), cpuCosts.get(op), parameters.get(op))));
    RunTimingChecks timing =
        timingChecks(stats, status != RunStatus.RUNNING && status != RunStatus.ABORTED);
    List<Warning> all = new ArrayList<>(warnings);
    all.addAll(timing.warnings());
    return new RunResult(
        info.toolVersion(),
        info.workload(),
        info.label(),
        info.commandLine(),
        info.configuration(),
        info.environment(),
        info.testbed(),
        Instant.ofEpochMilli(startEpochMs).toString(),
        Instant.now().toString(),
        status,
        withStarvation(status, reason, timing),
        timing.figures(figures(stats)),
        stats,
        List.copyOf(intervals),
        allProblems(stats),
        targets.isEmpty() ? null : rateChecks(),
        generator,
        all.isEmpty() ? null : all,
        null);
  }

  /** The window and fairness checks over what was measured so far. */
  private RunTimingChecks timingChecks(Map<String, OperationStats> stats, boolean ended) {
    RunTimingChecks checks = new RunTimingChecks();
    if (ended) {
      askedWindows.forEach((phase, asked) -> checks.window(phase, asked, measuredSeconds(phase)));
    }
    for (Fairness f : fairness) {
      OperationStats s = stats.get(f.operation());
      Double medianUs = s == null || s.latencyUs() == null ? null : s.latencyUs().p50();
      checks.fairness(f.at(), f.summary(), medianUs);
    }
    return checks;
  }

  /** A running or finished run's reason, with the starved users said (the status stays). */
  private static String withStarvation(RunStatus status, String reason, RunTimingChecks timing) {
    String starved = timing.starved();
    if (starved == null || status == RunStatus.RUNNING) {
      return reason;
    }
    return reason == null ? starved : reason + "; " + starved;
  }

  /** Problems reported by the driver, then failed operations by kind. */
  private List<Problem> allProblems(Map<String, OperationStats> stats) {
    List<Problem> all = new ArrayList<>(problems.values());
    stats.forEach(
        (op, s) -> {
          if (s.errorKinds() != null) {
            s.errorKinds()
                .forEach((kind, n) -> all.add(new Problem(op + ": " + kind, n, op + " failed")));
          }
        });
    return all;
  }
}
