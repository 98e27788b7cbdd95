package io.loadlab.core.net;

import io.loadlab.core.failure.UnreachableTargetException;
import io.loadlab.core.record.OperationRecorder;
import io.loadlab.core.record.Recorder;
import java.io.IOException;

/**
 * One simulated user of a TCP sweep point: rr and stream on a connection of its own (a new one
 * after a failure), crr connecting per transaction.
 */
final class NetUser extends PointUser<NetConnection> {
  NetUser(
      NetSettings settings,
      NetPoint point,
      NetPointState state,
      OperationRecorder op,
      Recorder recorder,
      int index,
      long firstOffsetNanos,
      long periodNanos) {
    super(settings, point, state, op, recorder, index, firstOffsetNanos, periodNanos);
  }

  @Override
  void runUser() {
    if (point.workload() != NetWorkload.CRR) {
      connection = tryOpen(); // before the start: setting up is not part of the measurement
    }
    awaitStart();
    if (point.workload() == NetWorkload.CRR) {
      runConnectPerTransaction();
    } else {
      runPersistent();
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
          c = tryOpen();
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
          completed(start, issued, req, resp);
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

  @Override
  NetConnection open() throws IOException {
    return NetConnection.open(
        settings.host(), settings.port(), settings.socket(), settings.connectTimeout());
  }
}
