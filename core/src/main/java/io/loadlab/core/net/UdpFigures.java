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
 * as seen).
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
          op + ": " + lost + " of " + sent + " lost (first: " + tally.firstLoss() + ")");
    }
    String stopped = stopped(point, tally, served, serverEnd, server);
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
   * Why the point failed, or null. The server is said to have stopped answering only when it is
   * shown to be gone: requests unanswered (or its counters unreadable) and an ICMP port unreachable
   * from its port. Otherwise the reason says what was seen.
   */
  static String stopped(
      NetPoint point, UdpTally tally, long served, ServerStats serverEnd, String server) {
    long unanswered = tally.unanswered.sum();
    boolean noAnswers = serverEnd == null || unanswered > 0;
    if (noAnswers && tally.portUnreachable.sum() > 0) {
      return "the server at " + server + " stopped answering (its port is unreachable)";
    }
    if (noAnswers) {
      List<String> seen = new ArrayList<>();
      if (unanswered > 0) {
        seen.add(unanswered + " end-of-point stats requests to " + server + " unanswered");
      }
      if (serverEnd == null) {
        seen.add("the server's counters could not be read");
      }
      if (tally.closedHere.sum() > 0) {
        seen.add("closed channel x" + tally.closedHere.sum());
      }
      return String.join(", ", seen) + "; no sign the server is gone (no port unreachable)";
    }
    if (point.workload() == NetWorkload.RR && served == 0 && tally.lost.sum() > 0) {
      return "no response came back from " + server + " over UDP";
    }
    return null;
  }
}
