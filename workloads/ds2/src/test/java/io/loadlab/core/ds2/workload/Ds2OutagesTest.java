package io.loadlab.core.ds2.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * The lost-connection line says what happened: reopened after how long, or never, until the end.
 */
class Ds2OutagesTest {
  private static final long S = 1_000_000_000L;

  @Test
  void connectionsThatNeverCameBackAreSaidApartWithHowLongTheyWereDown() {
    Ds2Outages o = new Ds2Outages();
    assertNull(o.summary(0));
    for (double s : new double[] {0.44, 0.52, 0.5, 0.58}) {
      o.reopened("ds2", s, true);
    }
    o.neverReopened("ds2", 10 * S, true, null);
    o.neverReopened("ds2", 10 * S, true, null);
    o.neverReopened("ds2", 10 * S + S / 5, true, "Connection refused");
    o.neverReopened("ds2", 10 * S, true, null);
    assertEquals(8, o.count());
    assertEquals(
        "connection to ds2: 4 lost and reopened after 0.4-0.6 s; 4 never reopened, down"
            + " 12.1-12.3 s until the end (last error: Connection refused)",
        o.summary(22 * S + S / 3));
  }

  @Test
  void oneOutageThatRecoveredReadsAsBefore() {
    Ds2Outages o = new Ds2Outages();
    o.reopened("ds2", 3.06, true);
    assertEquals("connection to ds2 lost and reopened after 3.1 s", o.summary(0));
    o.reopened("ds2", 3.1, true);
    assertEquals("connection to ds2: 2 lost and reopened after 3.1 s", o.summary(0));
  }

  @Test
  void aConnectionNeverOpenedIsNotCalledReopened() {
    Ds2Outages o = new Ds2Outages();
    o.reopened("t1 a", 2.0, false);
    o.neverReopened("t2 b", 0, false, "database \"b\" does not exist");
    assertEquals(
        "connection to t1 a opened after 2.0 s; connection to t2 b: 1 never opened, down 5.0 s"
            + " until the end (last error: database \"b\" does not exist)",
        o.summary(5 * S));
  }

  @Test
  void anOutageLongerThanATenthOfTheRunIsTheRunsReason() {
    Ds2Outages o = new Ds2Outages();
    o.reopened("ds2", 0.5, true);
    assertNull(o.longOutage(60 * S, 60), "0.5 s of 60 s is no reason");
    o.neverReopened("ds2", 17 * S, true, "Connection refused");
    assertEquals(43.0, o.longestSeconds(60 * S), 1e-9);
    String reason = o.longOutage(60 * S, 60);
    assertEquals(
        "the database was unreachable for 43.0 s (72% of the run): connection to ds2: 1 lost and"
            + " reopened after 0.5 s; 1 never reopened, down 43.0 s until the end (last error:"
            + " Connection refused)",
        reason);
  }
}
