package io.loadlab.core.net;

import io.loadlab.core.record.OperationRecorder;
import io.loadlab.core.record.Recorder;
import java.io.IOException;

/**
 * One simulated user of a UDP sweep point: request/response transactions (UDP_RR) whose lost ones
 * are counted, never timed, or one-way datagrams (UDP_STREAM), on its own socket until the point is
 * stopped; then it asks the server what arrived from that socket.
 */
final class UdpUser extends PointUser<UdpConnection> {
  UdpUser(
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
    UdpConnection c = null;
    long sent = 0;
    long answered = 0;
    try {
      c = tryOpen(); // before the start: setting up is not part of the measurement
      connection = c;
      awaitStart();
      boolean rr = point.workload() == NetWorkload.RR;
      int req = point.request();
      int resp = point.response();
      while (!state.isStopped()) {
        if (c == null) {
          c = tryOpen();
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
              completed(start, issued, req, resp);
              answered++;
            } else if ("port unreachable".equals(c.lastLoss())) {
              pacer.pause(); // nobody listens: do not flood the peer with requests
            } else {
              pacer.resync(); // the wait for a lost answer is not the next one's latency
            }
          } else {
            c.send(req);
            sent++;
            completed(start, issued, req, 0);
          }
        } catch (IOException e) {
          if (state.isStopped()) {
            break;
          }
          op.failure(System.nanoTime() - start, kind(e));
          pacer.pause();
        }
      }
    } finally {
      if (c != null) {
        account(c, rr(), sent, answered);
        closeQuietly(c);
      }
      connection = null;
    }
  }

  private boolean rr() {
    return point.workload() == NetWorkload.RR;
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

  @Override
  UdpConnection open() throws IOException {
    return UdpConnection.open(
        settings.host(), settings.port(), settings.socket(), settings.udpTimeout());
  }
}
