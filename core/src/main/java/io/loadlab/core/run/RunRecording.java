package io.loadlab.core.run;

import io.loadlab.core.criteria.Criteria;
import io.loadlab.core.monitor.LoadMonitor;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.record.UserFairness;
import io.loadlab.core.results.CpuCost;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import io.loadlab.core.results.Warning;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns what a {@link Recorder} holds into a {@link RunResult} as the run goes: it cuts an interval
 * every reporting period and at every phase change, hands each interval to the sinks, and adds
 * measured intervals into the totals. Every driver and front-end runs through one.
 *
 * <p>A phase is a stretch of the run with its own warmup, such as one point of a sweep; an
 * operation's rate is its count over the measured time of the phase it belongs to.
 */
public final class RunRecording implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RunRecording.class);

  private final Recorder recorder;
  private final List<ResultSink> sinks;
  private final ScheduledExecutorService ticker;

  /** The intervals, totals and driver figures the result is built from; guarded by this. */
  private final RunTally tally;

  private final SinkCalls sinkCalls;

  /** How loaded this process and its host are, interval by interval. */
  private final LoadMonitor monitor = LoadMonitor.start();

  private final List<Warning> driverWarnings = new ArrayList<>();

  /**
   * Held while intervals are handed to the sinks, always before this object's own lock: sinks write
   * files outside that lock, so a driver changing phase never waits for a write.
   */
  private final Object delivery = new Object();

  /** Intervals cut but not yet handed to the sinks, oldest first. */
  private final ArrayDeque<IntervalReport> pending = new ArrayDeque<>();

  /** Where the current interval started and which phase it belongs to; guarded by this. */
  private final IntervalCutter cutter;

  private RunResult finished;

  private RunRecording(RunInfo info, Recorder recorder, List<ResultSink> sinks, Duration every) {
    this.recorder = recorder;
    this.sinks = List.copyOf(sinks);
    long startEpochMs = System.currentTimeMillis();
    this.tally = new RunTally(info, startEpochMs);
    this.cutter = new IntervalCutter(recorder, tally, monitor, startEpochMs, every);
    this.sinkCalls = new SinkCalls(recorder);
    for (ResultSink sink : this.sinks) {
      sinkCalls.call(sink, "start", () -> sink.begin(info, startEpochMs));
    }
    // The timekeeping is a platform thread of its own, at the highest priority, not one more task
    // among the users; and the intervals' ends are set ahead (IntervalSchedule), so even when it
    // wakes late every operation is filed in the interval it completed in.
    this.ticker =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "loadlab-interval");
              t.setDaemon(true);
              t.setPriority(Thread.MAX_PRIORITY);
              return t;
            });
    scheduleTick();
  }

  /** Starts recording now, reporting every {@code interval}. */
  public static RunRecording start(
      RunInfo info, Recorder recorder, List<ResultSink> sinks, Duration interval) {
    return new RunRecording(info, recorder, sinks, interval);
  }

  /**
   * What to do when a result file cannot be written (disk full, directory removed): typically stop
   * the run, which then ends {@code failed} with that reason.
   */
  public void onWriteFailure(Consumer<String> action) {
    sinkCalls.onWriteFailure(action);
  }

  /** Why a result file could not be written, or {@code null} if every file was. */
  public String writeFailure() {
    return sinkCalls.writeFailure();
  }

  /** The recorder drivers record into. */
  public Recorder recorder() {
    return recorder;
  }

  /**
   * Ends the current interval and starts a phase: {@code name} labels the intervals that follow
   * (for example a sweep point such as {@code users=10}); warmup intervals stay out of the totals.
   */
  public void beginPhase(String name, boolean isWarmup) {
    synchronized (this) {
      long now = System.nanoTime();
      cut(true, now);
      cutter.beginPhase(name, isWarmup, now);
      tally.phaseBegun(name);
    }
    scheduleTick();
    deliverLater();
  }

  /**
   * Sets ahead the end of the current phase's measured window, {@code length} after the phase began
   * (its {@link #beginPhase}): the window closes then by the run's clock, and operations completing
   * later are not counted, however long the driver takes to stop its users. A window that could not
   * be held (the timekeeping itself ran late) is reported in a warning naming it.
   */
  public void endWindowAfter(Duration length) {
    synchronized (this) {
      cutter.endWindowAfter(length, System.nanoTime());
      tally.askWindow(length.toNanos() / 1e9);
    }
    scheduleTick();
  }

  /**
   * Ends the current phase's measured window now, before the end set ahead ({@link
   * #endWindowAfter}): the run was stopped early, so the window is not held to the one asked.
   */
  public void endWindowNow() {
    synchronized (this) {
      long now = System.nanoTime();
      cutter.endWindowAt(now, now);
      tally.askWindow(Double.NaN);
    }
    scheduleTick();
  }

  /**
   * Sets the fairness figures of a phase's users (for a run with more than one), named {@code
   * <figure><at>} like the driver's other figures at a sweep point (such as {@code userTxMin
   * users=1000}); a user starved is reported in a warning and the status reason.
   */
  public synchronized void userFairness(String at, String operation, UserFairness.Summary s) {
    tally.userFairness(at, operation, s);
  }

  /**
   * Ends the measured window now, for a driver that stops recording at its run's end while its
   * users finish: the interval so far is reported, and any later one is neither measured nor, if
   * nothing was recorded in it, reported.
   */
  public void endMeasurement() {
    synchronized (this) {
      cut(true, System.nanoTime());
      cutter.endMeasurement();
    }
    deliverLater();
  }

  /**
   * The measured seconds of a phase so far (up to the last cut): the time its operations' rates are
   * computed over, for drivers whose own figures must agree with them.
   */
  public synchronized double measuredSeconds(String phaseName) {
    return tally.measuredSeconds(phaseName);
  }

  /**
   * The successful operations of {@code operation} in each measured interval of phase {@code phase}
   * cut so far, oldest first (0 where it completed none): for a driver that says which stretches of
   * a point went without answers.
   */
  public synchronized List<Long> succeededPerInterval(String phase, String operation) {
    return tally.succeededPerInterval(phase, operation);
  }

  /**
   * Sets the order of the result's totals: the operations named here first, in this order (a
   * workload's known operations, as its descriptor lists them), then any other in the order it
   * first completed. Without it, every operation comes in the order it first completed, which a
   * run's timing decides when several start together.
   */
  public synchronized void orderTotals(List<String> operations) {
    tally.orderTotals(operations);
  }

  /** Sets the parameters (users, sizes) that describe an operation, shown beside its totals. */
  public synchronized void setParameters(String operation, Map<String, String> params) {
    tally.setParameters(operation, params);
  }

  /**
   * Declares that an operation is paced at {@code perSec} (in {@code unit}, such as {@code msg/s}):
   * its achieved rate over its measured window is checked against it when the run ends, and every
   * interval shows the target beside the achieved rate.
   */
  public synchronized void expectRate(String operation, double perSec, String unit) {
    if (perSec > 0) {
      tally.expectRate(operation, perSec, unit);
    }
  }

  /**
   * Sets a paced operation's achieved rate, for a driver that knows it better than the count over
   * the measured window (which may include a drain after the last send).
   */
  public synchronized void setAchievedRate(String operation, double perSec) {
    tally.achievedRate(operation, perSec);
  }

  /**
   * Sets the seconds an operation's rate (and bytes rate) is computed over, for a driver that
   * measures its operations over a window of its own rather than its phase's whole measured time
   * (amqp throughput: from the first message to the last delivery of each iteration, without the
   * connecting and closing around them), so that its rate agrees with the driver's own figures.
   */
  public synchronized void setMeasuredWindow(String operation, double seconds) {
    if (seconds > 0) {
      tally.measuredWindow(operation, seconds);
    }
  }

  /** Sets the share of a target rate that counts as held (default 0.95). */
  public synchronized void setRateTolerance(double tolerance) {
    tally.rateTolerance(tolerance);
  }

  /** Sets the user's pass/fail criteria, checked against the result when the run ends. */
  public synchronized void setCriteria(Criteria criteria) {
    tally.criteria(criteria == null ? Criteria.NONE : criteria);
  }

  /** Sets the CPU cost measured for an operation. */
  public synchronized void setCpuCost(String operation, CpuCost cost) {
    tally.setCpuCost(operation, cost);
  }

  /** Adds a workload-specific figure such as {@code opm} or {@code transfersPerSec}. */
  public synchronized void figure(String name, double value) {
    tally.figure(name, value);
  }

  /**
   * Adds a figure worked out from an operation's totals when the result is built (netperf's latency
   * from the rate), so that it agrees with them exactly; left out if the operation has none.
   */
  public synchronized void derivedFigure(
      String name, String operation, ToDoubleFunction<OperationStats> value) {
    tally.derivedFigure(name, operation, value);
  }

  /** Counts a problem of the given kind, keeping the first message as its example. */
  public synchronized void problem(String kind, long count, String message) {
    tally.problem(kind, count, message);
  }

  /**
   * Sets a problem's count and message, replacing what was counted of it so far: for a driver that
   * sums a problem up in one line (lost connections, reopened or not).
   */
  public synchronized void setProblem(String kind, long count, String message) {
    tally.setProblem(kind, count, message);
  }

  /** Closes the intervals whose ends passed, hands them to the sinks, and waits for the next. */
  private void tick() {
    try {
      long woke = System.nanoTime();
      long due = tickAt;
      synchronized (this) {
        if (finished == null) {
          pending.addAll(cutter.closeDue(System.nanoTime(), this::resultSoFar));
        }
      }
      if (LOG.isDebugEnabled()) {
        LOG.debug(
            "timekeeping woke {} ms late, closing took {} ms",
            (woke - due) / 1_000_000,
            (System.nanoTime() - woke) / 1_000_000);
      }
      deliver();
    } catch (RuntimeException e) {
      LOG.warn("could not report an interval: {}", e.toString());
    }
    synchronized (this) {
      tickAt = Long.MIN_VALUE;
    }
    scheduleTick();
  }

  /** When the timekeeping wakes next, or Long.MIN_VALUE if it is not waiting; guarded by this. */
  private long tickAt = Long.MIN_VALUE;

  /** Wakes the timekeeping at the next end set ahead, unless it already wakes by then. */
  private void scheduleTick() {
    synchronized (this) {
      long next = cutter.nextEndNanos();
      if (finished != null || next == Long.MIN_VALUE) {
        return;
      }
      if (tickAt != Long.MIN_VALUE && tickAt - next <= 0) {
        return;
      }
      tickAt = next;
      try {
        ticker.schedule(this::tick, Math.max(0, next - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (RejectedExecutionException e) {
        // Finishing.
      }
    }
  }

  /** Ends the current interval now and reports it. */
  public void cut() {
    synchronized (this) {
      cut(false, System.nanoTime());
    }
    deliver();
  }

  /**
   * Hands the intervals cut so far to the sinks on the ticker's thread: the caller (a driver that
   * holds its users while it changes phase) does not wait for files to be written.
   */
  private void deliverLater() {
    try {
      ticker.execute(this::deliver);
    } catch (RejectedExecutionException e) {
      // Finishing: finish() hands over what is pending.
    }
  }

  /** Hands every pending interval to the sinks, in order; nothing once the run is finished. */
  private void deliver() {
    synchronized (delivery) {
      while (true) {
        IntervalReport report;
        synchronized (this) {
          if (finished != null) {
            pending.clear();
            return;
          }
          report = pending.poll();
        }
        if (report == null) {
          return;
        }
        for (ResultSink sink : sinks) {
          sinkCalls.call(sink, "interval", () -> sink.interval(report));
        }
        // The sinks are done with its histograms (ResultSink#interval): the next cut reuses them.
        recorder.giveBack(report.snapshots());
      }
    }
  }

  private synchronized RunResult resultSoFar() {
    return tally.result(RunStatus.RUNNING, null);
  }

  /**
   * Ends the current interval at {@code now} and queues it (and any whose end passed) for the
   * sinks. {@code boundary}: a cut at a phase change or the run's end, not at a reporting tick.
   */
  private void cut(boolean boundary, long now) {
    if (finished != null) {
      return;
    }
    pending.addAll(cutter.cut(boundary, now, this::resultSoFar));
  }

  /**
   * Ends the run: reports the last interval, builds the final result and hands it to every sink.
   * Calling it again returns the same result.
   */
  public RunResult finish(RunStatus status, String reason) {
    synchronized (delivery) {
      synchronized (this) {
        return end(status, reason);
      }
    }
  }

  private RunResult end(RunStatus status, String reason) {
    if (finished != null) {
      return finished;
    }
    flush();
    return conclude(status, reason);
  }

  /** Stops the ticker and hands the last interval to the sinks. */
  private void flush() {
    ticker.shutdownNow();
    cut(true, System.nanoTime());
    deliver();
  }

  /** Builds the final result from what was recorded and hands it to every sink. */
  private RunResult conclude(RunStatus status, String reason) {
    if (writeFailure() != null && status != RunStatus.ABORTED) {
      status = RunStatus.FAILED;
      reason = writeFailure();
    }
    monitor.close();
    // Files first, result.json last, then the console: all say what the last file written does.
    tally.generator(monitor.measured(), warnings());
    finished = FinalWrites.write(sinks, sinkCalls, tally.judged(status, reason));
    return finished;
  }

  /** Adds a driver's warning (what taints its figures: a provider's polling receive) to the run. */
  public synchronized void warn(Warning warning) {
    driverWarnings.add(warning);
  }

  private List<Warning> warnings() {
    List<Warning> all = new ArrayList<>(monitor.warnings());
    all.addAll(driverWarnings);
    return all;
  }

  /**
   * Ends the run with the status its control and its figures call for: {@code aborted} if the user
   * stopped it; {@code failed} if a result file could not be written, the driver failed it, any
   * measured operation failed, a paced operation missed its target rate or a criterion failed (the
   * first of these is the reason); {@code ok} otherwise.
   */
  public RunResult finish(RunControl control) {
    synchronized (delivery) {
      synchronized (this) {
        return end(control);
      }
    }
  }

  private RunResult end(RunControl control) {
    if (finished != null) {
      return finished;
    }
    flush();
    if (control.isAborted()) {
      return conclude(RunStatus.ABORTED, control.reason());
    }
    String reason = writeFailure() != null ? writeFailure() : control.reason();
    tally.generator(monitor.measured(), warnings());
    reason = tally.failureReason(reason);
    return conclude(reason == null ? RunStatus.OK : RunStatus.FAILED, reason);
  }

  /** The status reason of a run closed before anyone finished it, with no reason known. */
  public static final String NO_RESULT = "the run ended without a result";

  /** Stops the ticker and closes every sink; finishes the run as failed if nobody did. */
  @Override
  public void close() {
    finish(RunStatus.FAILED, NO_RESULT);
    for (ResultSink sink : sinks) {
      sinkCalls.call(sink, "close", sink::close);
    }
  }
}
