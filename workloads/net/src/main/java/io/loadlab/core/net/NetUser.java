package io.loadlab.core.net;

import io.loadlab.core.failure.UnreachableTargetException;
import io.loadlab.core.record.OperationRecorder;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.record.UserFairness;
import java.io.IOException;

/**
 * One simulated user of a sweep point: a thread that runs transactions back to back (or on a
 * schedule, with a target rate) until its point is stopped, and records each one.
 */
final class NetUser implements Runnable {
  private final NetSettings settings;
  private final NetPoint point;
  private final NetPointState state;
  private final OperationRecorder op;
  private final Recorder recorder;
  private final Pacer pacer;
  private final UserFairness.User fairness;
  private volatile NetConnection connection;

  /**
   * @param firstOffsetNanos when the first transaction is due after the start (with a target rate)
   * @param periodNanos the time between this user's transactions, or 0 for back to back
   */
  NetUser(
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
  public void run() {
    recorder.userStarted();
    try {
      if (point.workload() != NetWorkload.CRR) {
        connection = connect(); // before the start: setting up is not part of the measurement
      }
      state.ready();
      state.awaitGo();
      pacer.begin();
      fairness.begin(state.goNanos());
      if (point.workload() == NetWorkload.CRR) {
        runConnectPerTransaction();
      } else {
        runPersistent();
      }
    } finally {
      recorder.userStopped();
    }
  }

  /** Closes the connection from another thread, to free a user stuck on a dead peer. */
  void forceClose() {
    NetConnection c = connection;
    if (c != null) {
      try {
        c.abort();
      } catch (IOException e) {
        // nothing left to do
      }
    }
  }

  private void runPersistent() {
    int req = point.request();
    int resp = point.response();
    long onConnection = 0;
    try {
      while (!state.isStopped()) {
        NetConnection c = connection;
        if (c == null) {
          c = connect();
          if (c == null) {
            continue;
          }
          connection = c;
          onConnection = 0;
          pacer.resync(); // setting up is not a transaction's latency
        }
        long start = pacer.startTime();
        if (state.isStopped()) {
          break;
        }
        long issued = System.nanoTime();
        try {
          if (resp == 0) {
            c.send(req);
          } else {
            c.transact(req, resp);
          }
          long end = System.nanoTime();
          op.success(end - start, req, resp);
          fairness.completed(pacer.due(start), issued, end);
          state.served();
          onConnection++;
        } catch (IOException e) {
          if (state.isStopped()) {
            break;
          }
          op.failure(System.nanoTime() - start, kind(e));
          closeQuietly(c);
          connection = null;
          pacer.pause();
        }
      }
    } finally {
      NetConnection c = connection;
      if (c != null) {
        verify(c, onConnection);
        closeQuietly(c);
        connection = null;
      }
    }
  }

  private void runConnectPerTransaction() {
    int req = point.request();
    int resp = point.response();
    while (!state.isStopped()) {
      long start = pacer.startTime();
      if (state.isStopped()) {
        break;
      }
      long connectStart = System.nanoTime();
      long connected = connectStart;
      try (NetConnection c = open()) {
        connection = c;
        connected = System.nanoTime();
        c.transactAndClose(req, resp);
        long end = System.nanoTime();
        op.success(end - start, connected - connectStart, req, resp);
        fairness.completed(pacer.due(start), connectStart, end);
        state.served();
      } catch (IOException | UnreachableTargetException e) {
        if (state.isStopped()) {
          break;
        }
        op.failure(System.nanoTime() - start, kind(e));
        pacer.pause();
      } finally {
        connection = null;
      }
    }
  }

  /** Asks the server how many transactions it served on this connection and compares. */
  private void verify(NetConnection c, long counted) {
    try {
      long served = c.serverStats().connectionTransactions();
      if (served != counted) {
        state.lost(
            Math.abs(counted - served),
            "client counted " + counted + ", server served " + served + " on one connection");
      }
    } catch (IOException e) {
      // the connection was broken or force-closed: its failures are already recorded
    }
  }

  private NetConnection connect() {
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

  private NetConnection open() throws IOException {
    return NetConnection.open(
        settings.host(), settings.port(), settings.socket(), settings.connectTimeout());
  }

  static String kind(Exception e) {
    Throwable t =
        e instanceof UnreachableTargetException && e.getCause() != null ? e.getCause() : e;
    return t.getClass().getSimpleName();
  }

  private static void closeQuietly(NetConnection c) {
    try {
      c.close();
    } catch (IOException e) {
      // nothing left to do
    }
  }
}
