package io.loadlab.core.ds2.workload;

import io.loadlab.core.database.SqlStates;
import io.loadlab.core.ds2.Ds2BrowseResult;
import io.loadlab.core.ds2.Ds2OrderResult;
import io.loadlab.core.ds2.Ds2PurchaseResult;
import io.loadlab.core.ds2.Ds2Step;
import io.loadlab.core.ds2.Ds2StepException;
import io.loadlab.core.ds2.Ds2StepListener;
import io.loadlab.core.ds2.Ds2Transactions;
import io.loadlab.core.ds2.Ds2UserSession;
import io.loadlab.core.record.OperationRecorder;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.record.UserFairness;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.SplittableRandom;

/**
 * One DS2 user: a thread with its own connection that runs user sessions back to back, with think
 * time between them, until the run stops. A lost connection is reopened with backoff and the outage
 * reported; other SQL errors are counted by SQLSTATE and the user goes on with its next session
 * (DS2's driver would end the thread instead).
 *
 * <p>Every record (a step, a failure, a whole order with its purchase) goes into the recorder and
 * the counters together under the run's window lock, so a phase change (end of warmup, end of run)
 * never splits one: figures and operation totals count the same things. After the run's end nothing
 * more is recorded.
 */
final class Ds2User implements Runnable {
  private static final long MAX_BACKOFF_MS = 5_000;

  private final Ds2Driver.Run run;
  private final Ds2TargetState target;
  private final long startDelayNanos;
  private final SplittableRandom rng;
  private final OperationRecorder[] stepOps;
  private final OperationRecorder rollbackOp;
  private final OperationRecorder totalOrderOp;
  private final UserFairness.User fairness;

  /** When the next session is due after a think pause, or Long.MIN_VALUE: at once. */
  private long dueNanos = Long.MIN_VALUE;

  Ds2User(Ds2Driver.Run run, Ds2TargetState target, int index, long startDelayNanos) {
    this.run = run;
    this.target = target;
    this.startDelayNanos = startDelayNanos;
    this.rng = new SplittableRandom(run.settings.seed() * 1_000_003L + index);
    Recorder recorder = run.recorder;
    this.stepOps = new OperationRecorder[Ds2Step.values().length];
    for (Ds2Step s : Ds2Step.values()) {
      stepOps[s.ordinal()] = recorder.operation(s.operation());
    }
    this.rollbackOp = recorder.operation(Ds2Driver.OP_ROLLBACK);
    this.totalOrderOp = recorder.operation(Ds2Driver.OP_ORDER);
    this.fairness = run.fairness.user(index);
  }

  @Override
  public void run() {
    if (!run.sleep(startDelayNanos)) {
      return;
    }
    run.recorder.userStarted();
    Connection c = null;
    Ds2Transactions tx = null;
    try {
      c = connect(null);
      fairness.begin(System.nanoTime());
      while (c != null && !run.stopping()) {
        tx =
            new Ds2Transactions(
                c,
                target.target.dialect(),
                run.settings.compatTitleSearch(),
                run.settings.modeOf(target.target));
        Ds2UserSession session =
            new Ds2UserSession(tx, run.settings.mix(), run.settings.size(), rng, target.terms);
        Connection lost = loop(c, session);
        tx.close();
        tx = null;
        if (lost == null) {
          break;
        }
        closeQuietly(lost);
        c = connect(lost);
      }
    } finally {
      if (tx != null) {
        tx.close();
      }
      closeQuietly(c);
      run.recorder.userStopped();
    }
  }

  /** When the last step succeeded ({@link System#nanoTime()}), 0 before the first. */
  private long lastSuccessNanos;

  /** The purchase of the session under way, recorded with its order. */
  private long purchaseNanos;

  private Ds2PurchaseResult purchase;

  /**
   * How many sessions {@link #sessions} runs per call. A virtual thread's frames are copied to the
   * heap each time it waits for the database and back when it resumes, on a fast path only while
   * none of them is interpreted. {@link #loop} is entered once per connection, so the JIT hardly
   * ever compiles it; were each session called from it, every session would return into an
   * interpreted frame and every wait would take the slow path (a tenth of the client's CPU at 20
   * users on Java 25). {@link #sessions}, called every few sessions, is compiled within seconds.
   */
  static final int SESSIONS_PER_CALL = 16;

  private static final int MORE = 0;
  private static final int STOPPED = 1;
  private static final int LOST = 2;

  /** Runs sessions until the run stops (returns null) or the connection is lost (returns it). */
  private Connection loop(Connection c, Ds2UserSession session) {
    Ds2StepListener listener = this::stepDone;
    while (true) {
      int state = sessions(c, session, listener);
      if (state == STOPPED) {
        return null;
      }
      if (state == LOST) {
        return c;
      }
    }
  }

  /**
   * Runs up to {@value #SESSIONS_PER_CALL} sessions: {@link #MORE} after them, {@link #STOPPED}
   * once the run stops, {@link #LOST} when the connection is lost.
   */
  private int sessions(Connection c, Ds2UserSession session, Ds2StepListener listener) {
    for (int i = 0; i < SESSIONS_PER_CALL; i++) {
      if (run.stopping()) {
        return STOPPED;
      }
      purchase = null;
      try {
        Ds2OrderResult r = session.run(listener);
        orderDone(r);
      } catch (Ds2StepException e) {
        SQLException cause = e.sqlException();
        String kind = SqlStates.kind(cause);
        failed(e, kind);
        if (SqlStates.isConnectionLost(cause) || !isValid(c)) {
          target.counters.outages.increment();
          run.connectionLost(target, kind, cause);
          return LOST;
        }
        run.error(target, e);
      }
      long think = run.settings.thinkTime().toNanos();
      if (think > 0) {
        long pause = (long) (rng.nextDouble() * 2 * think);
        dueNanos = System.nanoTime() + pause;
        if (!run.sleep(pause)) {
          return STOPPED;
        }
      }
    }
    return MORE;
  }

  private void orderDone(Ds2OrderResult r) {
    target.sinceStart.orders.increment();
    if (r.rolledBack()) {
      target.sinceStart.rollbacks.increment();
    }
    long end = System.nanoTime();
    run.window.readLock().lock();
    try {
      if (run.outsideWindow()) {
        return;
      }
      // The session was ready once its think pause ended (or the last one completed).
      fairness.completed(dueNanos, end - r.nanos(), end);
      dueNanos = Long.MIN_VALUE;
      if (purchase != null && purchase.rolledBack()) {
        rollbackOp.success(purchaseNanos);
      } else {
        stepOps[Ds2Step.PURCHASE.ordinal()].success(purchaseNanos);
      }
      totalOrderOp.success(r.nanos());
      if (target.orderOp != null) {
        target.orderOp.success(r.nanos());
      }
      Ds2Counters now = target.counters;
      now.step(Ds2Step.PURCHASE, purchaseNanos);
      now.orders.increment();
      now.orderNanos.add(r.nanos());
      now.retries.add(r.retries());
      if (r.rolledBack()) {
        now.rollbacks.increment();
      }
    } finally {
      run.window.readLock().unlock();
    }
  }

  private void failed(Ds2StepException e, String kind) {
    run.window.readLock().lock();
    try {
      if (!run.outsideWindow()) {
        // Every failed operation is an error, as the run's status counts them.
        stepOps[e.step().ordinal()].failure(e.nanos(), kind);
        target.counters.errors.increment();
      }
    } finally {
      run.window.readLock().unlock();
    }
  }

  private void stepDone(Ds2Step step, long nanos, Record outcome) {
    lastSuccessNanos = System.nanoTime();
    if (step == Ds2Step.PURCHASE) {
      // Recorded with its order, so that orders and purchases fall in the same window.
      purchaseNanos = nanos;
      purchase = (Ds2PurchaseResult) outcome;
      return;
    }
    run.window.readLock().lock();
    try {
      if (run.outsideWindow()) {
        return;
      }
      stepOps[step.ordinal()].success(nanos);
      Ds2Counters now = target.counters;
      now.step(step, nanos);
      if (outcome instanceof Ds2BrowseResult b) {
        now.search(b);
      }
    } finally {
      run.window.readLock().unlock();
    }
  }

  /**
   * Opens the connection, retrying with backoff (100 ms doubling to 5 s) until it works or the run
   * stops; after an outage, reports how long the target was unreachable.
   */
  private Connection connect(Connection lost) {
    // An outage starts when the target last answered, not when its loss was noticed (a statement
    // on a dead connection can hang for seconds first).
    long t0 = lost != null && lastSuccessNanos != 0 ? lastSuccessNanos : System.nanoTime();
    long backoff = 100;
    SQLException last = null;
    while (!run.stopping()) {
      try {
        Connection c = target.target.open();
        if (lost != null || last != null) {
          run.reconnected(target, System.nanoTime() - t0, lost != null);
        }
        return c;
      } catch (SQLException e) {
        last = e;
        if (!run.sleep(backoff * 1_000_000L)) {
          break;
        }
        backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
      }
    }
    if (lost != null || last != null) {
      run.notReconnected(target, t0, lost != null, last);
    }
    return null;
  }

  private static boolean isValid(Connection c) {
    try {
      return c.isValid(2);
    } catch (SQLException e) {
      return false;
    }
  }

  private static void closeQuietly(Connection c) {
    if (c != null) {
      try {
        c.close();
      } catch (SQLException e) {
        // going away anyway
      }
    }
  }
}
