package io.loadlab.core.net;

import io.loadlab.core.failure.UnreachableTargetException;
import io.loadlab.core.record.OperationRecorder;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.record.UserFairness;
import java.io.IOException;

/**
 * One simulated user of a sweep point, over TCP ({@link NetUser}) or UDP ({@link UdpUser}): a
 * thread that opens its connection, waits for the point's start, runs transactions back to back (or
 * on a schedule, with a target rate) until the point is stopped, and records each one.
 *
 * @param <C> its connection
 */
abstract class PointUser<C extends PointUser.Endpoint> implements Runnable {
  /** A user's connection: closed at its end, aborted from another thread to free a stuck user. */
  interface Endpoint extends AutoCloseable {
    /** Closes at once, from any thread. */
    void abort() throws IOException;

    @Override
    void close() throws IOException;
  }

  final NetSettings settings;
  final NetPoint point;
  final NetPointState state;
  final OperationRecorder op;
  final Pacer pacer;
  final UserFairness.User fairness;
  private final Recorder recorder;

  /** The connection open now, for {@link #forceClose}; null if none. */
  volatile C connection;

  /**
   * @param firstOffsetNanos when the first transaction is due after the start (with a target rate)
   * @param periodNanos the time between this user's transactions, or 0 for back to back
   */
  PointUser(
      NetSettings settings,
      NetPoint point,
      NetPointState state,
      OperationRecorder op,
      Recorder recorder,
      int index,
      long firstOffsetNanos,
      long periodNanos) {
    this.settings = settings;
    this.point = point;
    this.state = state;
    this.op = op;
    this.recorder = recorder;
    this.pacer = new Pacer(state, firstOffsetNanos, periodNanos);
    this.fairness = state.fairness().user(index);
  }

  @Override
  public final void run() {
    recorder.userStarted();
    try {
      runUser();
    } finally {
      recorder.userStopped();
    }
  }

  /** Runs the user: its connection, its start ({@link #awaitStart}) and its transactions. */
  abstract void runUser();

  /** Opens a new connection to the server. */
  abstract C open() throws IOException;

  /** Tells the point this user is ready, waits for its start, and begins the schedule then. */
  final void awaitStart() {
    state.ready();
    state.awaitGo();
    pacer.begin();
    fairness.begin(state.goNanos());
  }

  /**
   * Records a transaction that just completed: due at {@code start} (its latency is from then),
   * issued at {@code issued}.
   */
  final void completed(long start, long issued, int requestBytes, int responseBytes) {
    long end = System.nanoTime();
    op.success(end - start, requestBytes, responseBytes);
    fairness.completed(pacer.due(start), issued, end);
    state.served();
  }

  /**
   * Opens a connection ({@link #open}); one that fails is recorded as a failed operation, unless
   * the point is stopped, and the schedule pauses.
   *
   * @return the connection, or null if it failed
   */
  final C tryOpen() {
    long start = System.nanoTime();
    try {
      return open();
    } catch (IOException | UnreachableTargetException e) {
      if (!state.isStopped()) {
        op.failure(System.nanoTime() - start, kind(e));
        pacer.pause();
      }
      return null;
    }
  }

  /** Closes the connection from another thread, to free a user stuck on a dead peer. */
  final void forceClose() {
    C c = connection;
    if (c != null) {
      try {
        c.abort();
      } catch (IOException e) {
        // nothing left to do
      }
    }
  }

  /**
   * The kind of a failure as results count it: the exception's class, the cause's if unreachable.
   */
  static String kind(Exception e) {
    Throwable t =
        e instanceof UnreachableTargetException && e.getCause() != null ? e.getCause() : e;
    return t.getClass().getSimpleName();
  }

  static void closeQuietly(Endpoint c) {
    try {
      c.close();
    } catch (IOException e) {
      // nothing left to do
    }
  }
}
