package io.loadlab.campaign.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.campaign.file.ReportRule;
import io.loadlab.campaign.report.CampaignReport;
import io.loadlab.core.util.Numbers;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CellStatisticsTest {
  @Test
  void statisticsOfFourValues() {
    Manifest.Stats s = CellStatistics.stats(new double[] {4, 1, 3, 2});
    assertEquals(4, s.n);
    assertEquals(2.5, s.mean, 1e-12);
    assertEquals(2.5, s.median, 1e-12);
    assertEquals(1.2909944, s.sd, 1e-6);
    assertEquals(51.639778, s.cvPct, 1e-5);
    assertEquals(1, s.min);
    assertEquals(4, s.max);
    // None negative: the bootstrap percentile interval, inside the runs' range, around the mean.
    assertEquals("bootstrap percentile", s.ci95Method);
    assertTrue(1 <= s.ci95Low && s.ci95Low < 2.5 && 2.5 < s.ci95High && s.ci95High <= 4, "" + s);
  }

  @Test
  void aSignedFigureKeepsStudentsT() {
    Manifest.Stats s = CellStatistics.stats(new double[] {-4, -1, -3, -2});
    assertEquals("t", s.ci95Method);
    // t(0.975, 3) = 3.182446; half width = t * sd / sqrt(4)
    assertEquals(-2.5 - 2.0542603, s.ci95Low, 1e-6);
    assertEquals(-2.5 + 2.0542603, s.ci95High, 1e-6);
  }

  @Test
  void twoRunsGetAnInterval() {
    Manifest.Stats s = CellStatistics.stats(new double[] {100, 120});
    assertEquals(100, s.ci95Low, 1e-9);
    assertEquals(120, s.ci95High, 1e-9);
  }

  @Test
  void oneValueHasNoSpread() {
    Manifest.Stats s = CellStatistics.stats(new double[] {7});
    assertEquals(7, s.mean);
    assertNull(s.sd);
    assertNull(s.ci95Low);
    assertNull(s.ci95High);
    assertNull(s.ci95Method);
  }

  private static Manifest.RunEntry run(String id, double rate, double p99, double sd) {
    Manifest.RunEntry r = new Manifest.RunEntry();
    r.id = id;
    r.cell = "a/rr/users=1";
    r.configuration = "a";
    r.step = "rr";
    r.point = Map.of("users", "1");
    r.status = "ok";
    r.figures = Map.of("rate", rate, "p99Us", p99);
    r.intervalSd = sd;
    return r;
  }

  @Test
  void reportedRunByEachRule() {
    List<Manifest.RunEntry> runs =
        List.of(
            run("1", 100, 50, 9), run("2", 300, 20, 1), run("3", 200, 90, 5), run("4", 150, 10, 7));
    // Sorted by interval sd: 2 (1), 3 (5), 4 (7), 1 (9): the lower middle of four is run 3.
    assertEquals("3", CellStatistics.reported(ReportRule.MEDIAN_STDDEV, runs, "rate").get(0).id);
    // By rate: 100, 150, 200, 300: lower middle is 150 (run 4).
    assertEquals("4", CellStatistics.reported(ReportRule.MEDIAN, runs, "rate").get(0).id);
    assertEquals("2", CellStatistics.reported(ReportRule.BEST, runs, "rate").get(0).id);
    assertEquals(
        "4", CellStatistics.reported(ReportRule.BEST, runs, "p99Us").get(0).id, "lowest latency");
    assertEquals(4, CellStatistics.reported(ReportRule.ALL, runs, "rate").size());
  }

  @Test
  void ratiosToTheBaselineAndFailedRunsLeftOutOfTheStatistics() {
    Manifest m = new Manifest();
    m.rule = "median";
    m.baseline = "a";
    Manifest.StepInfo step = new Manifest.StepInfo();
    step.name = "rr";
    step.command = "net rr";
    step.figures = List.of("rate");
    step.sweep = Map.of("users", List.of("1"));
    m.steps = List.of(step);
    m.configurations = List.of("a", "b");
    Manifest.RunEntry a1 = run("a/rr/users=1/1", 100, 1, 1);
    Manifest.RunEntry b1 = run("b/rr/users=1/1", 250, 1, 1);
    b1.cell = "b/rr/users=1";
    b1.configuration = "b";
    Manifest.RunEntry b2 = run("b/rr/users=1/2", 0, 0, 0);
    b2.cell = "b/rr/users=1";
    b2.configuration = "b";
    b2.status = "failed";
    m.runs = new java.util.ArrayList<>(List.of(a1, b1, b2));
    CellStatistics.update(m);
    Manifest.CellEntry b = m.cells.get(1);
    assertEquals(2, b.runs);
    assertEquals(1, b.failed);
    assertEquals(1, b.statistics.get("rate").n);
    assertEquals(2.5, b.ratioToBaseline.get("rate"), 1e-12);
    String md = CampaignReport.markdown(m);
    assertEquals(true, md.contains("| 1 | 100 (1.00×) | 250 (2.50×) **1 failed** |"), md);
  }

  @Test
  void aNoisyFigureThatCannotBeNegativeNeverGetsAnIntervalBelowZero() {
    // p99 of 2, 3 and 400 µs: the t-interval of the mean would start near -435.
    Manifest.Stats s = CellStatistics.stats(new double[] {2, 3, 400});
    assertEquals("bootstrap percentile", s.ci95Method);
    assertTrue(s.ci95Low >= 2 && s.ci95Low < 135, "low " + s.ci95Low);
    assertTrue(s.ci95High > 135 && s.ci95High <= 400, "high " + s.ci95High);
    // Reproducible: the same runs, the same interval.
    Manifest.Stats again = CellStatistics.stats(new double[] {2, 3, 400});
    assertEquals(s.ci95Low, again.ci95Low);
    assertEquals(s.ci95High, again.ci95High);
    String text = CellStatistics.interval(s, Numbers::format);
    assertTrue(text.matches("[0-9.]+ – [0-9.]+"), text);
    // A figure with a negative run keeps Student's t, below zero if that is where it is.
    Manifest.Stats signed = CellStatistics.stats(new double[] {-5, 1, 30});
    assertTrue(signed.ci95Low < -5, "" + signed.ci95Low);
    assertEquals("t", signed.ci95Method);
  }

  @Test
  void theReportSaysHowTheIntervalIsComputed() {
    Manifest m = new Manifest();
    m.rule = "all";
    m.baseline = "a";
    Manifest.StepInfo step = new Manifest.StepInfo();
    step.name = "rr";
    step.command = "net rr";
    step.figures = List.of("p99Us");
    step.sweep = Map.of("users", List.of("1"));
    m.steps = List.of(step);
    m.configurations = List.of("a");
    m.runs =
        new java.util.ArrayList<>(
            List.of(run("1", 100, 2, 1), run("2", 100, 3, 1), run("3", 100, 400, 1)));
    CellStatistics.update(m);
    Manifest.Stats s = m.cells.get(0).statistics.get("p99Us");
    String md = CampaignReport.markdown(m);
    assertTrue(md.contains("| " + CellStatistics.interval(s, Numbers::format) + " |"), md);
    assertFalse(md.contains("cut at 0"), md);
    assertTrue(md.contains("bootstrap percentile interval"), md);
    assertTrue(md.contains("10,000 resamples"), md);
    assertTrue(md.contains("Student's t"), md);
  }
}
