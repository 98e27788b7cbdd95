package io.loadlab.core.run;

import io.loadlab.core.monitor.LoadMonitor;
import io.loadlab.core.record.OperationSnapshot;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.results.GeneratorLoad;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Cuts a run into intervals: where the current interval started, which phase it belongs to, and
 * whether it is measured (not warmup, not after the measured window ended). Each cut adds the
 * interval to the tally, and its measured time and counts to the totals. Kept apart from {@link
 * RunRecording}, which hands the intervals to the sinks; not thread-safe, it is only used under its
 * recording's lock.
 */
final class IntervalCutter {
  private final Recorder recorder;
  private final RunTally tally;
  private final LoadMonitor monitor;

  /** Operations that completed something in the current phase: each gets a row every interval. */
  private final Set<String> seenInPhase = new LinkedHashSet<>();

  /**
   * Half the reporting interval: a stretch cut off at a phase change or the run's end that is
   * shorter and completed nothing (the setup before the first phase, the moment after the last
   * answer) is no interval of its own, so no empty first or stray last line is reported.
   */
  private final double sliverSeconds;

  private String phase;
  private boolean warmup;
  private boolean measurementEnded;
  private long intervalStartNanos;
  private long intervalStartEpochMs;

  /** Starts the first interval now; {@code startEpochMs} is the run's start. */
  IntervalCutter(
      Recorder recorder, RunTally tally, LoadMonitor monitor, long startEpochMs, Duration every) {
    this.sliverSeconds = every.toNanos() / 2e9;
    this.recorder = recorder;
    this.tally = tally;
    this.monitor = monitor;
    this.intervalStartEpochMs = startEpochMs;
    this.intervalStartNanos = System.nanoTime();
  }

  /** Starts a phase: the intervals after the next cut belong to it. */
  void beginPhase(String name, boolean isWarmup) {
    phase = name;
    warmup = isWarmup;
    seenInPhase.clear();
  }

  /** Ends the measured window: later intervals are not measured. */
  void endMeasurement() {
    measurementEnded = true;
  }

  /**
   * Ends the current interval; at the end of a phase ({@code phaseEnd}) even an instant with
   * nothing in it is closed, so that no time of one phase is counted in the next. At a phase change
   * or the run's end ({@code boundary}) a stretch shorter than half an interval in which nothing
   * completed is closed without a report.
   *
   * @return the interval for the sinks, or null if there is nothing to report
   */
  IntervalReport cut(boolean phaseEnd, boolean boundary, Supplier<RunResult> resultSoFar) {
    List<OperationSnapshot> snapshots = recorder.snapshot();
    // The interval ends where its snapshot did: on a busy machine a snapshot can take a while.
    long nowNanos = System.nanoTime();
    long endEpochMs = intervalStartEpochMs + (nowNanos - intervalStartNanos) / 1_000_000;
    double seconds = (nowNanos - intervalStartNanos) / 1e9;
    List<OperationSnapshot> active = new ArrayList<>();
    Map<String, OperationStats> ops = new LinkedHashMap<>();
    for (OperationSnapshot s : snapshots) {
      if (!s.isEmpty()) {
        active.add(s);
        seenInPhase.add(s.operation());
        ops.put(s.operation(), OperationTotals.of(s, seconds));
      } else if (seenInPhase.contains(s.operation())) {
        // Nothing completed (an outage): still a row, at rate zero, so the gap shows.
        ops.put(s.operation(), OperationTotals.of(s, seconds));
      }
    }
    // What is not handed to the sinks is read no more: its histograms go back for the next cut.
    recorder.giveBack(idle(snapshots, active));
    boolean sliver = boundary && seconds < sliverSeconds;
    if (active.isEmpty() && (seconds < 0.05 || measurementEnded || sliver)) {
      // A phase change right after another, or after the end: nothing to report.
      if (phaseEnd || measurementEnded || sliver) {
        if (!warmup && !measurementEnded) {
          tally.addMeasuredSeconds(phase, seconds);
        }
        intervalStartNanos = nowNanos;
        intervalStartEpochMs = endEpochMs;
      }
      return null;
    }
    GeneratorLoad load = monitor.interval();
    IntervalSample sample =
        new IntervalSample(
            tally.nextIntervalNumber(),
            intervalStartEpochMs,
            endEpochMs,
            phase,
            warmup,
            ops,
            tally.targetRates(ops.keySet()),
            load);
    tally.addInterval(sample);
    if (!warmup && !measurementEnded) {
      tally.addMeasuredSeconds(phase, seconds);
      tally.addMeasured(phase, active);
      monitor.addMeasured(load);
    }
    intervalStartNanos = nowNanos;
    intervalStartEpochMs = endEpochMs;
    return new IntervalReport(sample, active, resultSoFar);
  }

  /** The snapshots of {@code all} that are not in {@code active}. */
  private static List<OperationSnapshot> idle(
      List<OperationSnapshot> all, List<OperationSnapshot> active) {
    if (active.size() == all.size()) {
      return List.of();
    }
    List<OperationSnapshot> idle = new ArrayList<>(all.size() - active.size());
    for (OperationSnapshot s : all) {
      if (s.isEmpty()) {
        idle.add(s);
      }
    }
    return idle;
  }
}
