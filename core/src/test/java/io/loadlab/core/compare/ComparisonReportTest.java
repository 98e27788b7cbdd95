package io.loadlab.core.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.core.compare.RunComparison.Run;
import io.loadlab.core.report.HeadlessChromium;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A lab's comparison: three configurations, five iterations each, a sweep over message sizes. */
@Timeout(120)
class ComparisonReportTest {
  @TempDir Path dir;

  private static RunResult run(String mode, double latencyFactor, Random random) {
    Map<String, OperationStats> totals = new LinkedHashMap<>();
    for (int size : new int[] {64, 1024, 16384, 65536}) {
      double p50 = (40 + size / 1000.0) * latencyFactor * (1 + 0.05 * random.nextGaussian());
      double rate = 1e6 / p50;
      totals.put(
          "latency size=" + size,
          new OperationStats(
              (long) (rate * 10),
              0,
              10,
              rate,
              rate * size,
              0,
              0,
              new LatencySummary(p50 / 2, p50, p50, p50 * 1.2, p50 * 2, p50 * 3, p50 * 4, p50 * 5),
              null,
              null,
              null));
    }
    Map<String, Double> figures = new LinkedHashMap<>();
    figures.put("transfers/s", 20_000 / latencyFactor * (1 + 0.03 * random.nextGaussian()));
    figures.put("MB/s", 80 / latencyFactor * (1 + 0.03 * random.nextGaussian()));
    return new RunResult(
        "0.1.0",
        "amqp latency",
        null,
        "loadlab amqp latency",
        Map.of(),
        null,
        Map.of("mode", mode),
        "2026-11-21T10:00:00Z",
        "2026-11-21T10:01:00Z",
        RunStatus.OK,
        null,
        figures,
        totals,
        List.of(),
        List.of());
  }

  @Test
  void iterationsGiveErrorBarsAndVerdictsAndTheBrowserDrawsEveryChart() throws Exception {
    Random random = new Random(13);
    List<Run> runs = new ArrayList<>();
    for (String mode : List.of("bridged", "sriov", "bare-metal")) {
      for (int i = 0; i < 5; i++) {
        double factor = mode.equals("bridged") ? 2.4 : mode.equals("sriov") ? 1.0 : 0.98;
        runs.add(new Run(mode, run(mode, factor, random)));
      }
    }
    RunComparison c = RunComparison.of(runs);
    String md = ComparisonReport.write(c, dir);
    assertTrue(md.contains("| size | bridged | sriov | bare-metal |"), md);
    assertTrue(md.contains("p50 2."), md);
    assertTrue(md.contains("× lower (p < 0.001, 5 vs 5 runs)"), md);
    assertTrue(md.contains("## Headline figures"), md);
    Path html = dir.resolve(ComparisonReport.HTML_NAME);
    // Every operation is a point of the size sweep: figures ratio; rate, p50, p99 against the
    // size with their ratios; the sweep's table has a row per size, a column per configuration.
    var check = HeadlessChromium.assertDrawn(html, 7);
    assertEquals(7, check.get("drawn").size());
    String page = Files.readString(html);
    assertTrue(
        page.contains("<th>size</th><th>bridged</th><th>sriov</th><th>bare-metal</th>"),
        "seed table");
    assertTrue(page.contains("<td>65536</td>"), "a row per size");
    assertTrue(!page.contains("<td>latency size=64</td>"), "no row per operation");
    assertTrue(Files.readString(html).contains("\"low\":["), "error bars from the iterations");
    HeadlessChromium.screenshot(
        html, Path.of("target", "screenshots", "comparison-report.png"), 1280, 4200);
  }

  /** Latency p50 of a run's test at a size: differs by test, size and run so means show. */
  private static double p50(int config, int run, int size, int test) {
    return (config == 0 ? 200 : 80) + size / 256.0 + 10 * test + 3 * run;
  }

  @Test
  void latencyRunsWithSeveralTestsReadAsTheSeedTableWithTheTestsCombined() throws Exception {
    int[] sizes = {64, 1024, 16384};
    List<String> configs = List.of("bridged", "sriov");
    List<Run> runs = new ArrayList<>();
    for (int c = 0; c < 2; c++) {
      for (int k = 0; k < 3; k++) {
        Map<String, OperationStats> totals = new LinkedHashMap<>();
        for (int size : sizes) {
          for (int t = 1; t <= 2; t++) {
            double p50 = p50(c, k, size, t);
            double rate = 1000 + 100 * t + k;
            totals.put(
                "latency size=" + size + " test=" + t,
                new OperationStats(
                    (long) (rate * 10),
                    0,
                    10,
                    rate,
                    rate * size,
                    0,
                    0,
                    new LatencySummary(p50 / 2, p50, p50, p50, p50 * 2, p50 * 3, p50 * 4, p50 * 5),
                    null,
                    null,
                    null));
          }
        }
        runs.add(
            new Run(
                configs.get(c),
                new RunResult(
                    "0.1.0",
                    "amqp latency",
                    null,
                    "loadlab amqp latency --tests 2",
                    Map.of(),
                    null,
                    Map.of(),
                    "2026-11-21T10:00:00Z",
                    "2026-11-21T10:01:00Z",
                    RunStatus.OK,
                    null,
                    Map.of("transfersPerSec size=64", 5000.0 + c + k),
                    totals,
                    List.of(),
                    List.of())));
      }
    }
    String md = ComparisonReport.write(RunComparison.of(runs), dir);
    // Markdown too: the seed's table, not a row per size × test.
    assertTrue(md.contains("| size | bridged | sriov | sriov / bridged | sriov vs bridged |"), md);
    assertTrue(!md.contains("test=1"), md);
    assertTrue(md.contains("Each run's 2 tests combined: the mean of the tests' p99 values"), md);
    assertTrue(md.contains("| transfers/s size=64 |"), "headline figures read as labels: " + md);
    assertTrue(!md.contains("transfersPerSec"), md);
    String page = Files.readString(dir.resolve(ComparisonReport.HTML_NAME));
    assertTrue(!page.contains("<td>latency size=64 test=1</td>"), "no row per operation");
    assertTrue(page.contains("Each run's 2 tests combined: the mean of the tests' p50 values"));
    assertTrue(page.contains("Each run's 2 tests combined: the sum of the tests' rates"));
    // The p50 table: a row per size, a column per configuration, each the mean over the runs
    // of the mean over the tests.
    String table =
        tableWithHeader(page, "<th>size</th><th>bridged</th><th>sriov</th>", "sweep-table-2");
    List<String> rows = List.of(table.split("<tr><td>")).subList(1, 4);
    assertEquals(3, table.split("<tr><td>").length - 1, "one row per size: " + table);
    for (int i = 0; i < sizes.length; i++) {
      assertTrue(rows.get(i).startsWith(sizes[i] + "</td>"), rows.get(i));
      var values = java.util.regex.Pattern.compile("data-value=\"([^\"]*)\"").matcher(rows.get(i));
      for (int c = 0; c < 2; c++) {
        double expected = 0;
        for (int k = 0; k < 3; k++) {
          expected += (p50(c, k, sizes[i], 1) + p50(c, k, sizes[i], 2)) / 2 / 3;
        }
        assertTrue(values.find(), rows.get(i));
        assertEquals(expected, Double.parseDouble(values.group(1)), 1e-9, rows.get(i));
      }
      assertTrue(values.find(), "ratio: " + rows.get(i));
      double base = (200 + sizes[i] / 256.0 + 15 + 3) / 1;
      double sriov = (80 + sizes[i] / 256.0 + 15 + 3);
      assertEquals(sriov / base, Double.parseDouble(values.group(1)), 1e-9);
    }
    // The rate table: the sum of the tests' rates (1100 + k and 1200 + k), averaged over runs.
    String rates =
        tableWithHeader(page, "<th>size</th><th>bridged</th><th>sriov</th>", "sweep-table-1");
    assertTrue(rates.contains("data-value=\"2302.0\""), rates);
  }

  /** The table {@code id}: the sweep's tables are numbered rate, p50, p99 (from 1). */
  private static String tableWithHeader(String page, String header, String id) {
    int at = page.indexOf("<table id=\"" + id + "\">");
    assertTrue(at >= 0, "no table " + id);
    String table = page.substring(at, page.indexOf("</table>", at));
    assertTrue(table.contains(header), table);
    return table;
  }

  @Test
  void aNoisyLatencyNearZeroNeverGetsANegativeAxisOrErrorBar() throws Exception {
    // p99 of 2, 3 and 400 µs: the mean less one sd is far below zero.
    List<Run> runs = new ArrayList<>();
    for (String mode : List.of("bridged", "sriov")) {
      for (double p99 : new double[] {2, 3, 400}) {
        Map<String, OperationStats> totals = new LinkedHashMap<>();
        totals.put(
            "rr",
            new OperationStats(
                1000,
                0,
                10,
                100,
                0,
                0,
                0,
                new LatencySummary(1, 1, 1, 1, p99, p99, p99, p99),
                null,
                null,
                null));
        runs.add(
            new Run(
                mode,
                new RunResult(
                    "0.1.0",
                    "net rr",
                    null,
                    "loadlab net rr",
                    Map.of(),
                    null,
                    Map.of("mode", mode),
                    "2026-11-21T10:00:00Z",
                    "2026-11-21T10:01:00Z",
                    RunStatus.OK,
                    null,
                    Map.of(),
                    totals,
                    List.of(),
                    List.of())));
      }
    }
    ComparisonReport.write(RunComparison.of(runs), dir);
    Path html = dir.resolve(ComparisonReport.HTML_NAME);
    String page = Files.readString(html);
    String json = page.substring(page.indexOf("id=\"loadlab-charts\">") + 20);
    json = json.substring(0, json.indexOf("</script>"));
    JsonNode p99 = null;
    for (JsonNode chart : new ObjectMapper().readTree(json).get("charts")) {
      if (chart.get("id").asText().equals("latency-p99")) {
        p99 = chart;
      }
    }
    assertTrue(p99 != null, json);
    assertEquals(0.0, p99.get("yMin").asDouble(), "the axis starts at zero: " + p99);
    for (JsonNode series : p99.get("series")) {
      for (JsonNode low : series.get("low")) {
        assertTrue(low.asDouble() >= 0, "error bar below zero: " + p99);
      }
    }
    // The static chart: no tick label below zero (its error bars are symmetric, the axis is not).
    String svg = Files.readString(dir.resolve("latency-p99.svg"));
    java.util.regex.Matcher ticks =
        java.util.regex.Pattern.compile(">(-?[0-9][0-9,.]*)</text>").matcher(svg);
    List<String> labels = new ArrayList<>();
    while (ticks.find()) {
      labels.add(ticks.group(1));
    }
    assertTrue(labels.contains("0") && labels.size() > 3, "the ticks are there: " + labels);
    assertTrue(labels.stream().noneMatch(l -> l.startsWith("-")), "below zero: " + labels);
    // As drawn by the browser: no y axis of a figure that cannot be negative reaches below zero.
    JsonNode drawn = HeadlessChromium.check(html).get("drawn");
    assertTrue(drawn.size() >= 3, drawn.toString());
    for (JsonNode chart : drawn) {
      assertTrue(chart.get("yAxis").get(0).asDouble() >= 0, "axis below zero: " + chart);
    }
  }
}
