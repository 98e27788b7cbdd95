package io.loadlab.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.record.Recorder;
import io.loadlab.core.results.RateCheck;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A paced operation's achieved rate against its target: held at or above the tolerance (95% unless
 * set), otherwise the run fails with "rate not held", which names the figures; a run that failed
 * for another reason keeps that reason and still gets its checks.
 */
@Timeout(20)
class RunRecordingRateTest {
  private static RunResult run(double target, double achieved, Double tolerance, RunControl c)
      throws Exception {
    Recorder r = new Recorder();
    try (RunRecording rec = RunRecordingTest.manual(r, List.of())) {
      if (tolerance != null) {
        rec.setRateTolerance(tolerance);
      }
      rec.beginPhase("users=1", false);
      rec.expectRate("rr users=1", target, "tx/s");
      r.operation("rr users=1").success(1_000_000);
      Thread.sleep(20);
      rec.setAchievedRate("rr users=1", achieved);
      return rec.finish(c);
    }
  }

  @Test
  void aRateAtTheToleranceIsHeld() throws Exception {
    RunResult r = run(5000, 4750, null, new RunControl());
    assertEquals(RunStatus.OK, r.status(), r.statusReason());
    RateCheck c = r.rateChecks().get(0);
    assertTrue(c.held());
    assertEquals(0.95, c.tolerance());
    assertEquals(4750, c.achievedPerSec());
    assertEquals(5000, c.targetPerSec());
  }

  @Test
  void aRateBelowItFailsTheRunNamingTheFigures() throws Exception {
    RunResult r = run(5000, 1325, null, new RunControl());
    assertEquals(RunStatus.FAILED, r.status());
    assertEquals("rate not held: 1,325 of 5,000 tx/s (27%)", r.statusReason());
    assertFalse(r.rateChecks().get(0).held());
  }

  @Test
  void aLowerToleranceHoldsWhatTheDefaultWouldNot() throws Exception {
    assertEquals(RunStatus.OK, run(1000, 900, 0.9, new RunControl()).status());
    assertEquals(RunStatus.FAILED, run(1000, 900, null, new RunControl()).status());
  }

  @Test
  void anotherFailureKeepsItsReasonAndTheCheckIsStillThere() throws Exception {
    RunControl c = new RunControl();
    c.fail("3 transactions lost");
    RunResult r = run(1000, 10, null, c);
    assertEquals("3 transactions lost", r.statusReason());
    assertFalse(r.rateChecks().get(0).held());
  }

  @Test
  void anUnpacedRunHasNoChecks() throws Exception {
    Recorder rec = new Recorder();
    try (RunRecording recording = RunRecordingTest.manual(rec, List.of())) {
      rec.operation("rr").success(1_000_000);
      assertNull(recording.finish(new RunControl()).rateChecks());
    }
  }
}
