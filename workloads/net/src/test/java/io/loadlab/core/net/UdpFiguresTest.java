package io.loadlab.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
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
    assertNull(UdpFigures.stopped(RR, t, 29_455, ANSWERED, SERVER, UdpFigures.Silence.NONE));
  }

  /**
   * The run of issue 35: two intervals without answers, sockets closed on this side, and answers
   * after them. The reason names those, never the server.
   */
  @Test
  void unansweredStatsWithoutPortUnreachableSayWhatWasSeen() {
    UdpTally t = tally(29_456, 1);
    t.unanswered.add(2);
    t.closedHere.add(8);
    UdpFigures.Silence silence = UdpFigures.Silence.of(List.of(2100L, 0L, 0L, 1900L, 2050L));
    String why = UdpFigures.stopped(RR, t, 29_455, ANSWERED, SERVER, silence);
    assertFalse(why.contains("stopped answering"), why);
    assertFalse(why.contains(SERVER), "the server is not named: " + why);
    assertEquals(
        "2 of 5 intervals without answers (answers came after them), 2 end-of-point stats"
            + " requests unanswered, ClosedChannelException x8 (closed on this side); no sign the"
            + " server is gone (no port unreachable)",
        why);
  }

  @Test
  void aPointWithoutAnyAnswerSaysSoWithoutBlamingTheServer() {
    UdpTally t = tally(3000, 3000);
    UdpFigures.Silence silence = UdpFigures.Silence.of(List.of(0L, 0L, 0L));
    String why = UdpFigures.stopped(RR, t, 0, ANSWERED, SERVER, silence);
    assertEquals(
        "no answer came back over UDP, 3 of 3 intervals without answers; the server answered its"
            + " end-of-point stats requests",
        why);
  }

  @Test
  void silenceCountsTheIntervalsWithoutAnswersAndWhetherAnswersCameAfter() {
    assertEquals(new UdpFigures.Silence(0, 0, false), UdpFigures.Silence.of(List.of()));
    assertEquals(new UdpFigures.Silence(3, 0, false), UdpFigures.Silence.of(List.of(1L, 2L, 3L)));
    assertEquals(new UdpFigures.Silence(3, 2, false), UdpFigures.Silence.of(List.of(5L, 0L, 0L)));
    UdpFigures.Silence gap = UdpFigures.Silence.of(List.of(0L, 5L, 0L, 7L));
    assertEquals(new UdpFigures.Silence(4, 2, true), gap);
    assertEquals("2 of 4 intervals without answers (answers came after them)", gap.toString());
    assertEquals("1 of 1 interval without answers", UdpFigures.Silence.of(List.of(0L)).toString());
  }

  @Test
  void noAnswersAndAnUnreachablePortMeanTheServerIsGone() {
    UdpTally t = tally(1000, 400);
    t.unanswered.add(2);
    t.portUnreachable.add(2);
    assertEquals(
        "the server at 127.0.0.1:25801 stopped answering (its port is unreachable)",
        UdpFigures.stopped(RR, t, 600, null, SERVER, UdpFigures.Silence.of(List.of(9L, 0L))));
  }
}
