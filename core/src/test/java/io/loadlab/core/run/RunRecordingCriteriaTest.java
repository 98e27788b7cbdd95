package io.loadlab.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.criteria.Criteria;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A recording's criteria decide its status when nothing else failed it, and are always judged. */
@Timeout(20)
class RunRecordingCriteriaTest {
  private static RunResult run(String criteria, RunControl control) throws Exception {
    Recorder r = new Recorder();
    try (RunRecording rec = RunRecordingTest.manual(r, List.of())) {
      rec.setCriteria(Criteria.parse("--criteria", List.of(criteria), List.of()));
      rec.beginPhase(null, false);
      r.operation("rr").success(2_000_000);
      Thread.sleep(20);
      return rec.finish(control);
    }
  }

  @Test
  void criteriaThatHoldKeepTheRunOk() throws Exception {
    RunResult result = run("p50Ms<=3,errors==0", new RunControl());
    assertEquals(RunStatus.OK, result.status());
    assertEquals(2, result.criteria().size());
    assertTrue(result.criteria().get(0).passed());
  }

  @Test
  void aFailedCriterionFailsTheRun() throws Exception {
    RunResult result = run("p50Ms<2", new RunControl());
    assertEquals(RunStatus.FAILED, result.status());
    // HdrHistogram keeps 3 significant digits: 2 ms reads 2.001.
    assertTrue(
        result.statusReason().startsWith("criteria not met: rr: p50Ms<2: measured 2"),
        result.statusReason());
  }

  @Test
  void aRunFailedForAnotherReasonKeepsItAndStillGetsItsVerdicts() throws Exception {
    RunControl control = new RunControl();
    control.fail("the server went away");
    RunResult result = run("p50Ms<2", control);
    assertEquals(RunStatus.FAILED, result.status());
    assertEquals("the server went away", result.statusReason());
    assertEquals(1, result.criteria().size());
    assertFalse(result.criteria().get(0).passed());
  }
}
