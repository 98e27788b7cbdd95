package io.loadlab.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.core.export.ExportOptions;
import io.loadlab.core.export.Exporters;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(120)
class RunReportTest {
  @org.junit.jupiter.api.io.TempDir static Path dir;
  static RunResult result;

  /** A real run through the recorder and every exporter, with errors and two phases. */
  @BeforeAll
  static void run() throws Exception {
    Recorder r = new Recorder();
    RunInfo info =
        new RunInfo(
            "t",
            "net rr",
            "report test",
            "loadlab net rr --password ****",
            Map.of("users", 2, "target", Map.of("host", "127.0.0.1")),
            EnvironmentInfo.current(),
            null);
    try (RunRecording rec =
        RunRecording.start(
            info,
            r,
            Exporters.open(ExportOptions.inDirectory(dir, null, true), r, "net rr"),
            Duration.ofHours(1))) {
      r.userStarted();
      for (int interval = 0; interval < 4; interval++) {
        for (int i = 0; i < 200; i++) {
          r.operation("rr size=64").success(40_000 + i * 997L + interval * 5_000L, 64, 64);
          if (i % 3 == 0) {
            r.operation("crr size=64").success(900_000 + i * 3_001L, 100_000, 64, 64);
          }
        }
        if (interval == 2) {
          r.operation("rr size=64").failure(10_000, "java.io.EOFException");
          r.operation("crr size=64").failure(10_000, "java.net.ConnectException");
        }
        Thread.sleep(60);
        rec.cut();
      }
      result = rec.finish(new RunControl());
    }
  }

  @Test
  void reportIsOneSelfContainedFileBesideTheResult() throws Exception {
    Path html = dir.resolve(RunReport.HTML_NAME);
    String text = Files.readString(html);
    assertTrue(text.contains("echarts"), "ECharts is inlined");
    assertFalse(text.contains("src=\"http"), "no external script");
    assertFalse(text.contains("href=\"http"), "no external style");
    assertTrue(text.contains("loadlab net rr --password ****"), "the masked command line");
    assertTrue(Files.size(dir.resolve("summary-rate.svg")) > 0);
    String md = Files.readString(dir.resolve(ExportOptions.MARKDOWN_NAME));
    assertTrue(md.contains("![Latency by percentile](summary-spectrum.svg)"), md);
    String svg = Files.readString(dir.resolve("summary-spectrum.svg"));
    assertTrue(svg.contains("<svg") && svg.contains("99.9%"), "percentile axis labels");
  }

  @Test
  void totalsTableEqualsResultJson() throws Exception {
    RunResult json = ResultJson.read(dir.resolve(ExportOptions.JSON_NAME));
    Map<String, List<Double>> table =
        totalsTable(Files.readString(dir.resolve(RunReport.HTML_NAME)));
    assertEquals(json.totals().keySet(), table.keySet());
    LatencyUnit unit = new RunReport(json, Map.of()).unit();
    for (Map.Entry<String, OperationStats> e : json.totals().entrySet()) {
      OperationStats s = e.getValue();
      LatencySummary l = s.latencyUs();
      List<Double> row = table.get(e.getKey());
      double[] expected = {
        s.count(),
        s.errors(),
        s.ratePerSec(),
        s.bytesPerSec() / 1e6,
        unit.of(l.mean()),
        unit.of(l.p50()),
        unit.of(l.p90()),
        unit.of(l.p99()),
        unit.of(l.p999()),
        unit.of(l.max())
      };
      for (int i = 0; i < expected.length; i++) {
        assertEquals(expected[i], row.get(i), 1e-9, e.getKey() + " column " + i);
      }
    }
    assertEquals(2, table.size());
  }

  @Test
  void everyChartIsDrawnInChromiumWithoutErrorsOrRequests() throws Exception {
    Path html = dir.resolve(RunReport.HTML_NAME);
    int charts = new RunReport(result, Map.of()).charts().size();
    assertTrue(charts >= 6, "rate, p50, p99, throughput, errors, spectrum: " + charts);
    JsonNode check = HeadlessChromium.assertDrawn(html, charts);
    assertEquals(charts, check.get("drawn").size());
    HeadlessChromium.screenshot(
        html, Path.of("target", "screenshots", "run-report.png"), 1280, 3200);
  }

  /**
   * A paced run (as amqp latency at a rate records it): per message size, a view of the corrected
   * latency with transit and send delay beside it, labelled, drawn in Chromium; the overview keeps
   * the corrected latency only.
   */
  @Test
  void pacedRunShowsSendDelayAndTransitBesideCorrectedLatency() throws Exception {
    Path paced = Files.createDirectories(dir.resolve("paced"));
    Recorder r = new Recorder();
    RunInfo info =
        new RunInfo(
            "t", "amqp latency", null, "loadlab amqp latency --rate 1000", Map.of(), null, null);
    RunResult run;
    try (RunRecording rec =
        RunRecording.start(
            info,
            r,
            Exporters.open(ExportOptions.inDirectory(paced, null, true), r, "amqp latency"),
            Duration.ofHours(1))) {
      for (int size : new int[] {64, 1024}) {
        rec.beginPhase("size=" + size, false);
        for (int interval = 0; interval < 2; interval++) {
          for (int i = 0; i < 300; i++) {
            long delay = i % 50 == 0 ? 2_000_000 : 5_000 + i * 10L;
            long transit = 100_000 + size * 10L + i * 100L;
            r.operation("send-delay size=" + size).success(delay);
            r.operation("transit size=" + size).success(transit);
            r.operation("latency size=" + size).success(delay + transit, size, size);
          }
          Thread.sleep(30);
          rec.cut();
        }
      }
      run = rec.finish(new RunControl());
    }
    List<Chart> charts = new RunReport(run, Map.of()).charts();
    Chart overview = charts.stream().filter(c -> c.id().equals("spectrum")).findFirst().get();
    assertEquals(
        List.of("latency size=64", "latency size=1024"),
        overview.series().stream().map(Chart.Series::name).toList());
    for (int i = 0; i < 2; i++) {
      String id = "spectrum-paced-" + i;
      Chart view = charts.stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
      assertEquals(
          List.of(Spectra.CORRECTED, Spectra.TRANSIT, Spectra.SEND_DELAY),
          view.series().stream().map(Chart.Series::name).toList());
      assertTrue(view.title().startsWith(i == 0 ? "size=64:" : "size=1024:"), view.title());
    }
    Path html = paced.resolve(RunReport.HTML_NAME);
    String text = Files.readString(html);
    assertTrue(text.contains("\"id\":\"spectrum-paced-1\""), "the page has the paced views");
    JsonNode check = HeadlessChromium.check(html);
    assertEquals(0, check.get("errors").size(), check.toString());
    List<String> drawn = new ArrayList<>();
    for (JsonNode d : check.get("drawn")) {
      assertTrue(d.get("pixels").asInt() > 0, d.get("id") + " drawn: " + check);
      drawn.add(d.get("id").asText());
    }
    assertTrue(
        drawn.containsAll(List.of("spectrum", "spectrum-paced-0", "spectrum-paced-1")),
        drawn.toString());
    HeadlessChromium.screenshot(
        html, Path.of("target", "screenshots", "run-report-paced.png"), 1280, 4400);
  }

  @Test
  void sweptOperationsReadAsTheSeedsTableRowsPointsColumnsOperations() {
    Map<String, OperationStats> totals = new LinkedHashMap<>();
    for (String op : List.of("latency", "transit")) {
      for (int size : new int[] {8, 64, 1024}) {
        double p50 = size + (op.equals("transit") ? 1 : 0);
        totals.put(
            op + " size=" + size,
            new OperationStats(
                100,
                0,
                1,
                100,
                0,
                0,
                0,
                new LatencySummary(1, p50, p50, p50, 2 * p50, 3 * p50, 3 * p50, 4 * p50),
                null,
                null,
                null));
      }
    }
    RunResult r =
        new RunResult(
            "t",
            "amqp latency",
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            io.loadlab.core.results.RunStatus.OK,
            null,
            null,
            totals,
            List.of(),
            List.of());
    List<Table> tables = new RunReport(r, Map.of()).sweepTables(LatencyUnit.MICROSECONDS);
    assertEquals(1, tables.size());
    Table t = tables.get(0);
    assertEquals(
        List.of(
            "size",
            "latency ops/s",
            "latency p50 (µs)",
            "latency p99 (µs)",
            "transit ops/s",
            "transit p50 (µs)",
            "transit p99 (µs)"),
        t.header());
    assertEquals(3, t.rows().size());
    assertEquals("64", t.rows().get(1).get(0).text());
    assertEquals(65.0, t.rows().get(1).get(5).value(), 1e-9, "transit p50 at size 64");
    assertTrue(new RunReport(r, Map.of()).page().render().contains("<h2>By size</h2>"));
  }

  /** The totals table's exact values per operation, read from the HTML. */
  static Map<String, List<Double>> totalsTable(String html) {
    int start = html.indexOf("<table id=\"totals\">");
    String table = html.substring(start, html.indexOf("</table>", start));
    Map<String, List<Double>> rows = new LinkedHashMap<>();
    Matcher row = Pattern.compile("<tr><td>([^<]*)</td>(.*?)</tr>").matcher(table);
    Pattern value = Pattern.compile("data-value=\"([^\"]*)\"");
    while (row.find()) {
      List<Double> values = new ArrayList<>();
      Matcher v = value.matcher(row.group(2));
      while (v.find()) {
        values.add(Double.parseDouble(v.group(1)));
      }
      rows.put(row.group(1).replace("&amp;", "&"), values);
    }
    return rows;
  }
}
