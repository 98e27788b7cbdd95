package io.loadlab.core.ds2.workload;

import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.ds2.Ds2Mode;
import io.loadlab.core.ds2.Ds2SearchTerms;
import io.loadlab.core.ds2.Ds2Step;
import io.loadlab.core.ds2.Ds2StepException;
import io.loadlab.core.ds2.load.Ds2Check;
import io.loadlab.core.ds2.schema.Ds2Functions;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.record.UserFairness;
import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.core.run.RunTiming;
import io.loadlab.core.util.Secrets;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;

/**
 * Runs the DS2 workload: {@code threads} users per target, started at {@code rampRate} users per
 * second, each running user sessions back to back on its own connection. It first checks every
 * target against the size (and refuses a mismatch), warms up, then measures for the run time;
 * statistics reset at the end of the warmup as in DS2. Searches use words sampled from each
 * target's products ({@link Ds2SearchTerms}), so they find products in any DS2-shaped database.
 * Every interval it prints a DS2-style progress line; at the end it adds figures ({@code opm},
 * per-target opm, rollbacks, retries, search hit rates) and a DS2-style final line.
 *
 * <p>One measured window serves every figure: from the end of the warmup to the end of the run
 * time, ended by this driver under the window lock (so that every figure and the operations' totals
 * count the same orders; a window set ahead by the run's clock, as net's, is left to do: the users
 * cannot tell which interval the recorder files a record in). Operation totals, {@code orders},
 * {@code opm} and {@code rollbacks} count what completed in it (an order together with its
 * purchase); sessions still running at the end finish but are not counted, except in {@code
 * ordersFromStart}, which like DS2's {@code n_purchase_from_start} counts every order the database
 * received. With more than one user, the users' fairness figures (orders per user, the longest wait
 * to be run) are reported as net's are.
 *
 * <p>Operations: {@code login}, {@code new customer}, {@code browse}, {@code purchase}, {@code
 * purchase rollback} (too little stock, not an error) and {@code order} (a whole session, DS2's
 * {@code rt_tot}); with several targets also {@code order <target>}.
 */
public final class Ds2Driver {
  /** The operation of a whole user session. */
  public static final String OP_ORDER = "order";

  /** The operation of a purchase rolled back for lack of stock. */
  public static final String OP_ROLLBACK = "purchase rollback";

  /** The name of the measured phase in the results. */
  static final String MEASURED_PHASE = "ds2";

  private final Consumer<String> progress;

  /**
   * @param progress where DS2-style progress lines and the final line go
   */
  public Ds2Driver(Consumer<String> progress) {
    this.progress = progress;
  }

  /** Runs the workload until the run time is over or the run is stopped. */
  public void run(
      Ds2RunSettings settings, RunTiming timing, RunRecording recording, RunControl control)
      throws InterruptedException {
    verifyTargets(settings, progress);
    Run run = new Run(settings, recording, control);
    run.execute(timing);
  }

  /**
   * Connects to every target and, unless told not to, checks it holds the size's data; where the
   * steps go as functions, creates loadlab's functions if the database lacks them.
   *
   * @throws UsageException if a database does not match the size
   * @throws io.loadlab.core.failure.UnreachableTargetException if one cannot be reached
   */
  public static void verifyTargets(Ds2RunSettings settings) {
    verifyTargets(settings, line -> {});
  }

  /**
   * As {@link #verifyTargets(Ds2RunSettings)}, saying on {@code log} where it created functions.
   */
  public static void verifyTargets(Ds2RunSettings settings, Consumer<String> log) {
    for (DatabaseTarget t : settings.targets()) {
      verify(t, settings, log);
    }
  }

  private static void verify(DatabaseTarget t, Ds2RunSettings settings, Consumer<String> log) {
    try (Connection c = t.connect()) {
      if (settings.checkSize()) {
        Ds2Check.Report report = Ds2Check.check(c, settings.size());
        if (!report.ok()) {
          throw new UsageException(report.describe(t, settings.size()));
        }
      }
      if (settings.modeOf(t) == Ds2Mode.FUNCTIONS && Ds2Functions.ensure(c)) {
        log.accept(
            "created loadlab's DS2 functions in "
                + t.displayUrl()
                + (Ds2Functions.hasDvdStoreFunctions(c)
                    ? " (beside DVD Store's own, which stay untouched and unused)"
                    : ""));
      }
    } catch (SQLException e) {
      throw t.explain(e);
    }
  }

  /** One run's shared state, seen by every user. */
  final class Run {
    final Ds2RunSettings settings;
    final RunRecording recording;
    final Recorder recorder;
    final RunControl control;
    final List<Ds2TargetState> targets = new ArrayList<>();
    private final CountDownLatch stop = new CountDownLatch(1);
    private volatile boolean stopping;
    private volatile long resetNanos;
    private volatile boolean warm;
    private final long startNanos = System.nanoTime();
    private final Ds2ProgressLines lines = new Ds2ProgressLines(progress);
    private final Ds2Outages outages = new Ds2Outages();

    /**
     * Held (read) while a user records; taken (write) to change phase, so no record is split by the
     * end of the warmup or of the run. Fair: with a thousand users recording, a non-fair lock let
     * readers barge in ahead of the waiting writer, and a 5 s warmup was still not over after 15
     * minutes.
     */
    final ReentrantReadWriteLock window = new ReentrantReadWriteLock(true);

    /** True once the measured window is over: users record nothing more. */
    volatile boolean ended;

    /** Each user's orders and waits to be run, over the measured window. */
    final UserFairness fairness;

    Run(Ds2RunSettings settings, RunRecording recording, RunControl control) {
      this.settings = settings;
      this.recording = recording;
      this.recorder = recording.recorder();
      this.control = control;
      this.fairness = new UserFairness(settings.threads() * settings.targets().size());
      boolean several = settings.targets().size() > 1;
      int i = 1;
      for (DatabaseTarget t : settings.targets()) {
        String name = several ? "t" + i + " " + t.shortName() : t.shortName();
        Ds2SearchTerms terms = searchTerms(t, settings.seed());
        progress.accept("search words of " + name + ": " + terms.describe());
        targets.add(
            new Ds2TargetState(
                t, name, several ? recorder.operation(OP_ORDER + " " + name) : null, terms));
        i++;
      }
    }

    private static Ds2SearchTerms searchTerms(DatabaseTarget t, long seed) {
      try (Connection c = t.connect()) {
        return Ds2SearchTerms.sample(c, t.dialect(), Ds2SearchTerms.DEFAULT_SAMPLE, seed);
      } catch (SQLException e) {
        throw t.explain(e);
      }
    }

    void execute(RunTiming timing) throws InterruptedException {
      Map<String, String> params = new LinkedHashMap<>();
      params.put("threads", Integer.toString(settings.threads()));
      params.put("targets", Integer.toString(settings.targets().size()));
      params.put("db-size", settings.size().name());
      params.put("user threads", settings.userThreads().resolved().label());
      params.put("mode", settings.modeLabel());
      for (Ds2Step s : Ds2Step.values()) {
        recording.setParameters(s.operation(), params);
      }
      recording.setParameters(OP_ORDER, params);
      // The compilers too: on a small machine they change the client's CPU per order.
      String jit = EnvironmentInfo.currentJit();
      progress.accept(
          settings.userThreads().describe(settings.threads() * targets.size())
              + (jit == null ? "" : "; JIT: " + jit)
              + "; steps as "
              + settings.modeLabel());
      Map<String, String> browse = new LinkedHashMap<>(params);
      browse.put("search words", targets.get(0).terms.describe());
      recording.setParameters(Ds2Step.BROWSE.operation(), browse);
      boolean warmup = !timing.warmup().isZero();
      recording.beginPhase(warmup ? "warmup" : MEASURED_PHASE, warmup);
      warm = !warmup;
      resetNanos = System.nanoTime();
      if (!warmup) {
        setWindow(timing);
      }
      List<Thread> threads = new ArrayList<>();
      int index = 0;
      for (Ds2TargetState t : targets) {
        for (int k = 0; k < settings.threads(); k++) {
          long delay = (long) (k / settings.rampRate() * 1e9);
          Thread th =
              settings
                  .userThreads()
                  .newThread(new Ds2User(this, t, index++, delay), "ds2-user-" + index);
          threads.add(th);
          th.start();
        }
      }
      ScheduledExecutorService ticker =
          Executors.newSingleThreadScheduledExecutor(
              r -> {
                Thread th = new Thread(r, "ds2-progress");
                th.setDaemon(true);
                return th;
              });
      long every = timing.interval().toMillis();
      ticker.scheduleAtFixedRate(this::tick, every, every, TimeUnit.MILLISECONDS);
      try {
        if (warmup && control.sleep(timing.warmup())) {
          window.writeLock().lock();
          try {
            recording.beginPhase(MEASURED_PHASE, false);
            for (Ds2TargetState t : targets) {
              t.counters = new Ds2Counters();
            }
            resetNanos = System.nanoTime();
            setWindow(timing);
            warm = true;
          } finally {
            window.writeLock().unlock();
          }
          progress.accept("Stats reset (end of warmup)");
        }
        if (!control.isStopped()) {
          Duration d = timing.duration().isZero() ? Duration.ofDays(3650) : timing.duration();
          control.sleep(d);
        }
      } finally {
        long endNanos;
        window.writeLock().lock();
        try {
          endNanos = System.nanoTime();
          ended = true;
          fairness.endBy(endNanos);
          recording.endMeasurement();
        } finally {
          window.writeLock().unlock();
        }
        stopping = true;
        stop.countDown();
        ticker.shutdownNow();
        for (Thread th : threads) {
          th.join(30_000);
        }
        finish(endNanos);
      }
    }

    /** Opens the users' fairness window now (the measured phase just began). */
    private void setWindow(RunTiming timing) {
      long now = System.nanoTime();
      Duration d = timing.duration().isZero() ? Duration.ofDays(3650) : timing.duration();
      fairness.window(now, now + d.toNanos());
    }

    /** Whether the measured window is over. Called under the window's read lock. */
    boolean outsideWindow() {
      return ended;
    }

    boolean stopping() {
      return stopping || control.isStopped();
    }

    /** Sleeps up to {@code nanos}; false if the run stopped meanwhile. */
    boolean sleep(long nanos) {
      if (nanos <= 0) {
        return !stopping();
      }
      try {
        return !stop.await(nanos, TimeUnit.NANOSECONDS) && !stopping();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }

    void connectionLost(Ds2TargetState t, String kind, SQLException e) {
      progress.accept(
          "connection to "
              + t.name
              + " lost ("
              + kind
              + ": "
              + Secrets.mask(Ds2ProgressLines.firstLine(e.getMessage()))
              + "); reconnecting");
    }

    void reconnected(Ds2TargetState t, long outageNanos, boolean wasLost) {
      outages.reopened(t.name, outageNanos / 1e9, wasLost);
      recording.setProblem(Ds2Outages.KIND, outages.count(), outages.summary(System.nanoTime()));
      progress.accept(
          String.format(
              Locale.ROOT,
              "connection to %s %s after %.1f s",
              t.name,
              wasLost ? "lost and reopened" : "opened",
              outageNanos / 1e9));
    }

    /**
     * A connection down since {@code sinceNanos} was not reopened ({@code wasLost}) or opened
     * before the end; {@code e} is the last attempt's error, or null if the run ended before one.
     */
    void notReconnected(Ds2TargetState t, long sinceNanos, boolean wasLost, SQLException e) {
      outages.neverReopened(
          t.name,
          sinceNanos,
          wasLost,
          e == null ? null : Secrets.mask(Ds2ProgressLines.firstLine(e.getMessage())));
    }

    void error(Ds2TargetState t, Ds2StepException e) {
      lines.error(t, e);
    }

    private void tick() {
      try {
        lines.tick(targets, (System.nanoTime() - resetNanos) / 1e9, warm);
      } catch (RuntimeException e) {
        // never let a progress line stop the ticker
      }
    }

    private void finish(long endNanos) {
      if (outages.count() > 0) {
        // Every user has stopped: the line says which connections never came back, for how long.
        String line = outages.summary(endNanos);
        recording.setProblem(Ds2Outages.KIND, outages.count(), line);
        if (line.contains(" never ")) {
          progress.accept(line);
        }
        // An outage that took more than a tenth of the run is why the run failed, whatever else
        // failed with it: the figures measured a database that was mostly not there.
        String longOutage = outages.longOutage(endNanos, (endNanos - startNanos) / 1e9);
        if (longOutage != null && !control.isAborted()) {
          control.fail(longOutage);
        }
      }
      // The recording's own measured window, so that opm and the operations' rates agree.
      double seconds = recording.measuredSeconds(MEASURED_PHASE);
      if (!(seconds > 0)) {
        seconds = Math.max(1e-9, (endNanos - resetNanos) / 1e9);
      }
      if (!warm) {
        progress.accept("the run stopped during the warmup: no figures");
        return;
      }
      recording.userFairness("", OP_ORDER, fairness.summary());
      Ds2FinalReport.write(recording, settings, targets, seconds, progress);
    }
  }
}
