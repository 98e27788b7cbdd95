package io.loadlab.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * A UDP point blames the server only when it is shown to be gone; otherwise it says what was seen.
 */
class UdpFiguresTest {
  private static final NetPoint RR = new NetPoint(NetWorkload.RR, 4, 1, 1, false);
  private static final ServerStats ANSWERED = new ServerStats(421_203, 0, 0, 0, 0, 0, 0);
  private static final String SERVER = "127.0.0.1:25801";

  private static UdpTally tally(long sent, long lost) {
    UdpTally t = new UdpTally();
    t.sent.add(sent);
    t.lost.add(lost);
    return t;
  }

  @Test
  void socketsClosedOnThisSideAreNoSignOfTheServer() {
    UdpTally t = tally(29_456, 1);
    t.closedHere.add(8);
    assertNull(UdpFigures.stopped(RR, t, 29_455, ANSWERED, SERVER));
  }

  @Test
  void unansweredStatsWithoutPortUnreachableSayWhatWasSeen() {
    UdpTally t = tally(29_456, 1);
    t.unanswered.add(2);
    t.closedHere.add(8);
    String why = UdpFigures.stopped(RR, t, 29_455, ANSWERED, SERVER);
    assertFalse(why.contains("stopped answering"), why);
    assertEquals(
        "2 end-of-point stats requests to 127.0.0.1:25801 unanswered, closed channel x8; no sign"
            + " the server is gone (no port unreachable)",
        why);
  }

  @Test
  void noAnswersAndAnUnreachablePortMeanTheServerIsGone() {
    UdpTally t = tally(1000, 400);
    t.unanswered.add(2);
    t.portUnreachable.add(2);
    assertEquals(
        "the server at 127.0.0.1:25801 stopped answering (its port is unreachable)",
        UdpFigures.stopped(RR, t, 600, null, SERVER));
  }
}
