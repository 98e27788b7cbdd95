package io.loadlab.core.net;

import io.loadlab.core.failure.UnreachableTargetException;
import io.loadlab.core.record.OperationRecorder;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.record.UserFairness;
import java.io.IOException;

/**
 * One simulated user of a UDP sweep point: request/response transactions (UDP_RR) whose lost ones
 * are counted, never timed, or one-way datagrams (UDP_STREAM), on its own socket until the point is
 * stopped; then it asks the server what arrived from that socket.
 */
final class UdpUser implements Runnable {
  private final NetSettings settings;
  private final NetPoint point;
  private final NetPointState state;
  private final OperationRecorder op;
  private final Recorder recorder;
  private final Pacer pacer;
  private final UserFairness.User fairness;
  private volatile UdpConnection connection;

  UdpUser(
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
    UdpConnection c = null;
    long sent = 0;
    long answered = 0;
    try {
      c = open(); // before the start: setting up is not part of the measurement
      connection = c;
      state.ready();
      state.awaitGo();
      pacer.begin();
      fairness.begin(state.goNanos());
      boolean rr = point.workload() == NetWorkload.RR;
      int req = point.request();
      int resp = point.response();
      while (!state.isStopped()) {
        if (c == null) {
          c = open();
          connection = c;
          if (c == null) {
            continue;
          }
          pacer.resync();
        }
        long start = pacer.startTime();
        if (state.isStopped()) {
          break;
        }
        long issued = System.nanoTime();
        try {
          if (rr) {
            sent++;
            if (c.transact(req, resp)) {
              long end = System.nanoTime();
              op.success(end - start, req, resp);
              fairness.completed(pacer.due(start), issued, end);
              state.served();
              answered++;
            } else if ("port unreachable".equals(c.lastLoss())) {
              pacer.pause(); // nobody listens: do not flood the peer with requests
            } else {
              pacer.resync(); // the wait for a lost answer is not the next one's latency
            }
          } else {
            c.send(req);
            sent++;
            long end = System.nanoTime();
            op.success(end - start, req, 0);
            fairness.completed(pacer.due(start), issued, end);
            state.served();
          }
        } catch (IOException e) {
          if (state.isStopped()) {
            break;
          }
          op.failure(System.nanoTime() - start, NetUser.kind(e));
          pacer.pause();
        }
      }
    } finally {
      if (c != null) {
        account(c, rr(), sent, answered);
        closeQuietly(c);
      }
      connection = null;
      recorder.userStopped();
    }
  }

  private boolean rr() {
    return point.workload() == NetWorkload.RR;
  }

  /** Closes the socket from another thread, to free a user stuck in a send. */
  void forceClose() {
    UdpConnection c = connection;
    if (c != null) {
      try {
        c.abort();
      } catch (IOException e) {
        // nothing left to do
      }
    }
  }

  /** Adds this socket's counts to the point's, with what the server received from it. */
  private void account(UdpConnection c, boolean rr, long sent, long answered) {
    UdpTally t = state.udp();
    t.sent.add(sent);
    t.late.add(c.late());
    t.loss(c.lastLoss());
    if ("port unreachable".equals(c.lastLoss())) {
      t.portUnreachable.increment();
    }
    long received;
    try {
      UdpFlowStats s = c.flowStats();
      received = s.received();
      t.serverReceived.add(received);
      t.reordered.add(s.reordered());
    } catch (java.nio.channels.ClosedChannelException e) {
      t.closedHere.increment(); // closed on this side: says nothing of the server
      t.lost.add(rr ? c.lost() : 0);
      return;
    } catch (IOException e) {
      if (e instanceof java.net.PortUnreachableException
          || "port unreachable".equals(c.lastLoss())) {
        t.portUnreachable.increment();
      }
      t.unanswered.increment();
      t.lost.add(rr ? c.lost() : 0);
      return;
    }
    if (rr) {
      t.lost.add(c.lost());
      // The server answered every request it received; the client may have missed some answers
      // (lost on the way back), never got more than were sent.
      if (received < answered || received - answered > c.lost()) {
        state.lost(
            Math.abs(received - answered),
            "client got "
                + answered
                + " answers and lost "
                + c.lost()
                + ", server answered "
                + received
                + " on one socket");
      }
    } else {
      long lost = sent - received;
      if (lost < 0) {
        state.lost(-lost, "server received " + received + " of " + sent + " datagrams sent");
      } else if (lost > 0) {
        t.lost.add(lost);
        t.loss("the server received " + received + " of " + sent + " datagrams");
      }
    }
  }

  private UdpConnection open() {
    long start = System.nanoTime();
    try {
      return UdpConnection.open(
          settings.host(), settings.port(), settings.socket(), settings.udpTimeout());
    } catch (IOException | UnreachableTargetException e) {
      if (!state.isStopped()) {
        op.failure(System.nanoTime() - start, NetUser.kind(e));
        pacer.pause();
      }
      return null;
    }
  }

  private static void closeQuietly(UdpConnection c) {
    try {
      c.close();
    } catch (IOException e) {
      // nothing left to do
    }
  }
}
