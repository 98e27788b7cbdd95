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
 * Cuts a run into intervals at the ends its {@link IntervalSchedule} set ahead (plus a cut now at a
 * phase change or the run's end): which phase an interval belongs to, and whether it is measured
 * (not warmup, not after the measured window's end or after the measurement ended). An interval
 * spans its scheduled ends whenever it is read, so a late reading does not lengthen it. Each cut
 * adds the interval to the tally, and its measured time and counts to the totals. Kept apart from
 * {@link RunRecording}, which hands the intervals to the sinks; not thread-safe, it is only used
 * under its recording's lock.
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

  private final IntervalSchedule schedule;
  private final long baseNanos;
  private final long baseEpochMs;

  private String phase;
  private boolean warmup;
  private boolean measurementEnded;

  /** The measured window's end (set ahead) passed: until the next phase nothing is counted. */
  private boolean draining;

  /** Where the current phase began, on the monotonic clock. */
  private long phaseStartNanos;

  /** Starts the first interval now; {@code startEpochMs} is the run's start. */
  IntervalCutter(
      Recorder recorder, RunTally tally, LoadMonitor monitor, long startEpochMs, Duration every) {
    this.sliverSeconds = every.toNanos() / 2e9;
    this.recorder = recorder;
    this.tally = tally;
    this.monitor = monitor;
    this.baseEpochMs = startEpochMs;
    this.baseNanos = System.nanoTime();
    this.phaseStartNanos = baseNanos;
    this.schedule = new IntervalSchedule(recorder, baseNanos, every.toNanos());
  }

  /**
   * Starts a phase at {@code now} (just cut): the intervals from now on belong to it, and the ticks
   * start again from now.
   */
  void beginPhase(String name, boolean isWarmup, long now) {
    phase = name;
    warmup = isWarmup;
    draining = false;
    seenInPhase.clear();
    phaseStartNanos = now;
    schedule.regrid(now);
  }

  /** Ends the measured window: later intervals are not measured. */
  void endMeasurement() {
    measurementEnded = true;
  }

  /**
   * Sets ahead the end of the current phase's measured window, {@code length} after the phase
   * began: operations completing later are not counted, whenever the driver stops its users.
   */
  void endWindowAfter(Duration length, long now) {
    schedule.endWindowAt(phaseStartNanos + length.toNanos(), now);
  }

  /** Moves the measured window's end to {@code atNanos} (not before now). */
  void endWindowAt(long atNanos, long now) {
    schedule.endWindowAt(atNanos, now);
  }

  /** When the timekeeping should next wake: the next end set ahead, or Long.MIN_VALUE. */
  long nextEndNanos() {
    return schedule.nextEnd();
  }

  /**
   * Closes every interval whose end (set ahead) has passed by {@code now}, oldest first.
   *
   * @return the intervals for the sinks (none for intervals with nothing to report)
   */
  List<IntervalReport> closeDue(long now, Supplier<RunResult> resultSoFar) {
    List<IntervalReport> reports = new ArrayList<>(1);
    long end;
    while ((end = schedule.dueEnd(now)) != Long.MIN_VALUE) {
      boolean windowEnd = schedule.isWindowEnd(end);
      IntervalReport r = close(end, now, windowEnd, resultSoFar);
      if (r != null) {
        reports.add(r);
      }
      if (windowEnd) {
        draining = true;
      }
    }
    return reports;
  }

  /**
   * Ends the current interval now, after any whose end passed; even an instant with nothing in it
   * is closed, so that no time of one phase is counted in the next. At a phase change or the run's
   * end ({@code boundary}) a stretch shorter than half an interval in which nothing completed is
   * closed without a report.
   *
   * @return the intervals for the sinks, oldest first
   */
  List<IntervalReport> cut(boolean boundary, long now, Supplier<RunResult> resultSoFar) {
    List<IntervalReport> reports = closeDue(now, resultSoFar);
    schedule.endOpenAt(now);
    if (schedule.dueEnd(now) == now) {
      IntervalReport r = close(now, now, boundary, resultSoFar);
      if (r != null) {
        reports.add(r);
      }
    }
    return reports;
  }

  private long epochMs(long nanos) {
    return baseEpochMs + Math.floorDiv(nanos - baseNanos, 1_000_000L);
  }

  /** Reads the open interval, which ends at {@code end}, and opens the next. */
  private IntervalReport close(
      long end, long now, boolean boundary, Supplier<RunResult> resultSoFar) {
    List<OperationSnapshot> snapshots = recorder.snapshot(schedule.open());
    long startNanos = schedule.openStartNanos();
    schedule.advance(now);
    // The next intervals' histograms are made here, not by a user while it records.
    recorder.prepare(schedule.open());
    recorder.prepare(schedule.open() + 1);
    // After the measured window's end, while the users stop: kept like warmup, not counted.
    boolean unmeasured = warmup || draining;
    long startEpochMs = epochMs(startNanos);
    long endEpochMs = epochMs(end);
    double seconds = (end - startNanos) / 1e9;
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
      if (!unmeasured && !measurementEnded) {
        tally.addMeasuredSeconds(phase, seconds);
      }
      return null;
    }
    GeneratorLoad load = monitor.interval();
    IntervalSample sample =
        new IntervalSample(
            tally.nextIntervalNumber(),
            startEpochMs,
            endEpochMs,
            phase,
            unmeasured,
            ops,
            tally.targetRates(ops.keySet()),
            load);
    tally.addInterval(sample);
    if (!unmeasured && !measurementEnded) {
      tally.addMeasuredSeconds(phase, seconds);
      tally.addMeasured(phase, active);
      monitor.addMeasured(load);
    }
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
