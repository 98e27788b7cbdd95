package io.loadlab.core.net;

import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import java.util.ArrayList;
import java.util.List;

/**
 * The UDP figures of a sweep point, named {@code <operation>: <figure>}: for rr the lost
 * transactions and loss %; for a stream the sent and received rates (datagrams/s, MB/s), loss % and
 * reordered datagrams. A stream's bandwidth is what arrived: {@code receivedBytesPerSec} (the
 * server's count), with {@code sentBytesPerSec} and {@code lossPct} beside it, keys a campaign
 * tabulates (the operation's own {@code bytesPerSec} is the sent rate). Also fails the run when the
 * server stopped answering (shown by an ICMP port unreachable), or its answers went missing (said
 * as seen: the intervals without answers, the stats requests unanswered, the sockets closed on this
 * side).
 */
final class UdpFigures {
  private UdpFigures() {}

  /**
   * @param served the client's successes over the measured part
   * @param seconds the measured part's length
   * @param serverStart the server's counters at the start of the measured part (null: unknown)
   * @param serverEnd the same at its end (null: the server could not be asked)
   */
  static void record(
      NetPoint point,
      UdpTally tally,
      long served,
      double seconds,
      ServerStats serverStart,
      ServerStats serverEnd,
      RunRecording recording,
      RunControl control,
      String server) {
    String op = point.operation();
    // rr's successes are answers; a stream's are datagrams sent, which say nothing of the server.
    Silence silence =
        point.workload() == NetWorkload.RR
            ? Silence.of(recording.succeededPerInterval(point.phase(), op))
            : Silence.NONE;
    long lost = tally.lost.sum();
    long sent = tally.sent.sum();
    if (point.workload() == NetWorkload.STREAM) {
      double sentRate = served / seconds;
      recording.figure(op + ": sent datagrams/s", sentRate);
      recording.figure(op + ": sent MB/s", sentRate * point.request() / 1e6);
      recording.figure(op + ": sentBytesPerSec", sentRate * point.request());
      if (serverStart != null && serverEnd != null) {
        ServerStats d = serverEnd.since(serverStart);
        recording.figure(op + ": received datagrams/s", d.transactions() / seconds);
        recording.figure(op + ": received MB/s", d.bytesReceived() / seconds / 1e6);
        recording.figure(op + ": receivedBytesPerSec", d.bytesReceived() / seconds);
      }
      recording.figure(op + ": lossPct", tally.lossPercent());
      recording.figure(op + ": reordered", tally.reordered.sum());
    } else {
      recording.figure(op + ": late responses", tally.late.sum());
    }
    recording.figure(op + ": sent", sent);
    recording.figure(op + ": lost", lost);
    recording.figure(op + ": loss %", tally.lossPercent());
    if (lost > 0) {
      recording.problem(
          "udp lost",
          lost,
          op
              + ": "
              + lost
              + " of "
              + sent
              + " lost (first: "
              + tally.firstLoss()
              + ")"
              + (silence.without() > 0 ? "; " + silence : ""));
    }
    String stopped = stopped(point, tally, served, serverEnd, server, silence);
    if (stopped != null) {
      control.fail(
          op
              + ": "
              + stopped
              + " ("
              + lost
              + " of "
              + sent
              + " lost, "
              + String.format(java.util.Locale.ROOT, "%.1f", tally.lossPercent())
              + "%)");
    } else if (tally.closedHere.sum() > 0) {
      recording.problem(
          "udp stats",
          tally.closedHere.sum(),
          op
              + ": "
              + tally.closedHere.sum()
              + " sockets closed on this side before their end-of-point stats request (closed"
              + " channel); their datagrams are counted as the client saw them");
    }
  }

  /**
   * The measured intervals of a point cut so far: how many there were, how many went without an
   * answer, and whether answers came after the last of those (the server was there after all).
   */
  record Silence(int intervals, int without, boolean answeredAfter) {
    static final Silence NONE = new Silence(0, 0, false);

    /** From each interval's answers, oldest first. */
    static Silence of(List<Long> answered) {
      int last = -1;
      int without = 0;
      for (int i = 0; i < answered.size(); i++) {
        if (answered.get(i) == 0) {
          without++;
          last = i;
        }
      }
      boolean after = false;
      for (int i = last + 1; last >= 0 && i < answered.size(); i++) {
        after |= answered.get(i) > 0;
      }
      return new Silence(answered.size(), without, after);
    }

    /** {@code 2 of 29 intervals without answers (answers came after them)}. */
    @Override
    public String toString() {
      return without
          + " of "
          + intervals
          + (intervals == 1 ? " interval" : " intervals")
          + " without answers"
          + (answeredAfter ? " (answers came after them)" : "");
    }
  }

  /**
   * Why the point failed, or null. The server is named, and said to have stopped answering, only
   * when it is shown to be gone: requests unanswered (or its counters unreadable) and an ICMP port
   * unreachable from its port. Otherwise the reason says what was seen: the intervals without
   * answers, the stats requests unanswered, the sockets closed on this side.
   */
  static String stopped(
      NetPoint point,
      UdpTally tally,
      long served,
      ServerStats serverEnd,
      String server,
      Silence silence) {
    long unanswered = tally.unanswered.sum();
    boolean noAnswers = serverEnd == null || unanswered > 0;
    if (noAnswers && tally.portUnreachable.sum() > 0) {
      return "the server at " + server + " stopped answering (its port is unreachable)";
    }
    List<String> seen = new ArrayList<>();
    if (silence.without() > 0) {
      seen.add(silence.toString());
    }
    if (noAnswers) {
      if (unanswered > 0) {
        seen.add(unanswered + " end-of-point stats requests unanswered");
      }
      if (serverEnd == null) {
        seen.add("the server's counters could not be read");
      }
      if (tally.closedHere.sum() > 0) {
        seen.add("ClosedChannelException x" + tally.closedHere.sum() + " (closed on this side)");
      }
      return String.join(", ", seen) + "; no sign the server is gone (no port unreachable)";
    }
    if (point.workload() == NetWorkload.RR && served == 0 && tally.lost.sum() > 0) {
      seen.add(0, "no answer came back over UDP");
      return String.join(", ", seen) + "; the server answered its end-of-point stats requests";
    }
    return null;
  }
}
