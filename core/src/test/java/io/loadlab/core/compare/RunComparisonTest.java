package io.loadlab.core.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.compare.RunComparison.Metric;
import io.loadlab.core.compare.RunComparison.Run;
import io.loadlab.core.report.Significance;
import io.loadlab.core.results.CpuCost;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(30)
class RunComparisonTest {
  @TempDir Path dir;

  private static OperationStats op(double rate, double p50) {
    return new OperationStats(
        1000,
        0,
        10,
        rate,
        0,
        0,
        0,
        new LatencySummary(1, p50, p50, p50, p50 * 2, p50 * 3, p50 * 3, p50 * 4),
        null,
        null,
        null);
  }

  private static RunResult run(String label, String mode, Map<String, OperationStats> totals) {
    return new RunResult(
        "0.1.0",
        "amqp latency",
        label,
        "loadlab amqp latency",
        Map.of(),
        null,
        mode == null ? null : Map.of("mode", mode),
        "2026-11-21T10:00:00Z",
        "2026-11-21T10:01:00Z",
        RunStatus.OK,
        null,
        Map.of(),
        totals,
        List.of(),
        List.of());
  }

  private static Map<String, OperationStats> ops(Object... pairs) {
    Map<String, OperationStats> m = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      m.put((String) pairs[i], (OperationStats) pairs[i + 1]);
    }
    return m;
  }

  private RunComparison bridgeVsSriov() {
    return RunComparison.of(
        List.of(
            new Run(
                "bridge",
                run(null, "bridge", ops("size=8", op(1000, 100), "size=64", op(900, 120)))),
            new Run(
                "sriov",
                run(null, "sriov", ops("size=8", op(1000, 50), "size=1024", op(800, 60))))));
  }

  @Test
  void linesUpOperationsAndLeavesGapsForMissingOnes() {
    RunComparison c = bridgeVsSriov();
    assertEquals(
        List.of("size=8", "size=64", "size=1024"),
        c.rows().stream().map(RunComparison.Row::operation).toList());
    assertTrue(c.rows().get(1).stats().get(1).isEmpty(), "sriov has no size=64");
    assertEquals(0.5, RunComparison.ratio(c.rows().get(0), 1, Metric.P50), 1e-9);
    assertEquals(1.0, RunComparison.ratio(c.rows().get(0), 1, Metric.RATE), 1e-9);
    assertTrue(Double.isNaN(RunComparison.ratio(c.rows().get(1), 1, Metric.P50)));
    assertThrows(
        IllegalArgumentException.class,
        () -> RunComparison.of(List.of(new Run("one", run(null, null, ops())))));
  }

  @Test
  void runsWithOneNameAreIterationsOfOneConfiguration() {
    RunResult r = run(null, null, ops("a", op(1, 1)));
    RunComparison c = RunComparison.of(List.of(new Run("x", r), new Run("y", r), new Run("x", r)));
    assertEquals(List.of("x", "y"), c.groups().stream().map(RunComparison.Group::name).toList());
    assertEquals(2, c.groups().get(0).runs().size());
    assertTrue(c.hasIterations());
  }

  @Test
  void significanceSaysWhichIsLowerAndWhenThereIsNoDifference() {
    double[] bridged = {100, 104, 98, 101, 99, 103, 97, 102, 100};
    double[] sriov = {41, 43, 40, 42, 44, 41, 40, 43, 42};
    Significance s = Significance.of("p50", bridged, sriov, false);
    assertTrue(s.significant());
    assertEquals("p50 2.40× lower (p < 0.001, 9 vs 9 runs)", s.text());
    Significance same = Significance.of("p50", bridged, new double[] {99, 103, 100, 101}, false);
    assertFalse(same.significant());
    assertTrue(same.text().startsWith("p50: no significant difference (p = "), same.text());
    assertTrue(same.text().endsWith(", 9 vs 4 runs)"), same.text());
    Significance one = Significance.of("rate", new double[] {1}, new double[] {2}, true);
    assertTrue(Double.isNaN(one.pValue()));
    assertTrue(one.text().contains("no significance test"), one.text());
  }

  @Test
  void namesARunByLabelThenTestbedModeThenFallback() {
    assertEquals("kvm", RunComparison.defaultName(run("kvm", "bridge", ops()), "dir"));
    assertEquals("sriov", RunComparison.defaultName(run(null, "sriov", ops()), "dir"));
    assertEquals("dir", RunComparison.defaultName(run(" ", null, ops()), "dir"));
  }

  @Test
  void reportHasATablePerMetricWithRatiosAndChartsThatParse() throws Exception {
    String md = ComparisonReport.write(bridgeVsSriov(), dir);
    assertEquals(md, Files.readString(dir.resolve(ComparisonReport.MARKDOWN_NAME)));
    assertTrue(md.contains("| size | bridge | sriov | sriov / bridge |"), md);
    assertTrue(md.contains("| 8 | 100 | 50 | 0.50× |"), md);
    assertTrue(md.contains("| 64 | 120 | – | – |"), md);
    assertTrue(md.contains("![latency p50 (µs)](latency-p50.svg)"), md);
    for (String chart : List.of("rate.svg", "latency-p50.svg", "latency-p99.svg")) {
      Path svg = dir.resolve(chart);
      var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
      assertEquals("svg", doc.getDocumentElement().getNodeName());
      assertTrue(doc.getElementsByTagName("path").getLength() > 0, chart);
    }
    String html = Files.readString(dir.resolve(ComparisonReport.HTML_NAME));
    // Every operation is a point of the size sweep: the page reads as the seeds' table.
    assertTrue(html.contains("<td>8</td><td class=\"num\" data-value=\"100.0\">100</td>"), html);
  }

  private static RunResult withFigures(Map<String, Double> figures) {
    RunResult r = run(null, null, ops("rr", op(1000, 100)));
    return new RunResult(
        r.toolVersion(),
        r.workload(),
        r.label(),
        r.commandLine(),
        r.configuration(),
        r.environment(),
        r.testbed(),
        r.startTime(),
        r.endTime(),
        r.status(),
        r.statusReason(),
        figures,
        r.totals(),
        r.intervals(),
        r.problems());
  }

  @Test
  void bookkeepingAndFiguresZeroOnBothSidesStayOutOfTheHeadline() throws Exception {
    RunComparison c =
        RunComparison.of(
            List.of(
                new Run(
                    "before",
                    withFigures(
                        Map.of("transfersPerSec", 5000.0, "queuesDeleted", 1.0, "lost", 0.0))),
                new Run(
                    "after",
                    withFigures(
                        Map.of("transfersPerSec", 6000.0, "queuesDeleted", 1.0, "lost", 0.0)))));
    assertEquals(List.of("transfersPerSec"), c.headlineFigures());
    assertEquals(List.of("lost", "queuesDeleted"), c.otherFigures().stream().sorted().toList());
    String md = ComparisonReport.write(c, dir);
    String headline = section(md, "## Headline figures");
    assertTrue(headline.contains("| transfers/s | 5,000 | 6,000 | 1.20× |"), headline);
    assertFalse(headline.contains("queues deleted"), headline);
    assertFalse(headline.contains("| lost"), headline);
    String others = section(md, "## Other figures");
    assertTrue(others.contains("| queues deleted | 1 | 1 |"), others);
    String html = Files.readString(dir.resolve(ComparisonReport.HTML_NAME));
    String chart = html.substring(html.indexOf("\"id\":\"figures\""));
    chart = chart.substring(0, chart.indexOf("]}") + 2);
    assertTrue(chart.contains("transfers/s"), chart);
    assertFalse(chart.contains("queues deleted") || chart.contains("lost"), chart);
  }

  @Test
  void smallFiguresKeepTheirDigits() {
    assertEquals("0.0432", ComparedTable.number(0.0432));
    assertEquals("0.00361", ComparedTable.number(0.00361));
    assertEquals("2.5", ComparedTable.number(2.5));
    assertEquals("1,234", ComparedTable.number(1234.4));
  }

  /** The Markdown from {@code heading} to the next heading. */
  private static String section(String md, String heading) {
    int at = md.indexOf(heading);
    assertTrue(at >= 0, heading + " in " + md);
    int next = md.indexOf("\n## ", at + heading.length());
    return md.substring(at, next < 0 ? md.length() : next);
  }

  private static OperationStats moving(double bytesPerSec, CpuCost cpu) {
    return new OperationStats(
        1000,
        0,
        10,
        100,
        bytesPerSec,
        0,
        0,
        new LatencySummary(1, 1, 1, 1, 1, 1, 1, 1),
        cpu,
        null,
        null);
  }

  @Test
  void perOperationFiguresComeFromACpuCostInTheTotalsNotFromTheWorkloadsName() {
    Map<String, Double> figures =
        RunComparison.figuresOf(
            run("a", null, Map.of("tx users=1", moving(2e6, new CpuCost(9.5, 12.0, null)))));
    assertEquals(2.0, figures.get("tx users=1: MB/s"));
    assertEquals(9.5, figures.get("tx users=1: CPU client (µs/op)"));
    assertEquals(12.0, figures.get("tx users=1: CPU host (µs/op)"));
    assertFalse(figures.containsKey("tx users=1: CPU server (µs/op)"));
    // Without a CPU cost, operations add nothing: bytes alone are no netperf-style figures.
    assertEquals(
        Map.of(), RunComparison.figuresOf(run("b", null, Map.of("tx", moving(2e6, null)))));
  }
}
